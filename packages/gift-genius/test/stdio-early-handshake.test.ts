import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, type Wire, wireName } from './clients.js';
import { CLI, LEGACY_VERSIONS, MODERN_VERSION, runCli, tempDir, waitFor } from './harness.js';

/**
 * `gift-genius stdio` answers the opening `initialize` / `server/discover` before its SDK is
 * loaded (transports/early-stdin.ts), from answers captured at build time, and replays everything
 * into the SDK once it is ready. Real processes over real pipes: what a client sees must be what
 * the SDK path alone sends (GIFTGEN_STDIO_EARLY=0), byte for byte, line for line, in order.
 */
const data = tempDir();
beforeAll(async () => {
  // Seed the catalog once, so the servers below only read it.
  expect((await runCli(['catalog', 'stats', '--data', data.path])).code).toBe(0);
});
afterAll(() => data.remove());

const PV = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const META = { [PV]: MODERN_VERSION, [CAPS]: {} };
const clientInfo = { name: 'early-test', version: '1.0.0' };
const initialize = (protocolVersion: string, id: string | number = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: { roots: { listChanged: true } }, clientInfo },
});
const discover = (id: string | number = 1, meta: Record<string, unknown> = META) => ({
  jsonrpc: '2.0',
  id,
  method: 'server/discover',
  params: { _meta: meta },
});
const request = (id: number, method: string, params?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params && { params }),
});
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };
const SUGGEST = {
  name: 'suggest_gifts',
  arguments: { age: 25, relationship: 'sister', budget: 50, interests: ['coffee'] },
};

interface Run {
  stdout: string;
  lines: string[];
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The stdio_ready log line. */
  ready?: { earlyAnswer: string | null; loader: string; codeCache: string };
}

type Mode = 'early' | 'sdk' | 'sdk-modules';
const MODE_ENV: Record<Mode, Record<string, string>> = {
  early: {},
  sdk: { GIFTGEN_STDIO_EARLY: '0' },
  'sdk-modules': { GIFTGEN_STDIO_EARLY: '0', GIFTGEN_STDIO_BUNDLE: '0' },
};

/**
 * Spawns the server, writes `input` at once (before it can possibly be ready), waits for `expectAnswers`
 * answers (notifications aside) on stdout, then closes stdin and waits for the exit. `endAtOnce`: close stdin right after writing.
 */
async function run(
  input: Array<object | string>,
  expectAnswers: number,
  options: { mode?: Mode; nodeArgs?: string[]; env?: Record<string, string>; endAtOnce?: boolean } = {},
): Promise<Run> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLI, 'stdio', '--data', data.path], {
    env: { ...process.env, ...MODE_ENV[options.mode ?? 'early'], ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('exit', (code, signal) => resolve([code, signal])),
  );
  child.stdin.write(input.map((m) => `${typeof m === 'string' ? m : JSON.stringify(m)}\n`).join(''));
  if (options.endAtOnce) child.stdin.end();
  const lines = () => stdout.split('\n').filter(Boolean);
  const answers = () => lines().filter((l) => !l.includes('"method"')).length;
  await waitFor(
    `${expectAnswers} answers on stdout (have: ${stdout}; stderr: ${stderr})`,
    () => answers() >= expectAnswers || undefined,
    15_000,
  );
  // A moment for anything unexpected (a duplicate answer) to show up.
  await new Promise((r) => setTimeout(r, 150));
  child.stdin.end();
  const [code, signal] = await exited;
  const readyLine = stderr.split('\n').find((l) => l.includes('"stdio_ready"'));
  return { stdout, lines: lines(), stderr, code, signal, ready: readyLine ? JSON.parse(readyLine) : undefined };
}

const noMismatch = (r: Run) => expect(r.stderr).not.toContain('early_handshake_mismatch');

