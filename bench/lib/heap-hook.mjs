// Preloaded into a server under test (node --expose-gc --import bench/lib/heap-hook.mjs …) by the memory
// workload; no server code changes. On SIGUSR2: full GCs, then process.memoryUsage() (+ a sequence number)
// is written to $BENCH_HEAP_FILE, with the V8 code space's size (compiled code, not data).
import { writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

let seq = 0;
const file = process.env.BENCH_HEAP_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    // Let pending microtasks/timers settle, then collect until the heap stops shrinking. Between
    // collections the event loop turns: FinalizationRegistry callbacks (undici's Request keeps
    // each request's AbortSignal until its finalizer has run) only run in a later task, so a
    // back-to-back gc() loop would count garbage awaiting finalization as retained.
    setTimeout(async () => {
      let last = Infinity;
      for (let i = 0; i < 8 && globalThis.gc; i++) {
        globalThis.gc();
        await new Promise((r) => setTimeout(r, 20));
        const used = process.memoryUsage().heapUsed;
        if (last - used < 1024) break;
        last = used;
      }
      // Code space holds compiled code (the JIT's, growing while a run warms up), not data the server keeps.
      const codeSpace = getHeapSpaceStatistics().find((s) => s.space_name === 'code_space')?.space_used_size ?? 0;
      writeFileSync(
        file,
        JSON.stringify({ seq: ++seq, gc: Boolean(globalThis.gc), ...process.memoryUsage(), codeSpace }),
      );
    }, 500);
  });
}
