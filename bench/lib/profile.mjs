// CPU profile of gift-genius under the modern-wire tools/call load at 100 connections:
// `node --cpu-prof` on the server (pinned to core 0), the .cpuprofile read back and self time grouped
// by module/function group.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { log, round, startHttp, tmp } from './common.mjs';
import { runLoad } from './http-load.mjs';

export const GROUPS = [
  ['GC', (f) => f.functionName === '(garbage collector)'],
  ['idle', (f) => f.functionName === '(idle)'],
  ['V8/native (program)', (f) => f.functionName === '(program)'],
  ['SDK node adapter (@modelcontextprotocol/node)', (f) => f.url.includes('node_modules/@modelcontextprotocol/node/')],
  ['SDK (@modelcontextprotocol/server + core)', (f) => f.url.includes('node_modules/@modelcontextprotocol/')],
  ['zod', (f) => f.url.includes('node_modules/zod')],
  [
    'SQLite (better-sqlite3 + store)',
    (f) => f.url.includes('node_modules/better-sqlite3') || f.url.includes('gift-genius/dist/catalog/'),
  ],
  ['logging (pino)', (f) => /node_modules\/(pino|sonic-boom|thread-stream|fast-redact|quick-format)/.test(f.url)],
  [
    'metrics (prom-client)',
    (f) =>
      f.url.includes('node_modules/prom-client') ||
      f.url.includes('node_modules/tdigest') ||
      f.url.includes('node_modules/bintrees'),
  ],
  ['our code: ranking (dist/recommend)', (f) => f.url.includes('gift-genius/dist/recommend/')],
  ['our code: gift-genius', (f) => f.url.includes('gift-genius/dist/')],
  [
    'web Request/Response/Headers/streams (undici, webstreams)',
    (f) =>
      /node:internal\/(webstreams|deps\/undici|abort_controller|event_target|blob|encoding|url|worker\/js_transferable|structured_clone)|node:internal\/fetch|undici/.test(
        f.url,
      ),
  ],
  [
    'node http/net/streams/events',
    (f) =>
      /node:(_http|net|stream|events|internal\/(streams|http|stream_base|net|timers|process\/task_queues|async_hooks|util))/.test(
        f.url,
      ),
  ],
  ['other node_modules', (f) => f.url.includes('node_modules/')],
  ['node internals (other)', (f) => f.url.startsWith('node:')],
];

function groupOf(frame) {
  for (const [name, test] of GROUPS) if (test(frame)) return name;
  return null;
}

/** Self time (ms) per group and per function; url-less (native/builtin) frames inherit the nearest ancestor's group. */
export function analyzeProfile(file) {
  const p = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000));
  const groups = {},
    fns = {},
    zodFiles = {};
  let total = 0;
  for (const [id, ms] of self) {
    const n = byId.get(id);
    let g = groupOf(n.callFrame);
    if (!g) {
      // a builtin (JSON.parse, Map#get, a native binding…): charge it to its caller's group
      let up = parent.get(id);
      while (up !== undefined && !g) {
        const f = byId.get(up).callFrame;
        if (f.url) g = groupOf(f);
        up = parent.get(up);
      }
      g ??= 'unattributed native';
    }
    groups[g] = (groups[g] ?? 0) + ms;
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url ? `${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/packages\//, 'packages/')}:${f.lineNumber + 1}` : '(native)'}  [${g}]`;
    fns[key] = (fns[key] ?? 0) + ms;
    if (g === 'zod') {
      const src = f.url ? f.url.replace(/^.*node_modules\/zod\//, '') : '(native, called from zod)';
      zodFiles[src] = (zodFiles[src] ?? 0) + ms;
    }
    total += ms;
  }
  const busy = total - (groups.idle ?? 0);
  const table = Object.entries(groups)
    .sort((a, b) => b[1] - a[1])
    .map(([group, ms]) => ({
      group,
      ms: round(ms, 1),
      pctOfBusy: group === 'idle' ? null : round((ms / busy) * 100, 1),
    }));
  const top = Object.entries(fns)
    .filter(([k]) => !k.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([fn, ms]) => ({ fn, ms: round(ms, 1), pctOfBusy: round((ms / busy) * 100, 1) }));
  const zod = Object.entries(zodFiles)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([file, ms]) => ({ file, ms: round(ms, 1), pctOfBusy: round((ms / busy) * 100, 1) }));
  return { totalMs: round(total, 1), busyMs: round(busy, 1), groups: table, top, zod };
}

export async function profileGiftGenius(ggArgs, { duration, ops = ['suggest_gifts', 'get_gift'] }) {
  const out = {};
  for (const op of ops) {
    const dir = tmp('cpuprof');
    const s = await startHttp(ggArgs, {
      label: 'gift-genius (profiled)',
      nodeFlags: ['--cpu-prof', '--cpu-prof-dir', dir],
    });
    await runLoad({ url: s.url, wire: 'modern', op, connections: 10, duration: 1 }); // warm-up
    const load = await runLoad({ url: s.url, wire: 'modern', op, connections: 100, duration });
    await s.stop();
    const file = readdirSync(dir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => join(dir, f))[0];
    if (!file) {
      out[op] = { error: 'no .cpuprofile written', load };
      continue;
    }
    out[op] = {
      file,
      load: { rps: round(load.rpsTotal, 0), p50: load.p50, p99: load.p99, errors: load.errors },
      ...analyzeProfile(file),
    };
    log(
      `profile ${op}: ${out[op].groups
        .slice(0, 5)
        .map((g) => `${g.group} ${g.pctOfBusy}%`)
        .join(', ')}`,
    );
  }
  return out;
}
