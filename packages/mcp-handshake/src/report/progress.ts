/**
 * One status line, rewritten in place on a terminal while probes run (`\r` + erase), so a
 * slow or silent server shows what the doctor is waiting for. Only for TTYs: a pipe or a
 * CI log gets nothing, and the line is erased before the report is printed.
 */
import type { WireEvent } from '../types.js';
import { oneLine } from './peer-text.js';

export interface ProgressSink {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

/** The line for one outgoing request, or undefined for events that do not move progress. */
export function progressLine(e: WireEvent, sent: number): string | undefined {
  if (e.dir !== 'out' || e.kind !== 'message') return undefined;
  const m = e.message as { method?: unknown; id?: unknown } | undefined;
  if (typeof m?.method !== 'string' || m.id === undefined) return undefined;
  return `probing ${oneLine(e.conn, 40)}: ${oneLine(m.method, 60)} (${sent} requests, ${(e.at / 1000).toFixed(1)} s)`;
}

export class ProgressLine {
  private sent = 0;
  private shown = false;
  private last = 0;

  constructor(
    private readonly sink: ProgressSink,
    private readonly minIntervalMs = 80,
  ) {}

  get enabled(): boolean {
    return this.sink.isTTY === true;
  }

  onEvent(e: WireEvent): void {
    if (!this.enabled) return;
    const line = progressLine(e, this.sent + 1);
    if (line === undefined) return;
    this.sent++;
    const now = e.at;
    if (this.shown && now - this.last < this.minIntervalMs) return;
    this.last = now;
    this.shown = true;
    this.sink.write(`\r\x1b[K${line.slice(0, 100)}`);
  }

  done(): void {
    if (this.shown) this.sink.write('\r\x1b[K');
    this.shown = false;
  }
}
