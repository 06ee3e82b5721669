// Shared harness plumbing: spawning pinned servers, small HTTP/JSON-RPC client, statistics, memory readings.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH = dirname(dirname(fileURLToPath(import.meta.url)));
export const ROOT = dirname(BENCH);
export const GG_CLI = join(ROOT, 'packages/gift-genius/dist/cli.js');
export const SERVERS = join(BENCH, 'servers');
export const HEAP_HOOK = join(BENCH, 'lib/heap-hook.mjs');

export const MODERN = '2026-07-28';
export const LEGACY = '2025-11-25';
export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
};
export const SUGGEST_ARGS = { age: 25, relationship: 'sister', budget: 50, interests: ['coffee'] };
export const GET_ID = 'acoustic-guitar';

export const log = (...a) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${a.join(' ')}\n`);

/** taskset is used only when present and the machine has at least two CPUs. */
export const TASKSET = (() => {
  if (cpus().length < 2) return null;
  const r = spawnSync('sh', ['-c', 'command -v taskset'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim() : null;
})();

export function tmp(prefix) {
  return mkdtempSync(join(tmpdir(), `giftgen-bench-${prefix}-`));
}

/** [command, args] for a node process pinned to `core` (when taskset exists). */
export function nodeCommand(args, { core = 0, node = process.execPath, nodeFlags = [] } = {}) {
  const full = [...nodeFlags, ...args];
  return TASKSET ? [TASKSET, ['-c', String(core), node, ...full]] : [node, full];
}

/** Comparator definitions: how to start each over HTTP and over stdio. */
export function comparators(ctx) {
  const raw = ['--fixtures', ctx.fixtures];
  return {
    raw: { http: [join(SERVERS, 'raw-http.mjs'), ...raw], stdio: [join(SERVERS, 'raw-stdio.mjs'), ...raw] },
    sdk: { http: [join(SERVERS, 'sdk-http.mjs')], stdio: [join(SERVERS, 'sdk-stdio.mjs')] },
    tmcp: { http: [join(SERVERS, 'tmcp-http.mjs')], stdio: [join(SERVERS, 'tmcp-stdio.mjs')] },
    'gift-genius': { http: [GG_CLI, 'serve', '--data', ctx.ggData], stdio: [GG_CLI, 'stdio', '--data', ctx.ggData] },
  };
}

/**
 * Starts an HTTP server script (it logs {"event":"listening","url":…} on stderr) pinned to core 0.
 * Returns { url, pid, proc, stop() }.
 */
export async function startHttp(
  args,
  { extraArgs = ['--port', '0'], env = {}, node, nodeFlags = [], timeoutMs = 120_000, label = 'server' } = {},
) {
  const [cmd, argv] = nodeCommand([...args, ...extraArgs], { core: 0, node, nodeFlags });
  const proc = spawn(cmd, argv, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });
  let stderr = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${label}: no "listening" within ${timeoutMs} ms; stderr: ${stderr.slice(-2000)}`)),
      timeoutMs,
    );
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (d) => {
      stderr += d;
      if (stderr.length > 1e6) stderr = stderr.slice(-100_000);
      for (const line of stderr.split('\n')) {
        if (!line.includes('"listening"')) continue;
        try {
          const m = JSON.parse(line);
          if (m.event === 'listening' && m.url) {
            clearTimeout(timer);
            resolve(m.url);
            return;
          }
        } catch {
          /* partial line */
        }
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${code}) before listening: ${stderr.slice(-2000)}`));
    });
  });
  proc.stderr.removeAllListeners('data');
  proc.stderr.resume(); // keep draining (gift-genius logs JSON lines)
  return {
    url,
    pid: proc.pid,
    proc,
    async stop() {
      if (proc.exitCode !== null) return;
      const done = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await done;
      clearTimeout(t);
    },
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** POST a JSON body; parses a JSON or an SSE answer into `messages`. */
export function post(url, body, headers = {}) {
  const u = new URL(url);
  const data = typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'content-length': Buffer.byteLength(data),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode, headers: res.headers, text, messages: parseMessages(text) });
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(120_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(data);
  });
}

/** JSON-RPC messages in a JSON body or an SSE body. */
export function parseMessages(text) {
  if (!text) return [];
  const t = text.trimStart();
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      const v = JSON.parse(t);
      return Array.isArray(v) ? v : [v];
    } catch {
      return [];
    }
  }
  const out = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('data:')) continue;
    try {
      out.push(JSON.parse(line.slice(5)));
    } catch {
      /* keepalive or partial */
    }
  }
  return out;
}

// ---- request shapes ---------------------------------------------------------------------------

export function modernHeaders(method, name) {
  return { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': method, ...(name ? { 'Mcp-Name': name } : {}) };
}

export function rpc(id, method, params = {}, era = 'modern') {
  return { jsonrpc: '2.0', id, method, params: era === 'modern' ? { ...params, _meta: MODERN_META } : params };
}

/** The benchmark operations: [method, params, tool name or resource uri (the Mcp-Name header)]. */
export const OPERATIONS = {
  'tools/list': ['tools/list', {}, undefined],
  suggest_gifts: ['tools/call', { name: 'suggest_gifts', arguments: SUGGEST_ARGS }, 'suggest_gifts'],
  get_gift: ['tools/call', { name: 'get_gift', arguments: { id: GET_ID } }, 'get_gift'],
  // What else a host calls in normal use (the methods step, lib/methods.mjs).
  'server/discover': ['server/discover', {}, undefined],
  'resources/list': ['resources/list', {}, undefined],
  'resources/read': ['resources/read', { uri: `gift://catalog/${GET_ID}` }, `gift://catalog/${GET_ID}`],
  'prompts/list': ['prompts/list', {}, undefined],
  'prompts/get': [
    'prompts/get',
    { name: 'gift_description', arguments: { giftId: GET_ID, recipient: 'Sam' } },
    'gift_description',
  ],
};

