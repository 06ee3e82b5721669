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
 * file. The first events are written at once (eagerEvents). A fixed 500 ms pause lost whole
 * sessions to SIGKILL (test/tap-sigkill.test.ts).
 */
export class TranscriptFile {
  private timer: NodeJS.Timeout | undefined;
  private lastWriteMs = 0;
  private events = 0;
  private queued = false;

  constructor(
    readonly path: string,
    private readonly rec: Recorder,
    private readonly delayMs = 20,
    /**
     * The first events (the handshake and the first listings) are written at once, before the tap passes the
     * message on: whatever a host has received is on disk when it kills the tap, however busy the machine.
     */
    private readonly eagerEvents = 128,
  ) {
    rec.onEvent(() => {
      if (++this.events > this.eagerEvents) return this.soon();
      // After the recorder's bookkeeping for this event (an answer's exchange is settled after its event is
      // recorded: written at the event itself, a killed tap left answers that seemed unsolicited), before the
      // tap reads anything more.
      if (this.queued) return;
      this.queued = true;
      queueMicrotask(() => {
        this.queued = false;
        try {
          this.write();
        } catch {
          this.soon(); // the end's write reports what cannot be written
        }
      });
    });
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
