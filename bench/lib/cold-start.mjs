// Cold start over stdio: spawn (pinned to core 0) → first answer to `initialize` (2025-11-25), and
// spawn → first answer to `server/discover` (2026-07-28). The request is written at spawn time; the
// clock runs from spawn() to the answer's line arriving on stdout.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { nodeCommand, LEGACY, MODERN_META, quantile, median, round, log } from './common.mjs';

const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'giftgen-bench', version: '1' } } });
const DISCOVER = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: MODERN_META } });

function once(args, line, { node, env } = {}) {
  const [cmd, argv] = nodeCommand(args, { core: 0, node });
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const p = spawn(cmd, argv, { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production', ...env } });
    let out = '', err = '', settled = false;
    const finish = (fn) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      p.stdin.end();
      const k = setTimeout(() => p.kill('SIGKILL'), 3000);
      p.once('exit', () => { clearTimeout(k); fn(); });
      if (p.exitCode !== null) { clearTimeout(k); fn(); }
    };
    const timer = setTimeout(() => finish(() => reject(new Error(`no answer in 30 s; stderr: ${err.slice(-500)}`))), 30_000);
    p.stdout.setEncoding('utf8');
    p.stdout.on('data', (d) => {
      out += d;
      for (const l of out.split('\n')) {
        if (!l.trim()) continue;
        try {
          const m = JSON.parse(l);
          if (m.id === 1) {
            const ms = performance.now() - t0;
            finish(() => (m.result ? resolve(ms) : reject(new Error(`error answer: ${l.slice(0, 300)}`))));
            return;
          }
        } catch { /* partial */ }
      }
    });
    p.stderr.on('data', (d) => (err += d));
    p.on('error', (e) => finish(() => reject(e)));
    p.stdin.write(line + '\n');
  });
}

export async function coldStart(comps, { runs = 15, node } = {}) {
  const out = {};
  for (const [name, c] of Object.entries(comps)) {
    out[name] = {};
    for (const [kind, line] of [['initialize', INIT], ['server/discover', DISCOVER]]) {
      const times = [];
      let error;
      await once(c.stdio, line, { node }).catch(() => undefined); // warm the file-system cache
      for (let i = 0; i < runs; i++) {
        try { times.push(await once(c.stdio, line, { node })); } catch (e) { error = e.message; break; }
      }
      out[name][kind] = { runs: times.length, median: round(median(times)), p90: round(quantile(times, 0.9)), min: round(Math.min(...times)), error };
      log(`cold ${name} ${kind}: median ${out[name][kind].median} ms p90 ${out[name][kind].p90} ms${error ? ' ERROR ' + error : ''}`);
    }
  }
  return out;
}
