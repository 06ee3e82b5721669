import { type ItemGroup, upperBound } from '../groups.js';
import { type ParsedQuery, priceFit, WEIGHTS } from '../score.js';

/*
 * What any item of a group can reach, per group in typed arrays: its ages, cheapest price and the age-range
 * part of the score. A request skips a group outside them and stops visiting once no bound left can beat the
 * candidate pool's worst.
 */
export class GroupBounds {
  readonly ageLo: Float64Array;
  readonly ageHi: Float64Array;
  readonly minPrice: Float64Array;
  /** Some run's range is narrow (the ageTargeted bonus). */
  readonly narrow: Uint8Array;
  /** Some run starts at 40 or later (the senior bonus). */
  readonly seniorRange: Uint8Array;
  /** All the group's prices, sorted. */
  readonly prices: Float64Array[];

  constructor(groups: readonly ItemGroup[]) {
    const n = groups.length;
    this.ageLo = new Float64Array(n);
    this.ageHi = new Float64Array(n);
    this.minPrice = new Float64Array(n);
    this.narrow = new Uint8Array(n);
    this.seniorRange = new Uint8Array(n);
    this.prices = groups.map((g, i) => {
      let lo = Infinity,
        hi = -Infinity,
        min = Infinity,
        size = 0;
      for (const r of g.runs) {
        lo = Math.min(lo, r.ageMin);
        hi = Math.max(hi, r.ageMax);
        min = Math.min(min, r.prices[0]!);
        if (r.ageMax - r.ageMin <= 30) this.narrow[i] = 1;
        if (r.ageMin >= 40) this.seniorRange[i] = 1;
        size += r.prices.length;
      }
      // Math.min/max as before: a NaN age or price makes the bound NaN, and NaN comparisons skip the group.
      this.ageLo[i] = lo;
      this.ageHi[i] = hi;
      this.minPrice[i] = min;
      const all = new Float64Array(size);
      let at = 0;
      for (const r of g.runs) all.set(r.prices, (at += r.prices.length) - r.prices.length);
      return all.sort();
    });
  }

  /** No run of group g scores above its signature score plus this (tooYoung only lowers a score). */
  ageFitBound(g: number, q: ParsedQuery): number {
    let score = 0;
    if (this.narrow[g]) score += WEIGHTS.ageTargeted;
    if (q.band === 'senior' && this.seniorRange[g]) score += WEIGHTS.senior;
    return score;
  }

  /** Group g covers the age and has an item within the budget. */
  reaches(g: number, age: number, budget: number | undefined): boolean {
    return !(age < this.ageLo[g]! || age > this.ageHi[g]! || (budget !== undefined && !(this.minPrice[g]! <= budget)));
  }

  /**
   * No item of group g has a better priceFit than this: priceFit rises up to the target and falls after it,
   * so the best is the nearest price at or under the target or the nearest above it (within the budget).
   */
  priceFitBound(g: number, q: ParsedQuery): number {
    const prices = this.prices[g]!;
    const hi = q.budget === undefined ? prices.length : upperBound(prices, q.budget);
    const r = Math.min(upperBound(prices, q.target), hi);
    const below = r > 0 ? priceFit(prices[r - 1]!, q) : -Infinity;
    return r < hi ? Math.max(below, priceFit(prices[r]!, q)) : below;
  }
}

/** A group's items that cover the age and fit the budget, run by run. */
export function countRuns(group: ItemGroup, age: number, budget: number | undefined): number {
  let n = 0;
  for (const run of group.runs) {
    if (age < run.ageMin || age > run.ageMax) continue;
    n += budget === undefined ? run.prices.length : upperBound(run.prices, budget);
  }
  return n;
}
