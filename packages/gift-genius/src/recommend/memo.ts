/**
 * A bounded memo for pure functions of one key: when full, the oldest entries go first (insertion order).
 * Used where requests repeat small values (an interest phrase, a relationship word, an age and budget):
 * never for a whole request. Bounded by entry count, or by total weight when a weight is given (tables
 * whose size follows the catalog: a big catalog keeps fewer of them).
 */
export class BoundedMemo<K, V> {
  private readonly entries = new Map<K, V>();
  private total = 0;

  constructor(
    private readonly limit: number,
    private readonly weight: (value: V) => number = () => 1,
  ) {}

  get(key: K, make: (key: K) => V): V {
    let value = this.entries.get(key);
    if (value === undefined && !this.entries.has(key)) {
      value = make(key);
      const w = this.weight(value);
      // Always keep the newest (a table bigger than the limit is still used by the request that made it).
      while (this.entries.size > 0 && this.total + w > this.limit) {
        const oldest = this.entries.keys().next().value as K;
        this.total -= this.weight(this.entries.get(oldest)!);
        this.entries.delete(oldest);
      }
      this.entries.set(key, value);
      this.total += w;
    }
    return value as V;
  }
}
