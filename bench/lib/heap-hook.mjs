// Preloaded into a server under test (node --expose-gc --import bench/lib/heap-hook.mjs …) by the memory
// workload; no server code changes. On SIGUSR2: full GCs, then process.memoryUsage() (+ a sequence number)
// is written to $BENCH_HEAP_FILE.
import { writeFileSync } from 'node:fs';

let seq = 0;
const file = process.env.BENCH_HEAP_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    // Let pending microtasks/timers settle, then collect until the heap stops shrinking.
    setTimeout(() => {
      let last = Infinity;
      for (let i = 0; i < 6 && globalThis.gc; i++) {
        globalThis.gc();
        const used = process.memoryUsage().heapUsed;
        if (last - used < 1024) break;
        last = used;
      }
      writeFileSync(file, JSON.stringify({ seq: ++seq, gc: Boolean(globalThis.gc), ...process.memoryUsage() }));
    }, 500);
  });
}
