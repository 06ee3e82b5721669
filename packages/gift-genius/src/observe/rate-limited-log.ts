import type { Logger } from 'pino';

type Fields = Record<string, unknown>;

/**
 * One kind of log line at most once per interval, however often it happens (a store that is
 * down, a client flooding refusals): the first is written at once, later ones are counted and
 * the count rides on the next line written (`suppressed`).
 */
export class RateLimitedLog {
  private last = -Infinity;
  private suppressed = 0;

  constructor(
    private readonly log: Logger,
    private readonly intervalMs: number,
  ) {}

  warn(fields: Fields, message: string): void {
    this.write('warn', fields, message);
  }

  error(fields: Fields, message: string): void {
    this.write('error', fields, message);
  }

  /** Lines held back since the last one written. */
  get pending(): number {
    return this.suppressed;
  }

  /** Forgets the interval: the next line is written at once (e.g. after a recovery). */
  reset(): number {
    const held = this.suppressed;
    this.last = -Infinity;
    this.suppressed = 0;
    return held;
  }

  private write(level: 'warn' | 'error', fields: Fields, message: string): void {
    const now = Date.now();
    if (now - this.last < this.intervalMs) {
      this.suppressed++;
      return;
    }
    this.last = now;
    this.log[level]({ ...fields, ...(this.suppressed > 0 && { suppressed: this.suppressed }) }, message);
    this.suppressed = 0;
  }
}
