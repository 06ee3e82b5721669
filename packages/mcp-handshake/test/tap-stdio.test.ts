import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../src/types.js';
import { CLI, GIFT_GENIUS, giftGeniusEnv, ROOT } from './helpers.js';
import { connect, type Endpoint, WIRES, wireName } from './sdk-clients.js';

const EVERYTHING = join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
const dir = mkdtempSync(join(tmpdir(), 'tap-stdio-'));
let n = 0;
const outFile = () => join(dir, `t${++n}.json`);
const readTranscript = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Transcript;

/** A tapped server that writes once and stays up; once it has written, the tap gets `signal`, as a host sends it. */
async function signalTap(firstWrite: string, signal: NodeJS.Signals) {
  const out = outFile();
  const child = spawn(
    process.execPath,
    [CLI, 'tap', '--out', out, '--', process.execPath, '-e', `${firstWrite}; setInterval(() => {}, 1000)`],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const closing = new Promise<[number | null, string | null]>((resolve) =>
    child.on('close', (code, sig) => resolve([code, sig])),
  );
  child.kill(signal);
  return { out, closed: await closing };
}

/** The same server command, either direct or behind `tap`. */
function endpoints(command: string[], env: Record<string, string> = {}) {
  const out = outFile();
  const direct: Endpoint = { transport: 'stdio', command: process.execPath, args: command, env };
  const tapped: Endpoint = {
    transport: 'stdio',
    command: process.execPath,
    args: [CLI, 'tap', '--out', out, '--', process.execPath, ...command],
    env,
  };
  return { direct, tapped, out };
}

/** What a host does on connecting: list everything, read, call. Results as JSON text. */
async function session(
  endpoint: Endpoint,
  wire: (typeof WIRES)[number],
  call: { name: string; arguments: Record<string, unknown> },
) {
  const s = await connect(wire, endpoint);
  try {
    const tools = await s.client.listTools();
    const resources = await s.client.listResources();
    const prompts = await s.client.listPrompts();
    const called = await s.client.callTool(call);
    return JSON.stringify({ tools, resources, prompts, called });
  } finally {
    await s.close();
  }
}

const gg = giftGeniusEnv();
const GG = [GIFT_GENIUS, 'stdio', '--data', gg.dataDir];
const SUGGEST = { name: 'suggest_gifts', arguments: { age: 30, relationship: 'friend', interests: ['coffee'] } };

describe('tap over stdio: SDK clients see the same session as without it', () => {
  for (const wire of WIRES) {
    it(`${wireName(wire)} → gift-genius`, async () => {
      const { direct, tapped, out } = endpoints(GG, gg.env);
      const expected = await session(direct, wire, SUGGEST);
      const seen = await session(tapped, wire, SUGGEST);
      expect(seen).toBe(expected);
      const t = readTranscript(out);
      expect(t.format).toBe('mcp-handshake/transcript@1');
      // The connection says which wire the host spoke, learnt from its first request.
      const modern = wire.kind === 'v2' && wire.version === '2026-07-28';
      expect(t.connections[0]).toMatchObject({ era: modern ? 'modern' : 'legacy' });
      if (wire.kind === 'v2') expect(t.connections[0]!.version).toBe(wire.version);
      const methods = t.events
        .filter((e) => e.dir === 'out' && e.kind === 'message')
        .map((e) => (e.message as { method?: string }).method);
      for (const m of ['tools/list', 'resources/list', 'prompts/list', 'tools/call']) expect(methods).toContain(m);
      expect(t.exchanges.filter((x) => x.method === 'tools/call')[0]?.outcome).toBe('reply');
    }, 60_000);
  }

  for (const wire of [WIRES[0], WIRES[2]]) {
    it(`${wireName(wire)} → server-everything (third party)`, async () => {
      const { direct, tapped, out } = endpoints([EVERYTHING, 'stdio']);
      const echo = { name: 'echo', arguments: { message: 'through the tap' } };
      expect(await session(tapped, wire, echo)).toBe(await session(direct, wire, echo));
      const t = readTranscript(out);
      expect(t.events.some((e) => e.kind === 'stderr')).toBe(true);
      expect(t.events.filter((e) => e.kind === 'message').length).toBeGreaterThanOrEqual(10);
    }, 60_000);
  }
});

/** Run a command with fixed stdin lines, one after each answer; return stdout bytes, stderr text and exit. */
function runRaw(args: string[], lines: string[], env: Record<string, string> = {}) {
  return new Promise<{ stdout: Buffer; stderr: string; code: number | null; signal: string | null }>((resolve) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    let answered = 0;
    let sent = 0;
    const next = () => {
      if (sent < lines.length) child.stdin.write(`${lines[sent++]}\n`);
      else child.stdin.end();
    };
    child.stdout.on('data', (c: Buffer) => {
      chunks.push(c);
      const now = Buffer.concat(chunks).toString('utf8').split('\n').length - 1;
      while (answered < now) {
        answered++;
        next();
      }
    });
    child.stderr.on('data', (c) => (stderr += c));
    child.on('close', (code, signal) => resolve({ stdout: Buffer.concat(chunks), stderr, code, signal }));
    next();
  });
}

