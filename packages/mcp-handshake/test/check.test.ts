import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PassiveReport } from '../src/report/check-report.js';
import { CLI, fixture, GIFT_GENIUS, giftGeniusEnv } from './helpers.js';
import { connect, type SdkSession, WIRES } from './sdk-clients.js';

const dir = mkdtempSync(join(tmpdir(), 'check-'));
let n = 0;

/** A server command behind `tap`, and where the transcript goes. */
function tapped(server: string[], env: Record<string, string> = {}) {
  const out = join(dir, `t${++n}.json`);
  return {
    out,
    endpoint: {
      transport: 'stdio' as const,
      command: process.execPath,
      args: [CLI, 'tap', '--out', out, '--', process.execPath, ...server],
      env,
    },
  };
}

function check(file: string): { report: PassiveReport; status: number | null } {
  const r = spawnSync(process.execPath, [CLI, 'check', '--json', file], { encoding: 'utf8' });
  return { report: JSON.parse(r.stdout) as PassiveReport, status: r.status };
}

const codes = (r: PassiveReport) => r.findings.map((f) => `${f.party} ${f.code}`);

async function withClient(
  wire: (typeof WIRES)[number],
  endpoint: Parameters<typeof connect>[1],
  use: (s: SdkSession) => Promise<void>,
) {
  const s = await connect(wire, endpoint);
  try {
    await use(s);
  } finally {
    await s.close();
  }
}

/** A raw client: sends each line after the previous answer (or at once for notifications), then closes. */
function rawSession(args: string[], lines: object[]): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    let i = 0;
    const next = () => {
      while (i < lines.length) {
        const m = lines[i++] as { id?: unknown };
        child.stdin.write(`${JSON.stringify(m)}\n`);
        if ('id' in m) return;
      }
      child.stdin.end();
    };
    let buffer = '';
    child.stdout.on('data', (c) => {
      buffer += c;
      while (buffer.includes('\n')) {
        buffer = buffer.slice(buffer.indexOf('\n') + 1);
        next();
      }
    });
    child.on('close', () => resolve());
    next();
  });
}

const init = (name: string, version = '2025-11-25') => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: version, capabilities: {}, clientInfo: { name, version: '1.0.0' } },
});
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };

describe('check names the party at fault: the server', () => {
  it('list_changed sent without declaring listChanged (SDK v1 host)', async () => {
    const { out, endpoint } = tapped([fixture('passive-undeclared-list-changed.mjs')]);
    await withClient(WIRES[0], endpoint, async (s) => void (await s.client.listTools()));
    const { report, status } = check(out);
    expect(codes(report)).toContain('server capabilities-used/server-notified-undeclared');
    expect(report.findings.every((f) => f.party === 'server')).toBe(true);
    expect(status).toBe(0);
  }, 30_000);

  it('declared listChanged, then changed the list silently (SDK v2 host lists twice)', async () => {
    const { out, endpoint } = tapped([fixture('broken-list-changed.mjs')]);
    await withClient(WIRES[2], endpoint, async (s) => {
      await s.client.listTools();
      await s.client.listTools();
    });
    const { report, status } = check(out);
    expect(codes(report)).toEqual(['server list-drift/changed-silently']);
    // A SHOULD of the spec: a warning (exit 0), naming the hosts that freeze lists and connect over stdio.
    expect(report.findings[0]).toMatchObject({ severity: 'warn' });
    expect(report.findings[0]!.hosts).toEqual(['vscode']);
    expect(status).toBe(0);
  }, 30_000);
});

describe('check names the party at fault: the host', () => {
  it('called a method the server did not declare (SDK v1 lists prompts of a tools-only server)', async () => {
    const { out, endpoint } = tapped([fixture('passive-tools-only.mjs')]);
    await withClient(WIRES[0], endpoint, async (s) => {
      await s.client.listPrompts().catch(() => undefined);
    });
    const { report } = check(out);
    expect(codes(report)).toEqual(['client capabilities-used/client-called-undeclared']);
    expect(report.findings[0]!.args).toMatchObject({ method: 'prompts/list', capability: 'prompts' });
  }, 30_000);

  it('never listed again after a declared list_changed', async () => {
    const { out, endpoint } = tapped([fixture('passive-undeclared-list-changed.mjs'), '--declared']);
    await withClient(WIRES[0], endpoint, async (s) => {
      await s.client.listTools();
      await s.client.callTool({ name: 'echo', arguments: { text: 'x' } });
    });
    const { report } = check(out);
    expect(codes(report)).toEqual(['client list-drift/not-relisted']);
  }, 30_000);

  it('ChatGPT-named client sent tools/call before initialized; the server answered it anyway', async () => {
    const { out, endpoint } = tapped([fixture('raw-server.mjs')]);
    await rawSession(endpoint.args, [
      init('openai-mcp'),
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } },
      initialized,
    ]);
    const { report } = check(out);
    expect(codes(report).sort()).toEqual([
      'client session-lifecycle/request-before-initialized',
      'server session-lifecycle/answered-before-initialized',
    ]);
    expect(report.clients[0]).toMatchObject({ name: 'openai-mcp', host: { host: 'chatgpt', label: 'ChatGPT' } });
    expect(report.clients[0]!.facts.map((f) => f.risk)).toContain('tool-list-frozen');
  }, 30_000);

  it('sent server/discover, then initialize on the same stdio connection, and got -32022', async () => {
    const { out, endpoint } = tapped([fixture('passive-modern-only.mjs')]);
    const discover = {
      jsonrpc: '2.0',
      id: 0,
      method: 'server/discover',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'openai-mcp', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    };
    await rawSession(endpoint.args, [discover, init('openai-mcp')]);
    const { report, status } = check(out);
    expect(codes(report)).toContain('client era-switch/initialize-after-discover');
    expect(status).toBe(1);
  }, 30_000);
});

