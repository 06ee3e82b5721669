import type { Gift } from '../catalog/schema.js';
import { type Candidate, insertCandidate, MET, PHRASE_POOL, POOL } from './candidates.js';
import { finishRanking, meetsPhrase } from './finish.js';
import { bestInRun, type ItemGroup, isPlain, type Locations, locations, signatureKey, upperBound } from './groups.js';
import { ItemTexts, profilesOf } from './item-text.js';
import { likenessTraits } from './likeness.js';
import type { Ranking } from './result.js';
import {
  ageFit,
  ageFor,
  type GiftQuery,
  gate,
  type ParsedQuery,
  parseQuery,
  phraseRelevance,
  priceFitOfLog,
  signatureScore,
  signatureScoreValue,
} from './score.js';
import { TextEngine } from './text.js';

export { POOL } from './candidates.js';
export { PRICE_BANDS, priceBand, type RankedGift, type Ranking, type Unmet, type UnmetKind } from './result.js';
export { type GiftQuery, type ParsedQuery, parseQuery } from './score.js';

/*
 * The reference ranking. Pure and deterministic: the same catalog and query always give the same list.
 * 1. Hard filters: budget, age, exclusions (allergens, alcohol, words), presumptions the user did not make
 *    (a pet, a drink, a gender), relationships an item is wrong for.
 * 2. Score: interest phrases (tags, synonyms, related interests, BM25 text relevance), relationship and
 *    occasion fit, age band, a giftability prior, and how the price fits the relationship's usual spend.
 * 3. Diversity: MMR re-ranking of the best candidates (maximal marginal relevance: each pick trades score
 *    against likeness to the picks before it), so an interest living in one category can fill the list.
 * index/gift-index.ts ranks the same way over groups of alike items built once per snapshot; rankGroups is
 * its fallback for the rare requests its fast path does not take (skipped ids, duplicate ids, odd ages).
 */

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
    const itemTexts = new ItemTexts();
    const texts = catalog.map((gift) => itemTexts.of(gift));
    const { profiles, profileOf } = profilesOf(texts);
    const groups: ItemGroup[] = catalog.map((gift, i) => ({
      rep: gift,
      key: signatureKey(gift, texts[i]!),
      profile: profileOf[i]!,
      words: texts[i]!.words,
      plain: isPlain(gift),
      traits: likenessTraits(gift),
      runs: [
        {
          ageMin: gift.ageMin,
          ageMax: gift.ageMax,
          items: [gift],
          prices: Float64Array.of(gift.price),
          logPrices: Float64Array.of(Math.log(gift.price)),
        },
      ],
    }));
    const uniqueKeys = new Set(groups.map((g) => g.key)).size === groups.length;
    entry = { groups, engine: new TextEngine(profiles), where: locations(groups), uniqueKeys };
    prepared.set(catalog, entry);
  }
  return entry;
}

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
  // What the person owns one of (q.owned): every item of that kind, or with that id.
  if (q.owned.length)
    for (const [id, at] of where)
      if (q.owned.includes(id) || q.owned.includes(at[0]!.group.rep.kind ?? '')) skipped.add(id);
  const skip = (id: string) => skipped.has(id);
  // Only the groups holding a skipped item are looked at item by item: elsewhere the best item is found as
  // without skips (the same item, ties included, whatever is hidden in other groups).
  const skippedGroups = new Set<ItemGroup>();
  for (const id of skipped) for (const { group } of where.get(id)!) skippedGroups.add(group);
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
    const age = ageFor(group.rep, q);
    let facts: ReturnType<typeof signatureScore> | undefined;
    for (const run of group.runs) {
      if (age < run.ageMin || age > run.ageMax) continue;
      const hi = q.budget === undefined ? run.prices.length : upperBound(run.prices, q.budget);
      if (hi === 0) continue;
      facts ??= signatureScore(group.rep, q, relevance, group.profile);
      matched += hi;
    }
    if (!facts) continue;
    const best = bestOfGroup(group, facts.score, q, skippedGroups.has(group) ? skip : undefined);
    if (!best) continue;
    offer(pool, bestByKey, { gift: best.gift, group, score: best.score }, POOL);
  }
  for (const id of skipped) {
    for (const { group, run, index } of where.get(id)!) {
      const inBudget = q.budget === undefined || run.prices[index]! <= q.budget;
      const age = ageFor(group.rep, q);
      if (passes!.has(group) && age >= run.ageMin && age <= run.ageMax && inBudget) matched--;
    }
  }
  // Phrases the pool serves with fewer than PHRASE_POOL candidates: their best candidates over the catalog.
  const served = q.interests.map((reading, p) => {
    let n = 0;
    for (const c of pool) if (meetsPhrase(c, q, relevance, p)) n++;
    if (n >= PHRASE_POOL) return NO_CANDIDATES;
    const best: Candidate[] = [];
    const byKey = uniqueKeys ? undefined : new Map<string, Candidate>();
    for (const group of groups) {
      if (phraseRelevance(group.rep, reading, relevance[p]![group.profile]!) < MET) continue;
      if ((gated || !group.plain) && gate(group.rep, q, group.words)) continue;
      const score = signatureScoreValue(group.rep, q, relevance, group.profile);
      const found = bestOfGroup(group, score, q, skippedGroups.has(group) ? skip : undefined);
      if (found) offer(best, byKey, { gift: found.gift, group, score: found.score }, PHRASE_POOL);
    }
    return best;
  });
  return finishRanking(groups, q, relevance, pool, served, matched, query, skip);
}

const NO_CANDIDATES: Candidate[] = [];

/**
 * A group's best item for the request (within the budget, at the age its range is checked at), and its
 * score from `base` (the signature score): the same steps both ranking paths take. `skip`: look at each item.
 */
export function bestOfGroup(
  group: ItemGroup,
  base: number,
  q: ParsedQuery,
  skip: ((id: string) => boolean) | undefined,
): { gift: Gift; score: number } | undefined {
  const age = ageFor(group.rep, q);
  let gift: Gift | undefined;
  let score = -Infinity;
  for (const run of group.runs) {
    if (age < run.ageMin || age > run.ageMax) continue;
    const hi = q.budget === undefined ? run.prices.length : upperBound(run.prices, q.budget);
    if (hi === 0) continue;
    const b = base + ageFit(run.ageMin, run.ageMax, q, age);
    const at = bestInRun(run, hi, b, q, skip);
    if (at < 0) continue;
    const s = b + priceFitOfLog(run.logPrices[at]!, q);
    if (s > score || (s === score && run.items[at]!.id < gift!.id)) (score = s), (gift = run.items[at]!);
  }
  return gift ? { gift, score } : undefined;
}

/**
 * Offers a candidate to a pool of `capacity` (best first); with `byKey`, one candidate per signature key (the
 * same product listed twice is never shown twice), the better one kept.
 */
function offer(pool: Candidate[], byKey: Map<string, Candidate> | undefined, entry: Candidate, capacity: number) {
  const { gift, group, score } = entry;
  if (byKey) {
    const held = byKey.get(group.key);
    if (held && (score < held.score || (score === held.score && held.gift.id < gift.id))) return;
    if (held) pool.splice(pool.indexOf(held), 1);
  }
  const worst = pool.length === capacity ? pool[capacity - 1]! : undefined;
  if (worst && (score < worst.score || (score === worst.score && worst.gift.id < gift.id))) return;
  byKey?.set(group.key, entry);
  const out = insertCandidate(pool, entry, capacity);
  if (out && byKey?.get(out.group.key) === out) byKey.delete(out.group.key);
}
