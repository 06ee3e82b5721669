/**
 * A bounded memo for pure functions of one key: when full, the oldest entry goes first (insertion order).
 * Used where requests repeat small values (an interest phrase, a relationship word, an age and budget):
 * never for a whole request.
 */
export class BoundedMemo<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  get(key: K, make: (key: K) => V): V {
    let value = this.entries.get(key);
    if (value === undefined && !this.entries.has(key)) {
      value = make(key);
      if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, value);
    }
    return value as V;
  }
}
