#!/usr/bin/env node
import { execFileSync } from 'node:child_process';
// Memory under hostile clients (issue 13): `node bench/memory-hostile.mjs [--sessions N] [--out FILE]`.
// Starts the built gift-genius (`serve`, defaults, a temp SQLite catalog) with the heap hook, runs
// bench/lib/hostile.mjs against it, and reports: retained heap per legacy session opened with a 1 MB
// initialize and 100 subscriptions (after forced GC, all sessions still open), RSS start / peak / end,
// and the /healthz probe's latency (p50, p99, max) while it ran. Prints JSON; --out writes it too.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { GG_CLI, HEAP_HOOK, heapOf, log, startHttp, tmp } from './lib/common.mjs';
import { runHostile } from './lib/hostile.mjs';

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '200' }, out: { type: 'string' } } });
const sessions = Number(values.sessions);
const data = tmp('hostile');
const giftIds = JSON.parse(
  execFileSync(process.execPath, [GG_CLI, 'catalog', 'export', '--data', data], { maxBuffer: 64 << 20 }).toString(),
).map((g) => g.id);
const heapFile = join(tmp('heap'), 'heap.json');
const server = await startHttp([GG_CLI, 'serve', '--data', data], {
  label: 'gift-genius',
  nodeFlags: ['--expose-gc', '--import', HEAP_HOOK],
  env: { BENCH_HEAP_FILE: heapFile },
});
try {
  // A small round first: code compiled and caches filled are not counted per session.
  await runHostile({
    url: server.url,
    pid: server.pid,
    giftIds,
    scale: { sessions: 5, subscribeSessions: 5, subscribeAttempts: 100, listenStreams: 5, getStreams: 5, envelopes: 5 },
  });
  const warmSessions = 5;
  const h0 = await heapOf(server, heapFile);
  const scale = {
    sessions,
    subscribeSessions: sessions,
    subscribeAttempts: 100,
    listenStreams: 200,
    getStreams: sessions,
    envelopes: 200,
  };
  log(`hostile: ${JSON.stringify(scale)} (after a warm-up round of ${warmSessions} sessions)`);
  const result = await runHostile({ url: server.url, pid: server.pid, giftIds, scale });
  // The streams are closed by now; what held them is let go within a keep-alive period (15 s), hence the wait.
  // The sessions and their subscriptions are still open: what is left is what they keep.
  await new Promise((r) => setTimeout(r, Number(process.env.BENCH_SETTLE_MS ?? 20_000)));
  const h1 = await heapOf(server, heapFile);
  result.heapPerHostileSessionBytes = Math.round((h1.heapUsed - h0.heapUsed) / Math.max(1, result.sessionsOpened));
  result.heapStartBytes = h0.heapUsed;
  result.heapEndBytes = h1.heapUsed;
  log(
    `hostile: ${result.heapPerHostileSessionBytes} B heap per session (1 MB initialize, 100 subscriptions); RSS ${Math.round(result.rssStartBytes / 2 ** 20)} → peak ${Math.round(result.rssPeakBytes / 2 ** 20)} → ${Math.round(result.rssEndBytes / 2 ** 20)} MB; /healthz p50 ${result.healthz.p50Ms} ms, p99 ${result.healthz.p99Ms} ms, max ${result.healthz.maxMs} ms, ${result.healthz.failures} failed of ${result.healthz.probes}`,
  );
  const json = JSON.stringify(result, null, 2);
  console.log(json);
  if (values.out) writeFileSync(values.out, `${json}\n`);
} finally {
  await server.stop();
}
