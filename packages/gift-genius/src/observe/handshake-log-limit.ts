/**
 * How often the handshake tap may write a line, per server. Every handshake and discover is counted in /metrics;
 * its log line is written once per kind of client (event, transport, client name and version, versions asked and
 * given) per interval, with the number held back since riding on the next (`repeats`), and lines of new kinds
 * at most `perSecond` a second (`suppressed` on the next written). Without it a client could write a log line
 * per request without limit: one per probe at ~10,000 discovers a second, and ~17 µs of each (measured).
 * The clock is passed in (tests drive it); the table is bounded (oldest kinds forgotten first).
 */
export class HandshakeLogLimit {
  private readonly kinds = new Map<string, { last: number; held: number }>();
  private second = Number.NEGATIVE_INFINITY;
  private inSecond = 0;
  private suppressed = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly intervalMs = 60_000,
    private readonly perSecond = 20,
    private readonly maxKinds = 1000,
  ) {}

  /**
   * Whether a line of this kind is written now: undefined when held back, else what it carries (lines of its
   * kind held back since its last, lines of other kinds held back by the per-second limit).
   */
  admit(kind: string): { repeats: number; suppressed: number } | undefined {
    const t = this.now();
    const seen = this.kinds.get(kind);
    if (seen && t - seen.last < this.intervalMs) {
      seen.held++;
      return undefined;
    }
    if (t - this.second >= 1000) {
      this.second = t;
      this.inSecond = 0;
    }
    if (this.inSecond >= this.perSecond) {
      if (seen) seen.held++;
      else this.suppressed++;
      return undefined;
    }
    this.inSecond++;
    const carried = { repeats: seen?.held ?? 0, suppressed: this.suppressed };
    this.suppressed = 0;
    // Re-inserted, so the Map's order is least recently written first.
    this.kinds.delete(kind);
    if (this.kinds.size >= this.maxKinds) this.kinds.delete(this.kinds.keys().next().value as string);
    this.kinds.set(kind, { last: t, held: 0 });
    return carried;
  }
}
