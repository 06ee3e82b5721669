import type { Gift } from '../catalog/schema.js';
import type { ItemText } from './item-text.js';
import type { LikenessTraits } from './likeness.js';
import { type ParsedQuery, priceFitOfLog } from './score.js';

/*
 * Items grouped for ranking: a group holds items alike in everything the ranking reads but price, id and age
 * range (one signature), split into runs of one age range sorted by price. rankGifts makes one group per item,
 * the index groups alike items; both rank groups with the same functions.
 */

/** Items alike for every request except price, id and age range: one score, one gate. */
export interface ItemGroup {
  rep: Gift;
  /** Equal for items alike in everything the ranking reads but price, id and ages (see signatureKey). */
  key: string;
  /** Text profile number in the engine. */
  profile: number;
  /** Words an exclusion is matched against. */
  words: ReadonlySet<string>;
  /**
   * Nothing but exclusions can gate it out (no presumption, gender, notFor, partner-only): `gate` is skipped
   * when a request has no exclusions.
   */
  plain: boolean;
  /** What the diversity step compares (the same for every item of the group). */
  traits: LikenessTraits;
  runs: AgeRun[];
}

/** A group's items with one age range, sorted by (price, id). */
export interface AgeRun {
  ageMin: number;
  ageMax: number;
  items: Gift[];
  prices: Float64Array;
  /** Math.log of each price (priceFitOfLog). */
  logPrices: Float64Array;
}

export const isPlain = (g: Gift) =>
  !g.presumesInterest &&
  !g.presumes &&
  !g.gender &&
  !g.notFor &&
  g.recipient !== 'couple' &&
  !g.personal &&
  !(g.relationships.length === 1 && g.relationships[0] === 'partner');

/** Where each id sits (a catalog may hold an id twice; both are then skipped together). */
export type Locations = Map<string, Array<{ group: ItemGroup; run: AgeRun; index: number }>>;

export function locations(groups: readonly ItemGroup[]): Locations {
  const where: Locations = new Map();
  for (const group of groups) {
    for (const run of group.runs) {
      run.items.forEach((item, index) => {
        const list = where.get(item.id);
        if (list) list.push({ group, run, index });
        else where.set(item.id, [{ group, run, index }]);
      });
    }
  }
  return where;
}

/** A list in sorted order (copied only when it is not sorted yet: most catalog lists are). */
export function sorted(xs: readonly string[] | undefined): readonly string[] {
  if (!xs) return NONE;
  for (let i = 1; i < xs.length; i++) if (!(xs[i - 1]! <= xs[i]!)) return [...xs].sort();
  return xs;
}
const NONE: readonly string[] = [];

/**
 * Everything the ranking reads of an item except price, id and ages, as a string equal for alike items: the
 * tags as JSON, then the number of the item's text derivation (item-text.ts: equal for equal exclusion words
 * and word profiles within one catalog's ItemTexts). Short, so that millions of items do not make megabytes
 * of key strings.
 */
export function signatureKey(g: Gift, text: ItemText): string {
  const tags = JSON.stringify([
    g.categories,
    sorted(g.interests),
    sorted(g.relationships),
    sorted(g.occasions),
    g.giftability ?? 3,
    sorted(g.contains),
    sorted(g.presumesInterest),
    sorted(g.presumes),
    g.gender ?? '',
    sorted(g.notFor),
    g.kind ?? '',
    g.recipient ?? '',
    sorted(g.personal),
  ]);
  return `${tags}#${text.key}`;
}

export function upperBound(prices: Float64Array, value: number): number {
  let lo = 0,
    hi = prices.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (prices[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The best item of a run within the budget (index below `hi`): the score falls away from the target price on
 * both sides, so it is the dearest item at or under the target or the cheapest above it, the lowest id among
 * equal prices. With skipped ids (rare: the widget's "more like this"), every item is looked at.
 */
export function bestInRun(
  run: AgeRun,
  hi: number,
  base: number,
  q: ParsedQuery,
  skip?: (id: string) => boolean,
): number {
  const { prices, logPrices, items } = run;
  if (skip) {
    let best = -1,
      bestScore = -Infinity;
    for (let i = 0; i < hi; i++) {
      if (skip(items[i]!.id)) continue;
      const score = base + priceFitOfLog(logPrices[i]!, q);
      if (score > bestScore) (best = i), (bestScore = score);
    }
    return best;
  }
  let l = Math.min(upperBound(prices, q.target), hi) - 1;
  const r = l + 1;
  while (l > 0 && prices[l - 1] === prices[l]) l--;
  if (l < 0) return r < hi ? r : -1;
  if (r >= hi) return l;
  const sl = base + priceFitOfLog(logPrices[l]!, q),
    sr = base + priceFitOfLog(logPrices[r]!, q);
  return sl > sr || (sl === sr && items[l]!.id < items[r]!.id) ? l : r;
}
