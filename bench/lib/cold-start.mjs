// Cold start over stdio. Every message is written at spawn time; the clock runs from spawn() to the
// awaited answer's line arriving on stdout. Four probes per comparator (server pinned to core 0):
//   tools/list       initialize, notifications/initialized, tools/list → the tools/list answer: time to
//                    ready, the headline (≤ 1.5× raw, Node 20 and Node 24)
//   tools/list (modern)  one tools/list carrying the 2026-07-28 envelope → its answer (ready, modern host)
//   initialize       2025-11-25 `initialize` → its answer (the first answer a legacy host waits for)
//   server/discover  2026-07-28 `server/discover` → its answer (the same for a modern host)
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { LEGACY, log, MODERN_META, median, nodeCommand, quantile, round } from './common.mjs';

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'giftgen-bench', version: '1' } },
};
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };
export const PROBES = {
  'tools/list': { lines: [INIT, INITIALIZED, { jsonrpc: '2.0', id: 2, method: 'tools/list' }], id: 2, tools: true },
  'tools/list (modern)': {
    lines: [{ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: MODERN_META } }],
    id: 1,
    tools: true,
  },
  initialize: { lines: [INIT], id: 1 },
  'server/discover': {
    lines: [{ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: MODERN_META } }],
    id: 1,
  },
};
/** Time to ready, the probe the ≤ 1.5× raw target is judged on; the others are shown beside it. */
export const READY = 'tools/list';
/** The first answer a host gets (legacy), reported beside time to ready. */
export const FIRST_ANSWER = 'initialize';

function once(args, probe, { node, nodeFlags, env, lingerMs = 0 } = {}) {
  const [cmd, argv] = nodeCommand(args, { core: 0, node, nodeFlags });
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(cmd, argv, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production', ...env },
    });
    let out = '',
      err = '',
      settled = false;
    const finish = (fn) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      p.stdin.end();
      const k = setTimeout(() => p.kill('SIGKILL'), 3000);
      p.once('exit', () => {
        clearTimeout(k);
        fn();
      });
      if (p.exitCode !== null) {
        clearTimeout(k);
        fn();
      }
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`no answer in 30 s; stderr: ${err.slice(-500)}`))),
      30_000,
    );
    p.stdout.setEncoding('utf8');
    p.stdout.on('data', (d) => {
      out += d;
      for (const l of out.split('\n')) {
        if (!l.trim()) continue;
        try {
          const m = JSON.parse(l);
          if (m.id === probe.id) {
            const ms = performance.now() - t0;
            const ok = m.result && (!probe.tools || (Array.isArray(m.result.tools) && m.result.tools.length > 0));
            const settle = () => (ok ? resolve(ms) : reject(new Error(`unexpected answer: ${l.slice(0, 300)}`)));
            if (lingerMs) setTimeout(() => finish(settle), lingerMs);
            else finish(settle);
            return;
          }
        } catch {
          /* partial */
        }
      }
    });
    p.stderr.on('data', (d) => (err += d));
    p.on('error', (e) => finish(() => reject(e)));
    p.stdin.write(probe.lines.map((m) => `${JSON.stringify(m)}\n`).join(''));
  });
}

// Comparators are interleaved run by run (as the HTTP workload does): a burst of outside load on this
// shared machine then hits every comparator of a probe alike, and the ratios to raw stay fair. A
// comparator's `spawn` ({ nodeFlags, env }) applies to it alone (gift-genius's better-sqlite3 hook on Node 24).
export async function coldStart(
  comps,
  { runs = 15, node, nodeFlags, env, probes = Object.keys(PROBES), label = 'cold' } = {},
) {
  const out = Object.fromEntries(Object.keys(comps).map((name) => [name, {}]));
  const spawnOptions = { node, nodeFlags, env };
  for (const kind of probes) {
    const probe = PROBES[kind];
    const times = Object.fromEntries(Object.keys(comps).map((name) => [name, []]));
    const errors = {};
    // Warm the file-system cache; stay 1.5 s, so a server that writes a code cache for later starts does
    // (gift-genius, on a Node other than the one that built it): the runs then measure a user's next starts.
    for (const c of Object.values(comps))
      await once(c.stdio, probe, { ...spawnOptions, ...c.spawn, lingerMs: 1500 }).catch(() => undefined);
    for (let i = 0; i < runs; i++) {
      for (const [name, c] of Object.entries(comps)) {
        if (errors[name]) continue;
        try {
          times[name].push(await once(c.stdio, probe, { ...spawnOptions, ...c.spawn }));
        } catch (e) {
          errors[name] = e.message;
        }
      }
    }
    for (const name of Object.keys(comps)) {
      const t = times[name];
      out[name][kind] = {
        runs: t.length,
        median: round(median(t)),
        p90: round(quantile(t, 0.9)),
        min: round(Math.min(...t)),
        error: errors[name],
      };
      log(
        `${label} ${name} ${kind}: median ${out[name][kind].median} ms p90 ${out[name][kind].p90} ms${errors[name] ? ` ERROR ${errors[name]}` : ''}`,
      );
    }
  }
  return out;
}