describe('early stdio answers are the SDK answers', () => {
  const openings: Array<[string, object, 'initialize' | 'server/discover']> = [
    ...LEGACY_VERSIONS.map((v, i): [string, object, 'initialize'] => [
      `initialize ${v}`,
      initialize(v, i % 2 ? `init-${v}` : i),
      'initialize',
    ]),
    ['initialize with an unknown version (counter-offer)', initialize('2099-01-01', 'unknown'), 'initialize'],
    ['server/discover 2026-07-28', discover('server-discover-probe-1'), 'server/discover'],
    [
      'server/discover with client info',
      discover(7, { ...META, 'io.modelcontextprotocol/clientInfo': clientInfo }),
      'server/discover',
    ],
  ];

  it.each(openings)(
    '%s: byte for byte what the SDK answers, once, and logged as a handshake',
    async (_name, opening, method) => {
      const [early, sdk, modules] = await Promise.all([
        run([opening], 1),
        run([opening], 1, { mode: 'sdk' }),
        run([opening], 1, { mode: 'sdk-modules' }),
      ]);
      expect(early.ready?.earlyAnswer, early.stderr).toBe(method);
      expect(sdk.ready?.earlyAnswer).toBeNull();
      expect(modules.ready).toMatchObject({ earlyAnswer: null, loader: 'modules' });
      expect(early.lines).toHaveLength(1);
      expect(early.stdout).toBe(sdk.stdout);
      expect(early.stdout).toBe(modules.stdout);
      const event = method === 'initialize' ? '"event":"handshake"' : '"event":"discover"';
      for (const r of [early, sdk, modules]) {
        expect(r.stderr.split(event).length - 1).toBe(1);
        noMismatch(r);
        expect(r.code).toBe(0);
      }
    },
  );
});

