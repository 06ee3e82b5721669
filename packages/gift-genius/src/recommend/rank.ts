import type { Gift, Occasion, Relationship } from '../catalog/schema.js';
import { reasonFor, unmetMessage } from './reasons.js';
import {
  ageFit,
  exclusionWords,
  gate,
  parseQuery,
  priceFit,
  signatureScore,
  type GateFailure,
  type ParsedQuery,
} from './score.js';
import { profileKey, profilesOf, textProfile, TextEngine } from './text.js';

export { parseQuery, type GiftQuery, type ParsedQuery } from './score.js';
import type { GiftQuery } from './score.js';

/*
 * The reference ranking. Pure and deterministic: the same catalog and query always give the same list.
 * 1. Hard filters: budget, age, exclusions (allergens, alcohol, words), presumptions the user did not make
 *    (a pet, a drink, a gender), relationships an item is wrong for.
 * 2. Score: interest phrases (tags, synonyms, related interests, BM25 text relevance), relationship and
 *    occasion fit, age band, a giftability prior, and how the price fits the relationship's usual spend.
 * 3. Diversity: MMR re-ranking of the best candidates (maximal marginal relevance: each pick trades score
 *    against likeness to the picks before it), so an interest living in one category can fill the list.
 * gift-index.ts runs the very same steps (`rankGroups`) over groups of alike items built once per snapshot.
 */

export interface RankedGift {
  gift: Gift;
  score: number;
  category: string;
  reason: string;
}

export type UnmetKind = 'budget' | 'exclusion' | 'age' | 'interest' | 'occasion' | 'catalog';
export interface Unmet {
  kind: UnmetKind;
  message: string;
}

export interface Ranking {
  gifts: RankedGift[];
  /** How many catalog items passed the hard filters. */
  matched: number;
  relationship?: Relationship;
  occasion?: Occasion;
  /** No budget was given: prices follow the relationship's usual spend (and so span price ranges). */
  acrossPriceRanges: boolean;
  /** What could not be satisfied, and what was done instead; empty when everything was. */
  unmet: Unmet[];
}

/** Price bands, for copy and for checks: ideas without a budget span some of them. */
export const PRICE_BANDS = [
  { label: 'under $25', max: 25 },
  { label: '$25–75', max: 75 },
  { label: '$75–250', max: 250 },
  { label: 'over $250', max: Infinity },
] as const;

export const priceBand = (price: number) => PRICE_BANDS.findIndex((b) => price < b.max || b.max === Infinity);

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
  runs: AgeRun[];
}

export const isPlain = (g: Gift) =>
  !g.presumesInterest &&
  !g.presumes &&
  !g.gender &&
  !g.notFor &&
  !(g.relationships.length === 1 && g.relationships[0] === 'partner');

/** A group's items with one age range, sorted by (price, id). */
export interface AgeRun {
  ageMin: number;
  ageMax: number;
  items: Gift[];
  prices: Float64Array;
}

/** How many of the best candidates the diversity step chooses from. */
export const POOL = 40;

export interface RankOptions {
  /**
   * Ids ranked as if absent (the gifts already on screen). They stay in the text statistics: hiding what
   * is shown must not change how the rest is scored.
   */
  skipIds?: ReadonlySet<string>;
}

export function rankGifts(catalog: readonly Gift[], query: GiftQuery, options: RankOptions = {}): Ranking {
  const prepared = singletons(catalog);
  return rankGroups(
    prepared.groups,
    prepared.engine,
    query,
    options.skipIds ?? new Set(),
    prepared.where,
    prepared.uniqueKeys,
  );
}

/**
 * One group per item, the text engine and the id locations for a catalog. Catalogs are immutable
 * (`readonly Gift[]`), so the preparation is kept per array: tests and benchmarks call the reference often.
 */
const prepared = new WeakMap<
  readonly Gift[],
  { groups: ItemGroup[]; engine: TextEngine; where: Locations; uniqueKeys: boolean }
>();
function singletons(catalog: readonly Gift[]) {
  let entry = prepared.get(catalog);
  if (!entry) {
    const { profiles, profileOf } = profilesOf(catalog);
    const groups: ItemGroup[] = catalog.map((gift, i) => ({
      rep: gift,
      key: signatureKey(gift),
      profile: profileOf[i]!,
      words: exclusionWords(gift),
      plain: isPlain(gift),
      runs: [{ ageMin: gift.ageMin, ageMax: gift.ageMax, items: [gift], prices: Float64Array.of(gift.price) }],
    }));
    const uniqueKeys = new Set(groups.map((g) => g.key)).size === groups.length;
    entry = { groups, engine: new TextEngine(profiles), where: locations(groups), uniqueKeys };
    prepared.set(catalog, entry);
  }
  return entry;
}

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

const sorted = (xs: readonly string[] | undefined) => [...(xs ?? [])].sort();

