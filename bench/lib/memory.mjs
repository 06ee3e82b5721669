// Memory. Method: the server under test runs with `node --expose-gc --import bench/lib/heap-hook.mjs`
// (a preload, no server code changed); on SIGUSR2 the hook runs full GCs and writes process.memoryUsage().
// Retained heap per legacy session = (heapUsed after opening N sessions − heapUsed before) / N, all
// sessions still open (initialize + notifications/initialized, 2025-11-25). Retained per call = heapUsed
// delta over M tools/call get_gift on ONE session (after a warm-up of the same calls) / M. RSS deltas from
// /proc/<pid>/status are reported beside (RSS includes freed-but-unreturned heap, so it is an upper bound).
import { join } from 'node:path';
import { HEAP_HOOK, heapOf, log, openLegacySession, procMem, round, startHttp, tmp } from './common.mjs';
import { runLoad } from './http-load.mjs';

async function openMany(url, n, concurrency = 8) {
  const ids = [];
  let next = 0,
    failed = 0,
    firstError;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        next++;
        try {
          ids.push((await openLegacySession(url)).sessionId);
        } catch (e) {
          failed++;
          firstError ??= e.message;
        }
      }
    }),
  );
  return { ids, failed, firstError };
}

export async function memoryWorkload(targets, { sessions = 1000, calls = 20_000 } = {}) {
  const out = {
    method:
      'heapUsed after forced full GC (node --expose-gc + SIGUSR2 preload hook), deltas divided by count; RSS from /proc/<pid>/status beside',
    sessions,
    calls,
    servers: {},
  };
  for (const [name, args] of Object.entries(targets)) {
    const heapFile = join(tmp('heap'), 'heap.json');
    const s = await startHttp(args, {
      label: name,
      nodeFlags: ['--expose-gc', '--import', HEAP_HOOK],
      env: { BENCH_HEAP_FILE: heapFile },
    });
    const r = {};
    try {
      // Warm the code paths (a few sessions and calls), then the baseline.
      await openMany(s.url, 5);
      const h0 = await heapOf(s, heapFile),
        m0 = procMem(s.pid);
      const opened = await openMany(s.url, sessions);
      const h1 = await heapOf(s, heapFile),
        m1 = procMem(s.pid);
      r.sessionsOpened = opened.ids.length;
      r.sessionsFailed = opened.failed;
      if (opened.firstError) r.sessionError = opened.firstError;
      r.sessionIds = opened.ids.filter(Boolean).length;
      r.heapPerSessionBytes = round((h1.heapUsed - h0.heapUsed) / Math.max(1, opened.ids.length), 0);
      // The same without V8's code space: what the JIT compiled meanwhile is not kept per session.
      r.dataHeapPerSessionBytes = round(
        (h1.heapUsed - h1.codeSpace - (h0.heapUsed - h0.codeSpace)) / Math.max(1, opened.ids.length),
        0,
      );
      r.externalPerSessionBytes = round(
        (h1.external + h1.arrayBuffers - h0.external - h0.arrayBuffers) / Math.max(1, opened.ids.length),
        0,
      );
      r.rssPerSessionBytes = round((m1.rss - m0.rss) / Math.max(1, opened.ids.length), 0);
      log(
        `memory ${name}: ${opened.ids.length} sessions (${r.sessionIds} with ids): heap ${r.heapPerSessionBytes} B/session (${r.dataHeapPerSessionBytes} B without code space), RSS ${r.rssPerSessionBytes} B/session`,
      );

      // One long session.
      const { sessionId } = await openLegacySession(s.url);
      const warm = await runLoad({
        url: s.url,
        wire: 'legacy',
        op: 'get_gift',
        connections: 4,
        amount: Math.min(2000, calls),
        sessionId,
        duration: 120,
      });
      const h2 = await heapOf(s, heapFile),
        m2 = procMem(s.pid);
      const load = await runLoad({
        url: s.url,
        wire: 'legacy',
        op: 'get_gift',
        connections: 4,
        amount: calls,
        sessionId,
        duration: 300,
      });
      const h3 = await heapOf(s, heapFile),
        m3 = procMem(s.pid);
      r.callsMade = load.requests;
      r.callErrors = load.errors + warm.errors;
      r.heapPerCallBytes = round((h3.heapUsed - h2.heapUsed) / Math.max(1, load.requests), 2);
      r.dataHeapPerCallBytes = round(
        (h3.heapUsed - h3.codeSpace - (h2.heapUsed - h2.codeSpace)) / Math.max(1, load.requests),
        2,
      );
      r.rssPerCallBytes = round((m3.rss - m2.rss) / Math.max(1, load.requests), 2);
      r.heapUsedEnd = h3.heapUsed;
      r.rssEnd = m3.rss;
      log(
        `memory ${name}: ${load.requests} calls on one session: heap ${r.heapPerCallBytes} B/call, RSS ${r.rssPerCallBytes} B/call`,
      );
    } catch (e) {
      r.error = e.message;
      log(`memory ${name}: ERROR ${e.message}`);
    }
    await s.stop();
    out.servers[name] = r;
  }
  return out;
}
