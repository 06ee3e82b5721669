/**
 * The doctor next to MCP Inspector's CLI (2.x) and the conformance suite, on the fixtures: wherever either of them
 * refuses a server's handshake or its listings, the doctor must fail that server too (no silent pass).
 * Both tools need Node >= 22: scripts/install-hosts.mjs installs them, pinned, with a Node 22, into its cache
 * (outside the repo); without them this file says what is missing and skips.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module, also run as a script
import { INSTALL_COMMAND, locateTool } from '../scripts/install-hosts.mjs';
import { doctor } from '../src/commands/doctor.js';
import { fixture, startHttpServer } from './helpers.js';

const run = promisify(execFile);
/** Each located as { command: the cache's Node 22, args: [the tool's entry file] }. */
const inspectorTool = locateTool('mcp-inspector') as { command: string; args: string[] } | undefined;
const conformanceTool = locateTool('conformance') as { command: string; args: string[] } | undefined;
const NODE22 = inspectorTool?.command ?? conformanceTool?.command;
const INSPECTOR_CLI = inspectorTool?.args[0];
const CONFORMANCE = conformanceTool?.args[0];

const missing: string[] = [];
if (!INSPECTOR_CLI) missing.push('@modelcontextprotocol/inspector (with its Node 22) is not installed');
if (!CONFORMANCE) missing.push('@modelcontextprotocol/conformance (with its Node 22) is not installed');
if (missing.length > 0)
  console.warn(
    `side-by-side with Inspector and the conformance suite skipped: ${missing.join('; ')}: ${INSTALL_COMMAND}`,
  );

const SCHEMA_CASES = [
  'no-protocol-version',
  'number-protocol-version',
  'tools-true',
  'resources-not-array',
  'null-tool',
];
const STDIO: Array<{ name: string; args: string[] }> = [
  ...[
    'raw-server.mjs',
    'legacy-only.mjs',
    'sdk1-server.mjs',
    'broken-stdio-hygiene.mjs',
    'broken-initialize-format.mjs',
    'broken-version-negotiation.mjs',
    'broken-discover.mjs',
    'broken-lifecycle-order.mjs',
    'broken-capabilities-declared.mjs',
    'broken-capabilities-backed.mjs',
    'broken-undeclared-methods.mjs',
    'broken-list-changed.mjs',
    'broken-jsonrpc-envelope.mjs',
    'broken-server-info.mjs',
    'broken-tool-schemas.mjs',
    'broken-empty-discovery.mjs',
    'broken-client-capabilities.mjs',
  ].map((f) => ({ name: f, args: [fixture(f)] })),
  ...SCHEMA_CASES.map((c) => ({
    name: `broken-message-schema.mjs ${c}`,
    args: [fixture('broken-message-schema.mjs'), c],
  })),
];
const HTTP: Array<{ name: string; args: string[] }> = [
  { name: 'http-server.mjs', args: [] },
  { name: 'http-server.mjs --broken-discover', args: ['--broken-discover'] },
  { name: 'http-server.mjs --content-type text/plain', args: ['--content-type', 'text/plain'] },
  ...['broken-client-capabilities.mjs', 'broken-lifecycle-order.mjs'].map((f) => ({
    name: `http-server.mjs --fixture ${f}`,
    args: ['--fixture', f],
  })),
  ...SCHEMA_CASES.map((c) => ({
    name: `http-server.mjs ${c}`,
    args: ['--fixture', 'broken-message-schema.mjs', '--case', c],
  })),
];
const INSPECTOR_METHODS = ['tools/list', 'resources/list'];
/**
 * Handshake and listing scenarios; prompts-list is left out: it requires a prompt description the spec schema
 * makes optional.
 */
const CONFORMANCE_SCENARIOS = ['server-initialize', 'tools-list', 'resources-list'];
const OPTIONS = { timeoutMs: 2500, concurrency: 3 };

async function exitOf(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  try {
    await run(command, args, { cwd, env, timeout: 60_000, maxBuffer: 16 * 1024 * 1024 });
    return 0;
  } catch (error) {
    return typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : 1;
  }
}

interface Row {
  target: string;
  doctorExit: number;
  failing: string[];
  inspectorRefused: string[];
  conformanceFailed: string[];
}

describe.skipIf(missing.length > 0)(
  `side by side with MCP Inspector CLI and the conformance suite${missing.length ? ' (skipped: see the warning)' : ''}`,
  () => {
    const home = mkdtempSync(join(tmpdir(), 'mcp-handshake-inspector-home-'));
    const work = mkdtempSync(join(tmpdir(), 'mcp-handshake-conformance-'));
    // Inspector keeps a catalog under $HOME: a throwaway one keeps the developer's own out of it.
    const env = { ...process.env, HOME: home };
    const rows: Row[] = [];
    const inspector = async (target: string[]) => {
      const refused: string[] = [];
      for (const method of INSPECTOR_METHODS)
        if ((await exitOf(NODE22!, [INSPECTOR_CLI!, '--method', method, ...target], work, env)) !== 0)
          refused.push(method);
      return refused;
    };
    const check = (row: Row) => {
      rows.push(row);
      const refusedBy = [
        ...row.inspectorRefused.map((m) => `inspector ${m}`),
        ...row.conformanceFailed.map((s) => `conformance ${s}`),
      ];
      if (refusedBy.length > 0)
        expect(row.doctorExit, `${row.target}: refused by ${refusedBy.join(', ')}, but the doctor exits 0`).not.toBe(0);
    };

    for (const f of STDIO) {
      it(`stdio ${f.name}`, async () => {
        const { report } = await doctor({ kind: 'stdio', command: process.execPath, args: f.args, env: {} }, OPTIONS);
        const failing = report.checks.filter((c) => c.status === 'fail').map((c) => c.id);
        check({
          target: `stdio ${f.name}`,
          doctorExit: report.exitCode,
          failing,
          inspectorRefused: await inspector([process.execPath, ...f.args]),
          conformanceFailed: [],
        });
      }, 120_000);
    }
    for (const f of HTTP) {
      it(`http ${f.name}`, async () => {
        const server = await startHttpServer(process.execPath, [fixture('http-server.mjs'), ...f.args]);
        try {
          const { report } = await doctor({ kind: 'http', url: server.url, headers: {} }, OPTIONS);
          const failing = report.checks.filter((c) => c.status === 'fail').map((c) => c.id);
          const conformanceFailed: string[] = [];
          for (const scenario of CONFORMANCE_SCENARIOS)
            if (
              (await exitOf(NODE22!, [CONFORMANCE!, 'server', '--url', server.url, '--scenario', scenario], work)) !== 0
            )
              conformanceFailed.push(scenario);
          check({
            target: `http ${f.name}`,
            doctorExit: report.exitCode,
            failing,
            inspectorRefused: await inspector([server.url]),
            conformanceFailed,
          });
        } finally {
          await server.stop();
        }
      }, 180_000);
    }
    it('the comparison, as a table', () => {
      const line = (r: Row) =>
        `${r.target.padEnd(58)} doctor ${r.doctorExit} ${r.failing.join(',') || '-'} | ` +
        `inspector refused: ${r.inspectorRefused.join(',') || '-'} | ` +
        `conformance failed: ${r.conformanceFailed.join(',') || '-'}`;
      console.log(rows.map(line).join('\n'));
      expect(rows.length).toBe(STDIO.length + HTTP.length);
    });
  },
);
