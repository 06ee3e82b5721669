import { renameSync } from 'node:fs';
import { jsonText } from '../report/peer-text.js';
import { writePrivateFile } from '../report/print.js';
import type { Recorder } from '../wire/recorder.js';

/**
 * Keeps the transcript on disk while the tap runs: a host may kill the tap with SIGKILL,
 * so the file is rewritten (atomically, via a temp file) shortly after a change, and
 * once more at the end. A rewrite costs time in proportion to the transcript, so the
 * pause between rewrites grows with it (50× the last rewrite): under load the tap spends
 * at most ~2% of its time on the file instead of stalling the messages it passes on.
 */
export class TranscriptFile {
  private timer: NodeJS.Timeout | undefined;
  private lastWriteMs = 0;

  constructor(
    readonly path: string,
    private readonly rec: Recorder,
    private readonly delayMs = 500,
  ) {
    rec.onEvent(() => this.soon());
  }

  private soon(): void {
    if (this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.write();
      },
      Math.max(this.delayMs, 50 * this.lastWriteMs),
    );
    this.timer.unref();
  }

  write(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const t0 = performance.now();
    const tmp = `${this.path}.${process.pid}.tmp`;
    writePrivateFile(tmp, `${jsonText(this.rec.transcript(), 2)}\n`);
    renameSync(tmp, this.path);
    this.lastWriteMs = performance.now() - t0;
  }
}
