import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, type Wire, wireName } from './clients.js';
import { CLI, LEGACY_VERSIONS, MODERN_VERSION, runCli, tempDir, waitFor } from './harness.js';

/**
 * `gift-genius stdio` starts from one prebuilt bundle (stdio/loader.ts), with a code cache, and hosts
 * write their first messages before it is ready. Real processes over real pipes: everything written
 * at spawn is answered, once, in order where order is promised, and what a client sees from the
 * bundle is what the plain modules send (GIFTGEN_STDIO_BUNDLE=0), byte for byte.
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
const clientInfo = { name: 'start-test', version: '1.0.0' };
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
/** Node 22.1+ has its own compile cache, which serves the plain modules. */
const COMPILE_CACHE = typeof (Module as { enableCompileCache?: unknown }).enableCompileCache === 'function';
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
  ready?: { loader: string; codeCache: string; codeCacheFrom?: string };
}

type Mode = 'bundle' | 'modules';
const MODE_ENV: Record<Mode, Record<string, string>> = {
  bundle: {},
  modules: { GIFTGEN_STDIO_BUNDLE: '0' },
};

/**
 * Spawns the server, writes `input` at once (before it can possibly be ready), waits for `expectAnswers`
 * answers (notifications aside) on stdout, then closes stdin and waits for the exit. `endAtOnce`: close stdin right after writing;
 * `lingerMs`: how long to keep the connection open after the answers (default 150 ms).
 */
async function run(
  input: Array<object | string>,
  expectAnswers: number,
  options: {
    mode?: Mode;
    nodeArgs?: string[];
    env?: Record<string, string>;
    endAtOnce?: boolean;
    lingerMs?: number;
  } = {},
): Promise<Run> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLI, 'stdio', '--data', data.path], {
    env: { ...process.env, ...MODE_ENV[options.mode ?? 'bundle'], ...options.env },
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
  await new Promise((r) => setTimeout(r, options.lingerMs ?? 150));
  child.stdin.end();
  const [code, signal] = await exited;
  const readyLine = stderr.split('\n').find((l) => l.includes('"stdio_ready"'));
  return { stdout, lines: lines(), stderr, code, signal, ready: readyLine ? JSON.parse(readyLine) : undefined };
}

describe('the opening answer', () => {
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
    '%s: once, byte for byte the same from the bundle and the modules, and logged as a handshake',
    async (_name, opening, method) => {
      const [bundle, modules] = await Promise.all([run([opening], 1), run([opening], 1, { mode: 'modules' })]);
      expect(bundle.ready, bundle.stderr).toMatchObject({ loader: 'bundle' });
      expect(modules.ready).toMatchObject({ loader: 'modules' });
      expect(bundle.lines).toHaveLength(1);
      expect(JSON.parse(bundle.lines[0]!).result).toBeDefined();
      expect(bundle.stdout).toBe(modules.stdout);
      const event = method === 'initialize' ? '"event":"handshake"' : '"event":"discover"';
      for (const r of [bundle, modules]) {
        expect(r.stderr.split(event).length - 1).toBe(1);
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
    '%s: every request answered once, the same lines from the bundle and the modules',
    async (_name, input, count) => {
      const [bundle, modules] = await Promise.all([run(input, count), run(input, count, { mode: 'modules' })]);
      const ids = bundle.lines.map((l) => JSON.parse(l).id).filter((id) => id !== undefined);
      expect(ids[0]).toBe(1);
      expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect([...bundle.lines].sort()).toEqual([...modules.lines].sort());
    },
  );

  it('are fed to the SDK in the order written: thirty pings are answered in order', async () => {
    const pings = Array.from({ length: 30 }, (_, i) => request(i + 2, 'ping'));
    const r = await run([initialize('2025-11-25'), INITIALIZED, ...pings], 31);
    expect(r.lines.map((l) => JSON.parse(l).id)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
  });
});

describe('odd openings', () => {
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
    const [bundle, modules] = await Promise.all([run(input, count), run(input, count, { mode: 'modules' })]);
    expect(bundle.stdout).toBe(modules.stdout);
  });

  it('a malformed first line still gets -32700', async () => {
    const r = await run(['{"jsonrpc":"2.0","id":1,'], 1);
    expect(JSON.parse(r.lines[0]!)).toMatchObject({ id: null, error: { code: -32700 } });
  });
});

describe('real SDK clients over stdio', () => {
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
      const ready = JSON.parse(
        conn
          .stderr()
          .split('\n')
          .find((l) => l.includes('"stdio_ready"'))!,
      );
      expect(ready.loader).toBe('bundle');
    } finally {
      await conn.close();
    }
  });
});