/** Legacy (2025-11-25) opening: initialize + notifications/initialized. Returns the session id (or undefined). */
export async function openLegacySession(url) {
  const init = await post(
    url,
    rpc(
      1,
      'initialize',
      { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'giftgen-bench', version: '1' } },
      'legacy',
    ),
  );
  if (init.status !== 200 || !init.messages.some((m) => m.result))
    throw new Error(`initialize failed: ${init.status} ${init.text.slice(0, 300)}`);
  const sid = init.headers['mcp-session-id'];
  const h = { 'MCP-Protocol-Version': LEGACY, ...(sid ? { 'Mcp-Session-Id': sid } : {}) };
  const n = await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, h);
  if (n.status >= 300) throw new Error(`notifications/initialized: ${n.status} ${n.text.slice(0, 200)}`);
  return { sessionId: sid, initResult: init.messages.find((m) => m.result).result };
}

// ---- statistics -------------------------------------------------------------------------------

export function quantile(values, q) {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos),
    hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}
export const median = (v) => quantile(v, 0.5);
export const round = (x, d = 2) =>
  x === null || x === undefined || !Number.isFinite(x) ? x : Math.round(x * 10 ** d) / 10 ** d;
export const ratio = (x, base) => (x == null || !base ? null : round(x / base, 3));

// ---- memory -----------------------------------------------------------------------------------

/** VmRSS / VmHWM of a pid in bytes, from /proc/<pid>/status. */
export function procMem(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number((s.match(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm')) ?? [])[1]) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return { rss: null, hwm: null };
  }
}

/**
 * Heap of a server started with `--expose-gc --import heap-hook.mjs` and BENCH_HEAP_FILE: send SIGUSR2,
 * the hook runs gc() (several passes) and writes process.memoryUsage() to the file.
 */
export async function heapOf(server, file) {
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  process.kill(server.pid, 'SIGUSR2');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    const now = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (now && now !== before) {
      try {
        return JSON.parse(now);
      } catch {
        /* mid-write */
      }
    }
  }
  throw new Error('heap hook did not answer');
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export { existsSync };

/** CPU time a process has used so far, in µs: utime + stime of all its threads (/proc/PID/stat, 100 Hz ticks). */
export function procCpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}
