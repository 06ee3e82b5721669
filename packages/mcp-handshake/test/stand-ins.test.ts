/**
 * More stand-ins for hosts through the tap: MCP Inspector's CLI (Node >= 22: it and a Node 22 come from
 * scripts/install-hosts.mjs's cache) and mcp-remote (the stdio ↔ HTTP bridge Claude Desktop users run).
 * Each sees the same answers with the tap in between as without it.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module, also run as a script
import { INSTALL_COMMAND, locateTool } from '../scripts/install-hosts.mjs';
import type { Transcript } from '../src/types.js';
import { CLI, GIFT_GENIUS, giftGeniusEnv, startHttpServer } from './helpers.js';
import { connect, WIRES } from './sdk-clients.js';
import { type RunningTap, startTap } from './tap-helpers.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const resolveIn = (pkg: string, file: string) => {
  try {
    return join(dirname(require.resolve(`${pkg}/package.json`)), file);
  } catch {
    return undefined;
  }
};
/** { command: the cache's Node 22, args: [the CLI's entry file] }, or undefined when not installed. */
const inspectorTool = locateTool('mcp-inspector') as { command: string; args: string[] } | undefined;
const NODE22 = inspectorTool?.command;
const INSPECTOR_CLI = inspectorTool?.args[0];
const MCP_REMOTE = resolveIn('mcp-remote', 'dist/proxy.js');
const hasInspector = Boolean(NODE22 && INSPECTOR_CLI);
if (!hasInspector)
  console.warn(
    `[stand-ins] Inspector CLI skipped: @modelcontextprotocol/inspector is not installed: ${INSTALL_COMMAND}`,
  );

const dir = mkdtempSync(join(tmpdir(), 'stand-ins-'));
const gg = giftGeniusEnv();
const GG = [GIFT_GENIUS, 'stdio', '--data', gg.dataDir];
const env = { ...process.env, ...gg.env, HOME: mkdtempSync(join(tmpdir(), 'stand-ins-home-')) };

async function inspector(method: string[], target: string[]): Promise<string> {
  // `--` before a stdio command: the Inspector would take the command's own options (--data) for its.
  const args = target[0]!.startsWith('http') ? target : ['--', ...target];
  const { stdout } = await run(NODE22!, [INSPECTOR_CLI!, ...method, ...args], { env, cwd: dir, timeout: 60_000 });
  return stdout;
}

describe.skipIf(!hasInspector)('MCP Inspector CLI through the tap', () => {
  it('stdio: tools/list and tools/call answer the same; the transcript holds them', async () => {
    const out = join(dir, 'inspector-stdio.json');
    const tapped = [process.execPath, CLI, 'tap', '--out', out, '--', process.execPath, ...GG];
    for (const method of [
      ['--method', 'tools/list'],
      ['--method', 'tools/call', '--tool-name', 'get_gift', '--tool-arg', 'id=acoustic-guitar'],
    ]) {
      expect(await inspector(method, tapped)).toBe(await inspector(method, [process.execPath, ...GG]));
    }
    const t = JSON.parse(readFileSync(out, 'utf8')) as Transcript;
    expect(t.exchanges.map((x) => x.method)).toContain('tools/call');
  }, 120_000);

  describe('Streamable HTTP', () => {
    let server: { url: string; stop: () => Promise<void> };
    let tap: RunningTap;
    beforeAll(async () => {
      server = await startHttpServer(
        process.execPath,
        [GIFT_GENIUS, 'serve', '--port', '0', '--data', gg.dataDir],
        gg.env,
      );
      tap = await startTap(server.url, 'inspector-http');
    }, 30_000);
    afterAll(async () => {
      await tap?.stop();
      await server?.stop();
    });
    it('tools/list answers the same through the proxy', async () => {
      const method = ['--method', 'tools/list', '--transport', 'http'];
      expect(await inspector(method, [tap.url])).toBe(await inspector(method, [server.url]));
    }, 60_000);
  });
});

describe.skipIf(!MCP_REMOTE || !existsSync(MCP_REMOTE))('mcp-remote (stdio → HTTP bridge) through the HTTP tap', () => {
  let server: { url: string; stop: () => Promise<void> };
  let tap: RunningTap;
  beforeAll(async () => {
    server = await startHttpServer(
      process.execPath,
      [GIFT_GENIUS, 'serve', '--port', '0', '--data', gg.dataDir],
      gg.env,
    );
    tap = await startTap(server.url, 'mcp-remote');
  }, 30_000);
  afterAll(() => server?.stop());

  it('an SDK v1 stdio host behind mcp-remote sees the same tools and answers, and the tap records the session', async () => {
    const session = async (url: string) => {
      const s = await connect(WIRES[0], {
        transport: 'stdio',
        command: process.execPath,
        args: [MCP_REMOTE!, url, '--allow-http'],
        env: { HOME: env.HOME },
      });
      try {
        const tools = await s.client.listTools();
        const called = await s.client.callTool({ name: 'get_gift', arguments: { id: 'star-projector' } });
        return JSON.stringify({ tools, called });
      } finally {
        await s.close();
      }
    };
    expect(await session(tap.url)).toBe(await session(server.url));
    const t = await tap.stop();
    expect(t.exchanges.filter((x) => x.method === 'tools/call' && x.outcome === 'reply')).toHaveLength(1);
  }, 90_000);
});
