/**
 * How fast this run's answers come, so waits follow the machine: on a busy machine every answer is
 * slower, and a fixed timeout turns that into "no answer" verdicts a quiet machine would not give.
 * Each request waits at least the user's --timeout, and at least `FACTOR`× the slowest answer seen so
 * far in the run (start-up answers excluded: they have their own budget), up to `capMs`.
 */
export class Pace {
  static readonly FACTOR = 10;
  private slowest = 0;

  constructor(private readonly capMs = 60_000) {}

  /** An answer (not a first answer that waited for a start-up) came after `ms`. */
  note(ms: number): void {
    if (ms > this.slowest) this.slowest = ms;
  }

  /** How long a request waits: the user's timeout, or longer when this run's answers are slow. */
  budget(timeoutMs: number): number {
    return Math.max(timeoutMs, Math.min(this.capMs, Math.ceil(this.slowest * Pace.FACTOR)));
  }

  get slowestMs(): number {
    return this.slowest;
  }
}
