import type { Gift } from '../catalog/schema.js';
import {
  bestInRun,
  byRank,
  finishRanking,
  isPlain,
  locations,
  POOL,
  rankGroups,
  signatureKey,
  upperBound,
  type Candidate,
  type ItemGroup,
  type Locations,
  type Ranking,
} from './rank.js';
import type { GiftQuery } from './score.js';
import { ageFit, exclusionWords, gate, parseQuery, priceFit, signatureScore } from './score.js';
import { profilesOf, TextEngine } from './text.js';

export interface IndexRankOptions {
  /** Ids ranked as if they were not in the catalog (e.g. the gifts already on screen). */
  skipIds?: ReadonlySet<string>;
}

export interface GiftIndexStats {
  items: number;
  /** Distinct signatures: items alike in everything the ranking reads but price, id and ages. */
  signatures: number;
  /** (signature, age range) runs, each sorted by price. */
  runs: number;
  /** Bytes in the index's typed arrays (the gifts themselves not counted). */
  bytes: number;
  /** Distinct text profiles in the relevance engine. */
  profiles: number;
}

/**
 * The precomputation behind every suggest_gifts call: what rankGifts rebuilds per call, built once per
 * catalog snapshot. It returns exactly what rankGifts(catalog, query, { skipIds }) returns (the same gifts,
 * order, scores, reasons, `matched`, `unmet`): both run rankGroups (rank.ts); rankGifts over one group per
 * item, the index over groups of alike items (test/gift-index.test.ts checks the equality on generated
 * catalogs and queries).
 *
 * Why it is fast: a call costs about the number of signatures (one gate and one score each), plus one
 * binary search per (signature, age range) run and the few items that can enter the candidate pool. The
 * text engine holds distinct text profiles only. A catalog of many near-copies (the benchmark's generated
 * ones) costs about what its distinct records cost; the real catalog's items are all distinct.
 */
export class GiftIndex {
  readonly stats: GiftIndexStats;

  private constructor(
    private readonly groups: ItemGroup[],
    private readonly engine: TextEngine,
    private readonly where: Locations,
    stats: GiftIndexStats,
  ) {
    this.stats = stats;
  }

  static build(catalog: readonly Gift[]): GiftIndex {
    const { profiles, profileOf } = profilesOf(catalog);
    const bySignature = new Map<string, { group: ItemGroup; byAges: Map<string, Gift[]> }>();
    catalog.forEach((gift, i) => {
      const key = signatureKey(gift);
      let entry = bySignature.get(key);
      if (!entry) {
        entry = {
          group: {
            rep: gift,
            key,
            profile: profileOf[i]!,
            words: exclusionWords(gift),
            plain: isPlain(gift),
            runs: [],
          },
          byAges: new Map(),
        };
        bySignature.set(key, entry);
      }
      const ages = `${gift.ageMin}-${gift.ageMax}`;
      const run = entry.byAges.get(ages);
      if (run) run.push(gift);
      else entry.byAges.set(ages, [gift]);
    });
    let runs = 0,
      bytes = 0;
    // All run prices in one buffer, runs as views on it in group order: a call reads them front to back.
    const allPrices = new Float64Array(catalog.length);
    let offset = 0;
    const groups = [...bySignature.values()].map(({ group, byAges }) => {
      for (const items of byAges.values()) {
        items.sort((a, b) => a.price - b.price || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        const prices = allPrices.subarray(offset, offset + items.length);
        items.forEach((g, i) => (prices[i] = g.price));
        offset += items.length;
        group.runs.push({ ageMin: items[0]!.ageMin, ageMax: items[0]!.ageMax, items, prices });
        runs++;
      }
      return group;
    });
    bytes = allPrices.byteLength;
    const stats = { items: catalog.length, signatures: groups.length, runs, bytes, profiles: profiles.length };
    return new GiftIndex(groups, new TextEngine(profiles), locations(groups), stats);
  }

  rank(query: GiftQuery, options: IndexRankOptions = {}): Ranking {
    const q = parseQuery(query);
    const skipIds = options.skipIds ?? NONE;
    // Skipped items (the widget's "more like this", an exclusion naming an id) are rare: the shared loop.
    const skips = [...skipIds].some((id) => this.where.has(id)) ||
      q.exclusions.some((e) => this.where.has(e.word.replace(/ /g, '-')));
    if (skips) return rankGroups(this.groups, this.engine, query, skipIds, this.where, true);
    const relevance = q.interests.map((reading) => this.engine.relevanceByProfile(reading.words, reading.terms));
    // rankGroups' loop with no skipped ids and unique signatures, plus bounds: no item of a run scores above
    // its `base` (priceFit ≤ 0), so a run whose base is below the group's best so far or the pool's worst
    // cannot change the pool and only its matched count is taken (one binary search).
    const pool: Candidate[] = [];
    const gated = q.exclusions.length > 0;
    const { age, budget } = q;
    let matched = 0;
    for (const group of this.groups) {
      if ((gated || !group.plain) && gate(group.rep, q, group.words)) continue;
      let facts: ReturnType<typeof signatureScore> | undefined;
      let gift: Gift | undefined;
      let score = -Infinity;
      for (const run of group.runs) {
        if (age < run.ageMin || age > run.ageMax) continue;
        const hi = budget === undefined ? run.prices.length : upperBound(run.prices, budget);
        if (hi === 0) continue;
        matched += hi;
        facts ??= signatureScore(group.rep, q, relevance, group.profile);
        const base = facts.score + ageFit(run.ageMin, run.ageMax, q);
        if (base < score || (pool.length === POOL && base < pool[POOL - 1]!.score)) continue;
        const at = bestInRun(run, hi, base, q);
        if (at < 0) continue;
        const s = base + priceFit(run.prices[at]!, q);
        if (s > score || (s === score && run.items[at]!.id < gift!.id)) ((score = s), (gift = run.items[at]!));
      }
      if (!gift || !facts) continue;
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
      if (pool.length > POOL) pool.pop();
    }
    return finishRanking(this.groups, q, relevance, pool, matched, query, NO_SKIP);
  }
}

const NONE: ReadonlySet<string> = new Set();
const NO_SKIP = () => false;
