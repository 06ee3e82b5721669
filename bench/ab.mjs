// A/B of two gift-genius builds beside raw: interleaved rounds of one modern-wire operation at 100
// connections, reporting throughput and the server's CPU time per request (utime + stime from
// /proc, all threads: steadier than req/s on a shared machine, and it counts the GC's helper threads).
//   node bench/ab.mjs OTHER_CLI [op=suggest_gifts] [rounds=3] [seconds=5]
// OTHER_CLI: the other build's packages/gift-genius/dist/cli.js (e.g. in a `git worktree` of an older
// commit with node_modules copied and `npm run build` run there). Start it pinned: `taskset -c 1 node bench/ab.mjs …`.

import { join } from 'node:path';
import { procCpuMicros as cpu, GG_CLI, SERVERS, startHttp, tmp } from './lib/common.mjs';
import { captureFixtures } from './lib/fixtures.mjs';
import { runLoad } from './lib/http-load.mjs';

const [other, op = 'suggest_gifts', rounds = 3, dur = 5] = process.argv
  .slice(2)
  .map((a, i) => (i >= 2 ? Number(a) : a));
if (!other) throw new Error('usage: node bench/ab.mjs OTHER_CLI [op] [rounds] [seconds]');
// raw answers with this build's own bytes, as in npm run bench.
const fixtures = join(tmp('fx'), 'raw-fixtures.json');
{
  const s = await startHttp([GG_CLI, 'serve', '--data', tmp('fxdata')], { label: 'fixtures' });
  await captureFixtures(s.url, fixtures);
  await s.stop();
}
const servers = {
  raw: await startHttp([join(SERVERS, 'raw-http.mjs'), '--fixtures', fixtures], { label: 'raw' }),
  other: await startHttp([other, 'serve', '--data', tmp('a')], { label: 'other' }),
  this: await startHttp([GG_CLI, 'serve', '--data', tmp('b')], { label: 'this' }),
};
for (const s of Object.values(servers)) await runLoad({ url: s.url, wire: 'modern', op, connections: 10, duration: 1 });
const rps = Object.fromEntries(Object.keys(servers).map((k) => [k, []]));
const cpuPerRequest = Object.fromEntries(Object.keys(servers).map((k) => [k, []]));
for (let r = 0; r < rounds; r++) {
  for (const [k, s] of Object.entries(servers)) {
    const before = cpu(s.pid);
    const x = await runLoad({ url: s.url, wire: 'modern', op, connections: 100, duration: dur });
    rps[k].push(Math.round(x.rpsTotal));
    cpuPerRequest[k].push(Math.round(((cpu(s.pid) - before) / x.requests) * 10) / 10);
    if (x.errors) console.log(k, 'ERRORS', x.firstError);
  }
}
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log(`${op}, modern wire, 100 connections, ${rounds} × ${dur} s interleaved`);
for (const k of Object.keys(servers)) {
  console.log(
    `${k.padEnd(5)} req/s ${rps[k].join(' ')} (median ${med(rps[k])}, ${(med(rps[k]) / med(rps.raw)).toFixed(3)}× raw) | CPU µs/request ${cpuPerRequest[k].join(' ')} (median ${med(cpuPerRequest[k])})`,
  );
}
for (const s of Object.values(servers)) await s.stop();
process.exit(0);
