import { upperBound } from '../groups.js';

/*
 * How many items cover an age and fit a budget, without visiting them: the items covering `age` are those
 * with ageMin ≤ age, less those with ageMax < age (those have ageMin ≤ ageMax < age too). Each side is a
 * bucket of sorted prices per distinct age value, so a count costs one binary search per distinct age
 * (at most 121 of each by the schema) whatever the item count. Pure; built once per index.
 */
export class MatchCounter {
  private constructor(
    private readonly minAges: Float64Array,
    private readonly byMin: Float64Array[],
    private readonly maxAges: Float64Array,
    private readonly byMax: Float64Array[],
  ) {}

  /**
   * From runs of items with one age range each (their prices). undefined when some range or price is off
   * (ageMin > ageMax, NaN): then items are counted one by one.
   */
  static build(runs: Iterable<{ ageMin: number; ageMax: number; prices: Float64Array }>): MatchCounter | undefined {
    // Per age, the runs' price arrays, joined and sorted natively at the end (not a push per price).
    const byMin = new Map<number, Float64Array[]>();
    const byMax = new Map<number, Float64Array[]>();
    for (const { ageMin, ageMax, prices } of runs) {
      if (!(ageMin <= ageMax)) return undefined;
      for (let i = 0; i < prices.length; i++) if (Number.isNaN(prices[i]!)) return undefined;
      let lo = byMin.get(ageMin);
      if (!lo) byMin.set(ageMin, (lo = []));
      let hi = byMax.get(ageMax);
      if (!hi) byMax.set(ageMax, (hi = []));
      lo.push(prices), hi.push(prices);
    }
    const joined = (parts: readonly Float64Array[]) => {
      const all = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) all.set(p, at), (at += p.length);
      return all.sort();
    };
    const side = (buckets: Map<number, Float64Array[]>) => {
      const ages = Float64Array.from([...buckets.keys()].sort((a, b) => a - b));
      return [ages, Array.from(ages, (a) => joined(buckets.get(a)!))] as const;
    };
    const [minAges, mins] = side(byMin);
    const [maxAges, maxs] = side(byMax);
    return new MatchCounter(minAges, mins, maxAges, maxs);
  }

  /** Items with ageMin ≤ age ≤ ageMax and price ≤ budget (any price when budget is undefined). */
  count(age: number, budget: number | undefined): number {
    let n = 0;
    const { minAges, byMin, maxAges, byMax } = this;
    for (let i = 0; i < minAges.length && minAges[i]! <= age; i++)
      n += budget === undefined ? byMin[i]!.length : upperBound(byMin[i]!, budget);
    for (let i = 0; i < maxAges.length && maxAges[i]! < age; i++)
      n -= budget === undefined ? byMax[i]!.length : upperBound(byMax[i]!, budget);
    return n;
  }
}
