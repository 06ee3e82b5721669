/**
 * Per-client request rate: a token bucket per key (the bearer token's hash, or the
 * peer address). Buckets that refill completely are forgotten, so memory follows the
 * number of recently active clients, not of all clients ever seen.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {
    this.sweeper = setInterval(() => this.sweep(), 10_000);
    this.sweeper.unref();
  }

  /** 0 when the request may proceed, else the seconds to wait. */
  take(key: string, now = Date.now()): number {
    if (this.perSecond <= 0) return 0;
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
  }

  private sweep(now = Date.now()): void {
    for (const [key, b] of this.buckets)
      if (b.tokens + ((now - b.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(key);
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}

/** A counting gate: how many of something may run at once. */
export class ConcurrencyGate {
  private active = 0;
  constructor(readonly limit: number) {}
  tryEnter(): boolean {
    if (this.active >= this.limit) return false;
    this.active++;
    return true;
  }
  leave(): void {
    this.active = Math.max(0, this.active - 1);
  }
  get inUse(): number {
    return this.active;
  }
}