describe('check names the spec when it does not decide', () => {
  it('discover answered, then initialize on the same stdio connection accepted too', async () => {
    const { out, endpoint } = tapped([fixture('raw-server.mjs')]);
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'two-era-host', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    await rawSession(endpoint.args, [
      { jsonrpc: '2.0', id: 0, method: 'server/discover', params: { _meta: meta } },
      init('two-era-host'),
      initialized,
    ]);
    const { report, status } = check(out);
    expect(codes(report)).toEqual(['spec era-switch/both-eras-on-one-connection']);
    expect(report.parties).toEqual({ server: 0, client: 0, spec: 1 });
    expect(status).toBe(0);
  }, 30_000);
});

describe('check on healthy sessions', () => {
  const gg = giftGeniusEnv();
  for (const wire of WIRES) {
    it(`${wire.kind === 'v1' ? 'sdk-v1' : `sdk-v2@${wire.version}`} → gift-genius: no finding on either side`, async () => {
      const { out, endpoint } = tapped([GIFT_GENIUS, 'stdio', '--data', gg.dataDir], gg.env);
      await withClient(wire, endpoint, async (s) => {
        await s.client.listTools();
        await s.client.listPrompts();
        await s.client.callTool({ name: 'suggest_gifts', arguments: { age: 30, relationship: 'friend' } });
      });
      const { report, status } = check(out);
      expect(report.findings.filter((f) => f.severity !== 'info')).toEqual([]);
      expect(status).toBe(0);
    }, 30_000);
  }

  it('works on doctor --dump-wire output too', () => {
    const wire = join(dir, 'doctor-wire.json');
    spawnSync(
      process.execPath,
      [CLI, 'doctor', '--dump-wire', wire, '--', process.execPath, fixture('raw-server.mjs')],
      { encoding: 'utf8' },
    );
    const { report } = check(wire);
    expect(report.format).toBe('mcp-handshake/check@1');
    expect(report.clients.length).toBeGreaterThan(3);
    expect(JSON.parse(readFileSync(wire, 'utf8')).format).toBe('mcp-handshake/transcript@1');
  }, 60_000);
});

describe('tap --live', () => {
  it('prints each message as it passes and a passive finding when it appears, on stderr', async () => {
    const out = join(dir, 'live.json');
    const stderr = await new Promise<string>((resolve) => {
      const child = spawn(
        process.execPath,
        [CLI, 'tap', '--live', '--out', out, '--', process.execPath, fixture('passive-undeclared-list-changed.mjs')],
        { stdio: ['pipe', 'pipe', 'pipe'] },
      );
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      child.stdout.on('data', () => undefined);
      child.on('close', () => resolve(err));
      for (const m of [init('live-host'), initialized, { jsonrpc: '2.0', id: 2, method: 'tools/list' }])
        child.stdin.write(`${JSON.stringify(m)}\n`);
      // The finding is reported while the session is still open, before stdin closes.
      const timer = setInterval(() => {
        if (err.includes('server-notified-undeclared')) {
          clearInterval(timer);
          child.stdin.end();
        }
      }, 50);
    });
    expect(stderr).toMatch(/host → server initialize #1/);
    expect(stderr).toMatch(/server → host notifications\/tools\/list_changed \(notification\)/);
    expect(stderr).toMatch(
      /finding WARN \[server\] .*without declaring tools\.listChanged.*\(capabilities-used\/server-notified-undeclared\)/,
    );
    // This host did not wait for the initialize answer: its side is named too.
    expect(stderr).toMatch(/finding WARN \[client\] .*notifications\/initialized before the initialize answer/);
  }, 30_000);
});