/** Everything the ranking reads of an item except price, id and ages; text as its word profile. */
export function signatureKey(g: Gift): string {
  return JSON.stringify([
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
    [...exclusionWords(g)].sort(),
    profileKey(textProfile(g)),
  ]);
}

export interface Candidate {
  gift: Gift;
  group: ItemGroup;
  score: number;
  phraseRel: number[];
  roleFits: boolean;
  occasionFits: boolean;
}

/** Best first: score desc, then id asc (a total order for distinct ids). */
export const byRank = (a: Candidate, b: Candidate) =>
  b.score - a.score || (a.gift.id < b.gift.id ? -1 : a.gift.id > b.gift.id ? 1 : 0);

/**
 * The ranking over groups. `skipIds`: items ranked as if absent. Costs about the number of groups plus
 * the items that can enter the candidate pool: within a run, scores fall away from the target price.
 */
export function rankGroups(
  groups: readonly ItemGroup[],
  engine: TextEngine,
  query: GiftQuery,
  skipIds: ReadonlySet<string>,
  where: Locations,
  uniqueKeys: boolean,
): Ranking {
  const q = parseQuery(query);
  const relevance = q.interests.map((reading) => engine.relevanceByProfile(reading.words, reading.terms));
  // Skipped: the caller's ids and exclusion words that are ids. Few, so a Set of them, looked up per offer.
  const skipped = new Set(
    [...skipIds, ...q.exclusions.map((e) => e.word.replace(/ /g, '-'))].filter((id) => where.has(id)),
  );
  const skip = (id: string) => skipped.has(id);
  // The best item of each signature (the same product listed twice is never shown twice), then the best POOL.
  // Signatures are unique per group in the index (and in most catalogs): then no map is needed.
  const bestByKey = uniqueKeys ? undefined : new Map<string, Candidate>();
  const pool: Candidate[] = [];
  const passes = skipped.size ? new Set<ItemGroup>() : undefined;
  const gated = q.exclusions.length > 0;
  let matched = 0;
  for (const group of groups) {
    if ((gated || !group.plain) && gate(group.rep, q, group.words)) continue;
    passes?.add(group);
    let facts: ReturnType<typeof signatureScore> | undefined;
    // The group's best item over its runs (one signature: at most one candidate).
    let gift: Gift | undefined;
    let score = -Infinity;
    for (const run of group.runs) {
      if (q.age < run.ageMin || q.age > run.ageMax) continue;
      const hi = q.budget === undefined ? run.prices.length : upperBound(run.prices, q.budget);
      if (hi === 0) continue;
      facts ??= signatureScore(group.rep, q, relevance, group.profile);
      matched += hi;
      const base = facts.score + ageFit(run.ageMin, run.ageMax, q);
      const at = bestInRun(run, hi, base, q, skipped.size ? skip : undefined);
      if (at < 0) continue;
      const s = base + priceFit(run.prices[at]!, q);
      if (s > score || (s === score && run.items[at]!.id < gift!.id)) ((score = s), (gift = run.items[at]!));
    }
    if (!gift || !facts) continue;
    if (bestByKey) {
      const held = bestByKey.get(group.key);
      if (held && (score < held.score || (score === held.score && held.gift.id < gift.id))) continue;
      if (held) pool.splice(pool.indexOf(held), 1);
    }
    const worst = pool.length === POOL ? pool[POOL - 1]! : undefined;
    if (worst && (score < worst.score || (score === worst.score && worst.gift.id < gift.id))) continue;
    const entry: Candidate = {
      gift,
      group,
      score,
      phraseRel: facts.phraseRel,
      roleFits: facts.roleFits,
      occasionFits: facts.occasionFits,
    };
    let i = pool.length;
    while (i > 0 && byRank(entry, pool[i - 1]!) < 0) i--;
    pool.splice(i, 0, entry);
    bestByKey?.set(group.key, entry);
    if (pool.length > POOL) {
      const out = pool.pop()!;
      if (bestByKey?.get(out.group.key) === out) bestByKey.delete(out.group.key);
    }
  }
  for (const id of skipped) {
    for (const { group, run, index } of where.get(id)!) {
      const inBudget = q.budget === undefined || run.prices[index]! <= q.budget;
      if (passes!.has(group) && q.age >= run.ageMin && q.age <= run.ageMax && inBudget) matched--;
    }
  }
  return finishRanking(groups, q, relevance, pool, matched, query, skip);
}

