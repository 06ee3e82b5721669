import { type AgeRun, type ItemGroup, upperBound } from '../groups.js';
import { type ParsedQuery, priceFitOfLog, WEIGHTS } from '../score.js';
import type { SortedItems } from './grouping.js';

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
  /** 1 for a group of gifts for the baby: at a new baby its ages are checked at the baby's (ageFor). */
  readonly forBaby: Uint8Array;
  /** 1 for a group of one item (most groups of a real catalog): ranked from these arrays alone. */
  readonly single: Uint8Array;
  /** A one-item group's Math.log(price). */
  readonly logPrice: Float64Array;
  /** All the group's prices, sorted. */
  readonly prices: Float64Array[];
  /**
   * Math.log of each of `prices` (the runs' own when `prices` is a run's array): priceFitBound then takes no
   * logarithm per visit, and gives the same doubles as priceFit (which is priceFitOfLog of Math.log).
   */
  readonly logPrices: Float64Array[];
  /**
   * A group's runs as one, sorted by (price, id), for groups of several runs whose prices are all ordinary
   * (see `mergeable`); undefined otherwise. When a request's age is inside every run and gives each run the
   * same age bonus, the group's best item is the best of this run: one binary search instead of one per run.
   */
  readonly merged: Array<AgeRun | undefined>;

  /** `byPrice[g]`: group g's items sorted by (price, id) when already known (groupCatalog), else merged here. */
  constructor(groups: readonly ItemGroup[], byPrice: ReadonlyArray<SortedItems | undefined> = []) {
    const n = groups.length;
    this.ageLo = new Float64Array(n);
    this.ageHi = new Float64Array(n);
    this.minPrice = new Float64Array(n);
    this.narrow = new Uint8Array(n);
    this.seniorRange = new Uint8Array(n);
    this.single = new Uint8Array(n);
    this.forBaby = Uint8Array.from(groups, (g) => (g.rep.recipient === 'baby' ? 1 : 0));
    this.logPrice = new Float64Array(n);
    this.merged = groups.map((g, i) => (g.runs.length > 1 ? mergeRuns(g.runs, byPrice[i]) : undefined));
    const logs: Float64Array[] = [];
    this.logPrices = logs;
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
      if (size === 1) (this.single[i] = 1), (this.logPrice[i] = g.runs[0]!.logPrices[0]!);
      // A run sorted by (price, id) with no NaN is sorted by price already.
      if (g.runs.length === 1 && !g.runs[0]!.prices.some(Number.isNaN)) {
        logs.push(g.runs[0]!.logPrices);
        return g.runs[0]!.prices;
      }
      const merged = this.merged[i];
      if (merged) {
        logs.push(merged.logPrices);
        return merged.prices;
      }
      const all = new Float64Array(size);
      let at = 0;
      for (const r of g.runs) all.set(r.prices, (at += r.prices.length) - r.prices.length);
      all.sort();
      logs.push(all.map(Math.log));
      return all;
    });
  }

  /** No run of group g scores above its signature score plus this (tooYoung only lowers a score). */
  ageFitBound(g: number, q: ParsedQuery): number {
    let score = 0;
    if (this.narrow[g]) score += WEIGHTS.ageTargeted;
    if (q.band === 'senior' && this.seniorRange[g]) score += WEIGHTS.senior;
    return score;
  }

  /**
   * No item of group g has a better priceFit than this: priceFit rises up to the target and falls after it,
   * so the best is the nearest price at or under the target or the nearest above it (within the budget).
   */
  priceFitBound(g: number, q: ParsedQuery): number {
    const prices = this.prices[g]!,
      logs = this.logPrices[g]!;
    const hi = q.budget === undefined ? prices.length : upperBound(prices, q.budget);
    const r = Math.min(upperBound(prices, q.target), hi);
    const below = r > 0 ? priceFitOfLog(logs[r - 1]!, q) : -Infinity;
    return r < hi ? Math.max(below, priceFitOfLog(logs[r]!, q)) : below;
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

/**
 * The runs as one, or undefined when a price is outside [1e-6, 1e9] (or NaN) or two distinct prices lie
 * closer than a relative 1e-9. Why: picking the best of the merged run equals picking each run's best and
 * then the best of those unless two different prices give the same score after rounding; with scores far
 * below 512 (a few weights) and price fits at least 0.4 × the log gap apart, these limits rule that out.
 */
function mergeRuns(runs: readonly AgeRun[], sorted: SortedItems | undefined): AgeRun | undefined {
  let size = 0;
  for (const r of runs) {
    for (let i = 0; i < r.prices.length; i++) if (!(r.prices[i]! >= 1e-6 && r.prices[i]! <= 1e9)) return undefined;
    size += r.prices.length;
  }
  const { items, prices, logPrices } = sorted ?? merge(runs, size);
  for (let i = 1; i < prices.length; i++)
    if (prices[i] !== prices[i - 1] && !(logPrices[i]! - logPrices[i - 1]! >= 1e-9)) return undefined;
  let ageMin = Infinity,
    ageMax = -Infinity;
  for (const r of runs) (ageMin = Math.min(ageMin, r.ageMin)), (ageMax = Math.max(ageMax, r.ageMax));
  return { ageMin, ageMax, items, prices, logPrices };
}

function merge(runs: readonly AgeRun[], size: number): SortedItems {
  // Each run is sorted by (price, id) already: a k-way merge (k is the number of age ranges, a handful).
  const items: AgeRun['items'] = new Array(size);
  const prices = new Float64Array(size);
  const logPrices = new Float64Array(size);
  const heads = new Int32Array(runs.length);
  const runPrices = runs.map((r) => r.prices);
  for (let out = 0; out < size; out++) {
    let best = -1,
      bestPrice = 0;
    for (let r = 0; r < runs.length; r++) {
      const h = heads[r]!;
      const p = runPrices[r]!;
      if (h === p.length) continue;
      // By (price, id): prices from the runs' arrays (equal to the items' own), ids only on a tie.
      const x = p[h]!;
      if (best < 0 || x < bestPrice || (x === bestPrice && runs[r]!.items[h]!.id < runs[best]!.items[heads[best]!]!.id))
        (best = r), (bestPrice = x);
    }
    const run = runs[best]!;
    const h = heads[best]!++;
    items[out] = run.items[h]!;
    prices[out] = run.prices[h]!;
    logPrices[out] = run.logPrices[h]!;
  }
  return { items, prices, logPrices };
}