describe('loading, and leaving', () => {
  const session = [initialize('2025-11-25'), INITIALIZED, request(2, 'tools/list')];

  // The build's code cache fits the Node (and flags) that built it; any other start writes its own, per user.
  const builtBy = JSON.parse(readFileSync(join(DIST, 'bundle', 'stdio.cjs.cache.json'), 'utf8'));
  const buildCacheFits = builtBy.version === process.version && builtBy.execArgv.length === 0;

  it('under other flags (or another Node) a start compiles, writes its own code cache, and the next one takes it', async () => {
    const cacheHome = tempDir();
    try {
      const flagged = { nodeArgs: ['--expose-gc'], env: { XDG_CACHE_HOME: cacheHome.path }, lingerMs: 1500 };
      // In the folder of this Node and these flags: an earlier build of this bundle file leaves its cache when
      // the new one is written (the name is stdio-<path hash>-<size and time hash>); another install's stays.
      const folder = join(cacheHome.path, 'gift-genius', 'v8', `${process.version}-${process.arch}---expose-gc`);
      const pathHash = createHash('sha1')
        .update(join(DIST, 'bundle', 'stdio.cjs'))
        .digest('hex')
        .slice(0, 16);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `stdio-${pathHash}-0123456789abcdef.cache`), 'stale');
      writeFileSync(join(folder, 'stdio-0000000000000000-0123456789abcdef.cache'), 'another install');
      const first = await run(session, 2, flagged);
      const [second, plain] = await Promise.all([run(session, 2, flagged), run(session, 2)]);
      expect(first.ready).toMatchObject({ loader: 'bundle', codeCache: 'none', codeCacheFrom: 'user' });
      expect(second.ready).toMatchObject({ loader: 'bundle', codeCache: 'accepted', codeCacheFrom: 'user' });
      expect(readdirSync(folder).filter((f) => f.startsWith(`stdio-${pathHash}-`))).toHaveLength(1);
      expect(readdirSync(folder)).not.toContain(`stdio-${pathHash}-0123456789abcdef.cache`);
      expect(readdirSync(folder)).toContain('stdio-0000000000000000-0123456789abcdef.cache');
      // The plain start takes the build's cache where it fits, else the per-user one of its own Node and flags.
      if (buildCacheFits) expect(plain.ready).toMatchObject({ codeCache: 'accepted' });
      expect(plain.ready?.codeCacheFrom).toBe(buildCacheFits ? undefined : 'user');
      expect(first.stdout).toBe(plain.stdout);
      expect(second.stdout).toBe(plain.stdout);
    } finally {
      cacheHome.remove();
    }
  });

  it('a cache folder that cannot be made (a read-only home) only means compiling: same answers', async () => {
    const readOnly = { nodeArgs: ['--expose-gc'], env: { XDG_CACHE_HOME: '/dev/null/cache' }, lingerMs: 1500 };
    const [unwritable, plain] = await Promise.all([run(session, 2, readOnly), run(session, 2)]);
    expect(unwritable.ready).toMatchObject({ loader: 'bundle', codeCache: 'none' });
    expect(unwritable.stdout).toBe(plain.stdout);
    expect(unwritable.stderr).not.toContain('"level":50');
    expect(unwritable.code).toBe(0);
  });

  it('without the bundle, the modules serve the same', async () => {
    const [modules, bundle] = await Promise.all([
      run(session, 2, { env: { GIFTGEN_STDIO_BUNDLE: '0' } }),
      run(session, 2),
    ]);
    expect(modules.ready).toMatchObject({ loader: 'modules', codeCache: COMPILE_CACHE ? 'compile-cache' : 'none' });
    expect(modules.stdout).toBe(bundle.stdout);
  });

  it('stdin closed right after the opening line (before the server is ready): one answer, the handshake logged, exit 0', async () => {
    const r = await run([initialize('2025-11-25')], 1, { endAtOnce: true });
    expect(r.lines).toHaveLength(1);
    expect(JSON.parse(r.lines[0]!).result.protocolVersion).toBe('2025-11-25');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('"event":"handshake"');
  });

  it('SIGTERM right after the first answer ends the process', async () => {
    const child = spawn(process.execPath, [CLI, 'stdio', '--data', data.path], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.once('exit', (code, signal) => resolve([code, signal])),
    );
    child.stdin.write(`${JSON.stringify(initialize('2025-11-25'))}\n`);
    await waitFor('the first answer', () => out.includes('"result"') || undefined);
    child.kill('SIGTERM');
    const [code, signal] = await exited;
    expect(code === 0 || signal === 'SIGTERM').toBe(true);
  });
});
