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
import type { GiftQuery, ParsedQuery } from './score.js';
import {
  ageFit,
  exclusionWords,
  gate,
  parseQuery,
  priceFit,
  signatureScore,
  signatureScoreValue,
  WEIGHTS,
} from './score.js';
import { MatchCounter } from './match-count.js';
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
 * Why it is fast: a call gates and scores each signature once (no item visited), counts the matched items per
 * gate class (match-count.ts: a binary search per distinct age, whatever the item count), then visits
 * signatures best upper bound first (score without price + the best age bonus of its runs, then + the best
 * price fit of its prices) and stops when none left can enter the candidate pool; a visited signature costs
 * two binary searches per age run. The text engine holds distinct text profiles only. A catalog of many
 * near-copies (the benchmark's generated ones) costs about what its distinct records cost.
 */
export class GiftIndex {
  readonly stats: GiftIndexStats;

  /**
   * Groups alike in what `gate` reads besides exclusions (presumptions, gender, notFor, partner-only) pass
   * or fail together: each such class counts its items without visiting them (undefined when some item's
   * range or price is off; then runs are counted one by one).
   */
  private readonly classes: Array<{ rep: Gift; count: MatchCounter }> | undefined;
  private readonly duplicateIds: boolean;
  /** Each group's class number. */
  private readonly classOf: Int32Array;
  /** Per group: what any of its runs can reach (ages, cheapest price, the age-range part of the score). */
  private readonly bounds: GroupBounds[];

  private constructor(
    private readonly groups: ItemGroup[],
    private readonly engine: TextEngine,
    private readonly where: Locations,
    stats: GiftIndexStats,
  ) {
    this.stats = stats;
    this.duplicateIds = [...where.values()].some((at) => at.length > 1);
    const byKey = new Map<string, { rep: Gift; members: ItemGroup[]; number: number }>();
    this.classOf = new Int32Array(groups.length);
    groups.forEach((g, i) => {
      const key = gateKey(g.rep);
      let entry = byKey.get(key);
      if (!entry) byKey.set(key, (entry = { rep: g.rep, members: [], number: byKey.size }));
      entry.members.push(g);
      this.classOf[i] = entry.number;
    });
    const classes = [...byKey.values()].map(({ rep, members }) => ({
      rep,
      count: MatchCounter.build(members.flatMap((g) => g.runs.flatMap((r) => r.items))),
    }));
    this.classes = classes.every((c) => c.count)
      ? classes.map((c) => ({ rep: c.rep, count: c.count! }))
      : undefined;
    this.bounds = groups.map((g) => ({
      ageLo: Math.min(...g.runs.map((r) => r.ageMin)),
      ageHi: Math.max(...g.runs.map((r) => r.ageMax)),
      minPrice: Math.min(...g.runs.map((r) => r.prices[0]!)),
      narrow: g.runs.some((r) => r.ageMax - r.ageMin <= 30),
      seniorRange: g.runs.some((r) => r.ageMin >= 40),
      prices: Float64Array.from(g.runs.flatMap((r) => [...r.prices])).sort(),
    }));
  }

  /** No run of the group scores above this (tooYoung only lowers a score; priceFit ≤ 0). */
  private static ageFitBound(b: GroupBounds, q: ParsedQuery): number {
    let score = 0;
    if (b.narrow) score += WEIGHTS.ageTargeted;
    if (q.band === 'senior' && b.seniorRange) score += WEIGHTS.senior;
    return score;
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
    // Skipped items (the widget's "more like this", an exclusion naming an id) are rare: the shared loop. So
    // is a catalog with an id twice (the pool's order among equal (score, id) pairs follows visiting order).
    const skips = [...skipIds].some((id) => this.where.has(id)) ||
      q.exclusions.some((e) => this.where.has(e.word.replace(/ /g, '-')));
    if (skips || this.duplicateIds) return rankGroups(this.groups, this.engine, query, skipIds, this.where, true);
    const relevance = q.interests.map((reading) => this.engine.relevanceByProfile(reading.words, reading.terms));
    // rankGroups' loop with no skipped ids and unique signatures, plus bounds: no item of a run scores above
    // its `base` (priceFit ≤ 0), so a run or group whose bound is below the pool's worst cannot change it.
    const pool: Candidate[] = [];
    const gated = q.exclusions.length > 0;
    const { age, budget } = q;
    const groups = this.groups;
    // Counted by class: the classes that pass the non-exclusion gate, less the groups an exclusion gates out.
    const classes = age === age ? this.classes : undefined;
    let matched = 0;
    let classPasses: Uint8Array | undefined;
    if (classes) {
      const ungated = gated ? { ...q, exclusions: [] } : q;
      classPasses = new Uint8Array(classes.length);
      classes.forEach(({ rep, count }, c) => {
        if (gate(rep, ungated, NO_WORDS)) return;
        classPasses![c] = 1;
        matched += count.count(age, budget);
      });
    }
    // Pass 1: gate and score every group (no item visited); pass 2 visits groups best bound first and stops
    // when no group left can enter the pool.
    const scores = new Float64Array(groups.length);
    const bound = new Float64Array(groups.length);
    const order: number[] = [];
    for (let g = 0; g < groups.length; g++) {
      const group = groups[g]!;
      const b = this.bounds[g]!;
      if (age < b.ageLo || age > b.ageHi || (budget !== undefined && !(b.minPrice <= budget))) continue;
      if ((gated || !group.plain) && gate(group.rep, q, group.words)) {
        if (classPasses?.[this.classOf[g]!]) matched -= countRuns(group, age, budget);
        continue;
      }
      if (!classes) matched += countRuns(group, age, budget);
      const score = (scores[g] = signatureScoreValue(group.rep, q, relevance, group.profile));
      const ub = score + GiftIndex.ageFitBound(b, q);
      bound[g] = ub === ub ? ub : Infinity; // a NaN score (never seen) is visited, as rankGroups would
      order.push(g);
    }
    order.sort((x, y) => bound[y]! - bound[x]! || x - y);
    for (const g of order) {
      const full = pool.length === POOL;
      if (full && bound[g]! < pool[POOL - 1]!.score) break;
      // The group's prices bound it more tightly (checked only now: a binary search and two logarithms). The
      // margin keeps the bound safe should Math.log round non-monotonically by an ulp.
      if (full && bound[g]! + priceFitBound(this.bounds[g]!.prices, q) + 1e-9 < pool[POOL - 1]!.score) continue;
      const group = groups[g]!;
      const fScore = scores[g]!;
      let gift: Gift | undefined;
      let score = -Infinity;
      for (const run of group.runs) {
        if (age < run.ageMin || age > run.ageMax) continue;
        const hi = budget === undefined ? run.prices.length : upperBound(run.prices, budget);
        if (hi === 0) continue;
        const base = fScore + ageFit(run.ageMin, run.ageMax, q);
        if (base < score || (full && base < pool[POOL - 1]!.score)) continue;
        const at = bestInRun(run, hi, base, q);
        if (at < 0) continue;
        const s = base + priceFit(run.prices[at]!, q);
        if (s > score || (s === score && run.items[at]!.id < gift!.id)) ((score = s), (gift = run.items[at]!));
      }
      if (!gift) continue;
      const worst = pool.length === POOL ? pool[POOL - 1]! : undefined;
      if (worst && (score < worst.score || (score === worst.score && worst.gift.id < gift.id))) continue;
      const f = signatureScore(group.rep, q, relevance, group.profile);
      const entry: Candidate = {
        gift,
        group,
        score,
        phraseRel: f.phraseRel,
        roleFits: f.roleFits,
        occasionFits: f.occasionFits,
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

interface GroupBounds {
  ageLo: number;
  ageHi: number;
  minPrice: number;
  /** Some run's range is narrow (the ageTargeted bonus). */
  narrow: boolean;
  /** Some run starts at 40 or later (the senior bonus). */
  seniorRange: boolean;
  /** All the group's prices, sorted. */
  prices: Float64Array;
}

/**
 * No item of the group has a better priceFit than this: priceFit rises up to the target and falls after it,
 * so the best is the nearest price at or under the target or the nearest above it (within the budget).
 */
function priceFitBound(prices: Float64Array, q: ParsedQuery): number {
  const hi = q.budget === undefined ? prices.length : upperBound(prices, q.budget);
  const r = Math.min(upperBound(prices, q.target), hi);
  const below = r > 0 ? priceFit(prices[r - 1]!, q) : -Infinity;
  return r < hi ? Math.max(below, priceFit(prices[r]!, q)) : below;
}

/** A group's items that cover the age and fit the budget, run by run. */
function countRuns(group: ItemGroup, age: number, budget: number | undefined): number {
  let n = 0;
  for (const run of group.runs) {
    if (age < run.ageMin || age > run.ageMax) continue;
    n += budget === undefined ? run.prices.length : upperBound(run.prices, budget);
  }
  return n;
}

/** What `gate` reads of an item besides exclusions (so the same key gives the same outcome). */
const gateKey = (g: Gift) =>
  JSON.stringify([
    g.presumesInterest ?? null,
    g.presumes ?? null,
    g.gender ?? null,
    g.notFor ?? null,
    g.relationships.length === 1 && g.relationships[0] === 'partner',
  ]);

const NO_WORDS: ReadonlySet<string> = new Set();