describe('tap over stdio: bytes, stderr, exit code and signals pass through', () => {
  const lines = [
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
    JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) +
      '\n' +
      JSON.stringify({ jsonrpc: '2.0', id: 'two', method: 'tools/list' }),
    JSON.stringify({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'get_gift', arguments: { id: 'star-projector' } },
    }),
    JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'no/such/method' }),
  ];

  it('gift-genius answers the same bytes through the tap, and every message is recorded', async () => {
    const out = outFile();
    const direct = await runRaw(GG, lines, gg.env);
    const tapped = await runRaw([CLI, 'tap', '--out', out, '--', process.execPath, ...GG], lines, gg.env);
    expect(tapped.stdout.equals(direct.stdout)).toBe(true);
    expect(tapped.code).toBe(direct.code);
    expect(tapped.stderr).toContain(`mcp-handshake tap: recording to ${out}`);
    const t = readTranscript(out);
    const sent = t.events.filter((e) => e.dir === 'out' && e.kind === 'message');
    const received = t.events.filter((e) => e.dir === 'in' && e.kind === 'message');
    expect(sent.length).toBe(5);
    expect(received.map((e) => `${JSON.stringify(e.message)}\n`).join('')).toBe(direct.stdout.toString('utf8'));
    expect(t.exchanges.map((x) => [x.method, x.outcome])).toEqual([
      ['initialize', 'reply'],
      ['tools/list', 'reply'],
      ['tools/call', 'reply'],
      ['no/such/method', 'reply'],
    ]);
    expect(t.events.at(-1)?.kind).toBe('exit');
  }, 60_000);

  it("the server's stderr reaches ours and the recording; its exit code is ours", async () => {
    const out = outFile();
    const script = 'process.stderr.write("warming up\\n"); process.stdout.write("not json\\n"); process.exit(7)';
    const r = await runRaw([CLI, 'tap', '--out', out, '--', process.execPath, '-e', script], []);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('warming up');
    expect(r.stdout.toString()).toBe('not json\n');
    const t = readTranscript(out);
    expect(t.events.find((e) => e.kind === 'stderr')?.raw).toBe('warming up');
    expect(t.events.find((e) => e.kind === 'noise')?.raw).toBe('not json');
    expect(t.events.at(-1)?.exit?.code).toBe(7);
  }, 30_000);

  it('a signal to the tap goes to the server, and the tap dies of it too', async () => {
    const { out, closed } = await signalTap('process.stdout.write("up\\n")', 'SIGTERM');
    expect(closed).toEqual([null, 'SIGTERM']);
    expect(readTranscript(out).events.at(-1)?.exit?.signal).toBe('SIGTERM');
  }, 30_000);

  it("a server ended by the host's signal (Claude Code sends SIGINT) did not exit on its own", async () => {
    // Claude Code 2.1.332 ends a `claude mcp list` health check with SIGINT to the tapped command; `check` said
    // "the server exited on its own (signal SIGINT)", on the server's side.
    const line = JSON.stringify({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level: 'info', data: 'up' },
    });
    const { out } = await signalTap(`process.stdout.write(${JSON.stringify(`${line}\n`)})`, 'SIGINT');
    expect(readTranscript(out).events.at(-1)?.exit).toEqual({ code: null, signal: 'SIGINT', expected: true });
    const r = spawnSync(process.execPath, [CLI, 'check', '--json', out], { encoding: 'utf8' });
    const codes = (JSON.parse(r.stdout) as { findings: { code: string }[] }).findings.map((f) => f.code);
    expect(codes).not.toContain('stdio-hygiene/exited');
  }, 30_000);

  it('a server that cannot start is reported and the tap exits 127', async () => {
    const out = outFile();
    const r = await runRaw([CLI, 'tap', '--out', out, '--', '/no/such/server'], []);
    expect(r.code).toBe(127);
    expect(r.stderr).toContain('could not start /no/such/server');
  }, 30_000);
});
