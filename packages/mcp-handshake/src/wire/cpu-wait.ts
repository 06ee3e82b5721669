import { readFileSync } from 'node:fs';

/**
 * How long a process and its descendants have waited for a CPU (Linux: /proc/<pid>/schedstat, run_delay),
 * in ms; undefined where the kernel does not say (not Linux, no schedstats). A busy machine stretches a
 * server's start-up by about this much: subtracted, the start-up is what it would be on an idle one, so a
 * verdict that compares it with a host's wait does not change with load (test/determinism.test.ts).
 */
export function cpuWaitMs(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  let total = 0;
  let any = false;
  const seen = new Set<number>();
  const walk = (p: number, depth: number) => {
    if (seen.has(p) || depth > 16 || seen.size > 256) return;
    seen.add(p);
    try {
      const [, runDelayNs] = readFileSync(`/proc/${p}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
      if (Number.isFinite(runDelayNs)) {
        total += runDelayNs! / 1e6;
        any = true;
      }
      for (const child of readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/))
        if (child) walk(Number(child), depth + 1);
    } catch {
      // Gone already, or not readable: what was read stands.
    }
  };
  walk(pid, 0);
  return any ? total : undefined;
}
