import { renameSync } from 'node:fs';
import { jsonText } from '../report/peer-text.js';
import { writePrivateFile } from '../report/print.js';
import type { Recorder } from '../wire/recorder.js';

/**
 * Keeps the transcript on disk while the tap runs: a host may kill the tap with SIGKILL
 * (Copilot CLI does, a few hundred ms after the handshake), so the file is rewritten
 * (atomically, via a temp file) shortly after a change, and once more at the end. A
 * rewrite costs time in proportion to the transcript, so the pause between rewrites is
 * 50× the last rewrite (at least delayMs): the tap spends at most ~2% of its time on the
 * file, and a small transcript — the handshake — is on disk within tens of ms. A fixed
 * 500 ms pause lost whole sessions to SIGKILL (test/tap-sigkill.test.ts).
 */
export class TranscriptFile {
  private timer: NodeJS.Timeout | undefined;
  private lastWriteMs = 0;

  constructor(
    readonly path: string,
    private readonly rec: Recorder,
    private readonly delayMs = 20,
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