/** From the candidate pool (best first) and the match count to the answer: diversity, unmet, reasons. */
export function finishRanking(
  groups: readonly ItemGroup[],
  q: ParsedQuery,
  relevance: Float64Array[],
  pool: readonly Candidate[],
  matched: number,
  query: GiftQuery,
  skip: (id: string) => boolean,
): Ranking {
  const picks = diversify(pool, q.count);
  const unmet = findUnmet(groups, q, relevance, picks, matched, query, skip);
  return {
    gifts: picks.map((s, i) => ({
      gift: s.gift,
      score: Math.round(s.score * 100) / 100,
      category: s.gift.categories[0]!,
      reason: reasonFor(s, q, i),
    })),
    matched,
    ...(q.relationship && { relationship: q.relationship.role }),
    ...(q.occasion?.occasion && { occasion: q.occasion.occasion }),
    acrossPriceRanges: query.budget === undefined,
    unmet,
  };
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
  const { prices, items } = run;
  if (skip) {
    let best = -1,
      bestScore = -Infinity;
    for (let i = 0; i < hi; i++) {
      if (skip(items[i]!.id)) continue;
      const score = base + priceFit(prices[i]!, q);
      if (score > bestScore) ((best = i), (bestScore = score));
    }
    return best;
  }
  let l = Math.min(upperBound(prices, q.target), hi) - 1;
  const r = l + 1;
  while (l > 0 && prices[l - 1] === prices[l]) l--;
  if (l < 0) return r < hi ? r : -1;
  if (r >= hi) return l;
  const sl = base + priceFit(prices[l]!, q),
    sr = base + priceFit(prices[r]!, q);
  return sl > sr || (sl === sr && items[l]!.id < items[r]!.id) ? l : r;
}

/** Likeness of two items, 0..1: the same group is a near-duplicate; else shared interests and categories. */
function likeness(a: Candidate, b: Candidate): number {
  if (a.group.key === b.group.key) return 1;
  const ga = a.gift,
    gb = b.gift;
  return (
    0.5 * jac(ga.interests, gb.interests) +
    0.3 * (ga.categories[0] === gb.categories[0] ? 1 : 0) +
    0.2 * jac(ga.categories, gb.categories)
  );
}

/** Jaccard likeness of two lists of distinct values. */
function jac(x: readonly string[], y: readonly string[]): number {
  let shared = 0;
  for (const v of x) if (y.includes(v)) shared++;
  return shared / (x.length + y.length - shared || 1);
}

/** MMR: each pick maximises score − 2 × likeness to the closest earlier pick (ties: rank order). */
const LIKENESS_COST = 2;
function diversify(pool: readonly Candidate[], count: number): Candidate[] {
  const picks: Candidate[] = [];
  const left = [...pool];
  // Likeness to the closest pick so far, updated with each new pick only.
  const closest = new Float64Array(left.length);
  while (picks.length < count && left.length) {
    let best = 0,
      bestValue = -Infinity;
    for (let i = 0; i < left.length; i++) {
      const value = left[i]!.score - LIKENESS_COST * closest[i]!;
      if (value > bestValue) ((best = i), (bestValue = value));
    }
    const pick = left.splice(best, 1)[0]!;
    closest.copyWithin(best, best + 1);
    picks.push(pick);
    for (let i = 0; i < left.length; i++) closest[i] = Math.max(closest[i]!, likeness(left[i]!, pick));
  }
  return picks;
}

/** A phrase is met when a pick fits it this well (a stated interest tag, or a strong text match). */
export const MET = 0.5;

function findUnmet(
  groups: readonly ItemGroup[],
  q: ParsedQuery,
  relevance: Float64Array[],
  picks: Candidate[],
  matched: number,
  query: GiftQuery,
  skip: (id: string) => boolean,
): Unmet[] {
  const unmet: Unmet[] = [];
  if (q.occasion && !q.occasion.occasion) unmet.push({ kind: 'occasion', message: unmetMessage.occasion(q) });
  q.interests.forEach((reading, p) => {
    if (picks.some((s) => s.phraseRel[p]! >= MET)) return;
    // Why nothing fits: the first reason found among the items that do match the phrase.
    let cause: GateFailure | 'budget' | 'age' | undefined;
    let cheapest = Infinity;
    for (const group of groups) {
      const facts = signatureScore(group.rep, q, relevance, group.profile);
      if (facts.phraseRel[p]! < MET) continue;
      const failure = gate(group.rep, q, group.words);
      if (failure === 'exclusion') cause = 'exclusion';
      else if (!failure) {
        for (const run of group.runs) {
          if (q.age < run.ageMin || q.age > run.ageMax) {
            if (cause !== 'exclusion') cause = 'age';
            continue;
          }
          if (q.budget === undefined) continue;
          let i = upperBound(run.prices, q.budget);
          while (i < run.items.length && skip(run.items[i]!.id)) i++;
          if (i < run.items.length) cheapest = Math.min(cheapest, run.prices[i]!);
        }
      }
    }
    if (cause !== 'exclusion' && Number.isFinite(cheapest)) cause = 'budget';
    const kind =
      cause === 'budget' ? 'budget' : cause === 'exclusion' ? 'exclusion' : cause === 'age' ? 'age' : 'interest';
    unmet.push({ kind, message: unmetMessage.interest(kind, reading.phrase, q, cheapest) });
  });
  if (picks.length < q.count) {
    unmet.push(
      matched === 0 && query.budget !== undefined
        ? { kind: 'budget', message: unmetMessage.nothing(q) }
        : { kind: 'catalog', message: unmetMessage.few(picks.length, q) },
    );
  }
  return unmet;
}
