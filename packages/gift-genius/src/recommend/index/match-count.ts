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
    // Per age, the runs' price arrays, joined at the end (not a push per price).
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
    // Each part is a run's sorted prices (no NaN, checked above): the joined parts are merged pairwise in
    // place of a native sort (a tenth of a million-item build), through one scratch buffer (typed arrays are
    // memory outside the heap: garbage ones add up to a full collection). Counts read the buckets with <=,
    // so where -0 and 0 fall (the one thing a sort and a merge may place differently) changes no count.
    let scratch = new Float64Array(0);
    const joined = (parts: readonly Float64Array[]) => {
      const size = parts.reduce((n, p) => n + p.length, 0);
      if (scratch.length < size) scratch = new Float64Array(size);
      let from = new Float64Array(size),
        to = scratch;
      const all = from;
      // Segment bounds: part k spans [ends[k - 1], ends[k]).
      let ends: number[] = [];
      let at = 0;
      for (const p of parts) from.set(p, at), ends.push((at += p.length));
      while (ends.length > 1) {
        const next: number[] = [];
        for (let k = 0; k < ends.length; k += 2) {
          const lo = k ? ends[k - 1]! : 0;
          if (k + 1 === ends.length) to.set(from.subarray(lo, ends[k]!), lo), next.push(ends[k]!);
          else mergeInto(from, lo, ends[k]!, ends[k + 1]!, to), next.push(ends[k + 1]!);
        }
        ends = next;
        [from, to] = [to, from];
      }
      if (from !== all) all.set(from.subarray(0, size));
      return all;
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

/** The sorted segments [lo, mid) and [mid, hi) of `from` as one sorted segment [lo, hi) of `to`. */
function mergeInto(from: Float64Array, lo: number, mid: number, hi: number, to: Float64Array): void {
  let i = lo,
    j = mid,
    k = lo;
  while (i < mid && j < hi) to[k++] = from[i]! <= from[j]! ? from[i++]! : from[j++]!;
  while (i < mid) to[k++] = from[i++]!;
  while (j < hi) to[k++] = from[j++]!;
}
