import { runPassive } from '../report/check-report.js';
import type { Diagnostic } from '../types.js';
import type { Recorder } from '../wire/recorder.js';

/**
 * `--live`: the passive checks rerun shortly after each message on what was recorded so
 * far; each finding is reported once, when it first appears. The rerun waits for a quiet
 * moment (and at least 100 ms), so a burst of messages costs one run, not one per message.
 */
export function watchFindings(rec: Recorder, report: (finding: Diagnostic) => void, delayMs = 100): () => void {
  const seen = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    timer = undefined;
    for (const f of runPassive(rec.transcript()).findings) {
      const key = `${f.code} ${f.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      report(f);
    }
  };
  const stop = rec.onEvent((e) => {
    if (e.kind !== 'message' || timer) return;
    timer = setTimeout(run, delayMs);
    timer.unref();
  });
  return () => {
    stop();
    if (timer) {
      clearTimeout(timer);
      run();
    }
  };
}