describe('what arrives before the server is ready', () => {
  const sessions: Array<[string, Array<object | string>, number]> = [
    [
      'legacy: initialize, initialized and eight requests written at spawn',
      [
        initialize('2025-11-25'),
        INITIALIZED,
        request(2, 'tools/list'),
        request(3, 'ping'),
        request(4, 'tools/call', SUGGEST),
        request(5, 'resources/list'),
        request(6, 'prompts/list'),
        request(7, 'resources/read', { uri: 'gift://catalog/acoustic-guitar' }),
        request(8, 'resources/templates/list'),
        request(9, 'tools/call', { name: 'get_gift', arguments: { id: 'acoustic-guitar' } }),
      ],
      9,
    ],
    [
      'modern: discover, then requests with the envelope',
      [
        discover(1),
        request(2, 'tools/list', { _meta: META }),
        request(3, 'tools/call', { ...SUGGEST, _meta: META }),
        request(4, 'resources/templates/list', { _meta: META }),
      ],
      4,
    ],
  ];

  // The SDK answers requests concurrently (a ping may overtake a tools/call), in either mode; so the
  // transcripts are compared as sets of lines, and the opening answer must come first and once.
  it.each(sessions)(
    '%s: every request answered once, the same lines as without the early answer',
    async (_name, input, count) => {
      const [early, sdk] = await Promise.all([run(input, count), run(input, count, { mode: 'sdk' })]);
      expect(early.ready?.earlyAnswer).not.toBeNull();
      const ids = early.lines.map((l) => JSON.parse(l).id).filter((id) => id !== undefined);
      expect(ids[0]).toBe(1);
      expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect([...early.lines].sort()).toEqual([...sdk.lines].sort());
      noMismatch(early);
    },
  );

  it('are fed to the SDK in the order written: thirty pings are answered in order', async () => {
    const pings = Array.from({ length: 30 }, (_, i) => request(i + 2, 'ping'));
    const r = await run([initialize('2025-11-25'), INITIALIZED, ...pings], 31);
    expect(r.ready?.earlyAnswer).toBe('initialize');
    expect(r.lines.map((l) => JSON.parse(l).id)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    noMismatch(r);
  });
});

describe('openings that get no early answer take the normal path', () => {
  const openings: Array<[string, Array<object | string>, number]> = [
    ['malformed JSON, then initialize', ['{"jsonrpc":"2.0","id":1,', initialize('2025-11-25', 2)], 2],
    ['not JSON at all', ['hello', initialize('2025-11-25', 2)], 2],
    [
      'initialize with invalid params',
      [
        { ...initialize('2025-11-25'), params: { protocolVersion: '2025-11-25', capabilities: true, clientInfo } },
        initialize('2025-11-25', 2),
      ],
      2,
    ],
    [
      'initialize without an id',
      [{ jsonrpc: '2.0', method: 'initialize', params: initialize('2025-11-25').params }, initialize('2025-11-25', 2)],
      1,
    ],
    ['a batch', [JSON.stringify([initialize('2025-11-25')]), initialize('2025-11-25', 2)], 2],
    ['a modern request that is not discover', [request(1, 'tools/list', { _meta: META })], 1],
    ['discover naming an unsupported version', [discover(1, { [PV]: '2999-01-01', [CAPS]: {} })], 1],
    ['discover with a malformed envelope', [discover(1, { [PV]: MODERN_VERSION, [CAPS]: 'none' })], 1],
    ['discover with a log level', [discover(1, { ...META, 'io.modelcontextprotocol/logLevel': 'info' })], 1],
    [
      'initialize carrying a valid modern envelope',
      [{ ...initialize('2025-11-25'), params: { ...initialize('2025-11-25').params, _meta: META } }],
      1,
    ],
    ['a blank line first', ['', initialize('2025-11-25')], 1],
    ['ping first', [request(1, 'ping'), initialize('2025-11-25', 2)], 2],
  ];

  it.each(openings)('%s', async (_name, input, count) => {
    const [early, sdk] = await Promise.all([run(input, count), run(input, count, { mode: 'sdk' })]);
    expect(early.ready?.earlyAnswer).toBeNull();
    expect(early.stdout).toBe(sdk.stdout);
    noMismatch(early);
  });

  it('a malformed first line still gets -32700', async () => {
    const r = await run(['{"jsonrpc":"2.0","id":1,'], 1);
    expect(JSON.parse(r.lines[0]!)).toMatchObject({ id: null, error: { code: -32700 } });
  });
});

describe('real SDK clients over stdio, early answer on', () => {
  const wires: Wire[] = [
    ...LEGACY_VERSIONS.map((version) => ({ kind: 'v2' as const, version })),
    { kind: 'v2', version: MODERN_VERSION },
    { kind: 'v1' },
  ];
  it.each(wires.map((w) => [wireName(w), w] as const))('%s: handshake, tools/list, tools/call', async (_n, wire) => {
    const conn = await connectClient(wire, { transport: 'stdio', dataDir: data.path });
    try {
      if (wire.kind === 'v2') expect(conn.client.getNegotiatedProtocolVersion?.()).toBe(wire.version);
      expect((await conn.client.listTools()).tools.map((t) => t.name)).toEqual(['suggest_gifts', 'get_gift']);
      const result = await conn.client.callTool(SUGGEST);
      expect(result.isError).toBeFalsy();
      await waitFor('stdio_ready log line', () => conn.stderr().includes('"stdio_ready"') || undefined);
      // A legacy client opens with initialize, answered early; the pinned modern client opens its connection with tools/list.
      const ready = JSON.parse(
        conn
          .stderr()
          .split('\n')
          .find((l) => l.includes('"stdio_ready"'))!,
      );
      expect(ready.earlyAnswer).toBe(wire.kind === 'v2' && wire.version === MODERN_VERSION ? null : 'initialize');
      expect(conn.stderr()).not.toContain('early_handshake_mismatch');
    } finally {
      await conn.close();
    }
  });
});

describe('loading, and leaving', () => {
  const session = [initialize('2025-11-25'), INITIALIZED, request(2, 'tools/list')];

  it('a code cache V8 rejects (other flags) only means compiling: same answers', async () => {
    const [flagged, plain] = await Promise.all([run(session, 2, { nodeArgs: ['--expose-gc'] }), run(session, 2)]);
    expect(flagged.ready).toMatchObject({ earlyAnswer: 'initialize', loader: 'bundle', codeCache: 'rejected' });
    expect(plain.ready).toMatchObject({ loader: 'bundle', codeCache: 'accepted' });
    expect(flagged.stdout).toBe(plain.stdout);
    noMismatch(flagged);
  });

  it('without the bundle, the modules serve the same', async () => {
    const [modules, bundle] = await Promise.all([
      run(session, 2, { env: { GIFTGEN_STDIO_BUNDLE: '0' } }),
      run(session, 2),
    ]);
    expect(modules.ready).toMatchObject({ earlyAnswer: 'initialize', loader: 'modules', codeCache: 'none' });
    expect(modules.stdout).toBe(bundle.stdout);
    noMismatch(modules);
  });

  it('stdin closed right after the opening line (before the server is ready): one answer, the handshake logged, exit 0', async () => {
    const r = await run([initialize('2025-11-25')], 1, { endAtOnce: true });
    expect(r.lines).toHaveLength(1);
    expect(JSON.parse(r.lines[0]!).result.protocolVersion).toBe('2025-11-25');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('"event":"handshake"');
    expect(r.ready?.earlyAnswer).toBe('initialize');
    noMismatch(r);
  });

  it('SIGTERM right after the early answer ends the process', async () => {
    const child = spawn(process.execPath, [CLI, 'stdio', '--data', data.path], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.once('exit', (code, signal) => resolve([code, signal])),
    );
    child.stdin.write(`${JSON.stringify(initialize('2025-11-25'))}\n`);
    await waitFor('the early answer', () => out.includes('"result"') || undefined);
    child.kill('SIGTERM');
    const [code, signal] = await exited;
    expect(code === 0 || signal === 'SIGTERM').toBe(true);
  });
});
