import { renameSync, writeFileSync } from 'node:fs';
import type { Recorder } from '../wire/recorder.js';

/**
 * Keeps the transcript on disk while the tap runs: a host may kill the tap with SIGKILL,
 * so the file is rewritten (atomically, via a temp file) shortly after each change, and
 * once more at the end.
 */
export class TranscriptFile {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    readonly path: string,
    private readonly rec: Recorder,
    private readonly delayMs = 500,
  ) {
    rec.onEvent(() => this.soon());
  }

  private soon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.write();
    }, this.delayMs);
    this.timer.unref();
  }

  write(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.rec.transcript(), null, 2) + '\n');
    renameSync(tmp, this.path);
  }
}
