import type { Gift } from '../../catalog/schema.js';
import { type Candidate, insertCandidate, PHRASE_POOL, POOL } from '../candidates.js';
import { finishRanking, meetsPhrase } from '../finish.js';
import { bestInRun, type ItemGroup, type Locations, locations, upperBound } from '../groups.js';
import { bestOfGroup, rankGroups } from '../rank.js';
import type { Ranking } from '../result.js';
import { ageFit, BABY_AGE, type GiftQuery, parseQuery, priceFitOfLog } from '../score.js';
import { TextEngine } from '../text.js';
import { countRuns, GroupBounds } from './bounds.js';
import { ExclusionHits } from './exclusion-hits.js';
import { FactOrders } from './fact-order.js';
import { GateClasses } from './gate-classes.js';
import { groupCatalog, type SortedItems } from './grouping.js';
import { IdPlaces } from './id-places.js';
import { type HitOrder, PhraseHits } from './phrase-hits.js';
import { VisitMarks } from './visit-marks.js';

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
 * The precomputation behind every suggest_gifts call, built once per catalog snapshot. It returns exactly
 * what rankGifts(catalog, query, { skipIds }) returns (the same gifts, order, scores, reasons, `matched`,
 * `unmet`); test/gift-index.test.ts checks the equality on generated catalogs and queries.
 *
 * Why it is fast: items alike in everything but price, id and ages share one signature (grouping.ts). A
 * request counts matched items per gate class without visiting them (gate-classes.ts); it scores only the
 * signatures its interest phrases touch (phrase-hits.ts), takes every other signature's score and its
 * best-bound-first order from a table per (role, occasion, register, senior) (fact-order.ts), merges the two
 * orders, and stops when no signature left can enter the candidate pool (bounds.ts); a visited signature
 * costs two binary searches per age run. Skipped ids, duplicate ids and odd ranges take rankGroups, the
 * reference loop over the same groups.
 */
export class GiftIndex {
  readonly stats: GiftIndexStats;
  private readonly duplicateIds: boolean;
  private readonly classes: GateClasses | undefined;
  private readonly bounds: GroupBounds;
  private readonly factOrders: FactOrders;
  private readonly phraseHits: PhraseHits;
  private readonly exclusionHits: ExclusionHits;
  /** Per-request marks on groups (phrase hits, excluded), reused: ranking is synchronous. */
  private readonly hit: VisitMarks;
  private readonly excluded: VisitMarks;
  /** Groups holding a skipped item. */
  private readonly skipping: VisitMarks;

  private constructor(
    private readonly groups: ItemGroup[],
    private readonly engine: TextEngine,
    /** The catalog, each id's place in it and each place's group (for skipped ids). */
    private readonly catalog: readonly Gift[],
    private readonly ids: IdPlaces,
    private readonly groupOf: Int32Array,
    stats: GiftIndexStats,
    byPrice: ReadonlyArray<SortedItems | undefined>,
  ) {
    this.stats = stats;
    this.duplicateIds = !ids.unique;
    this.classes = GateClasses.build(groups);
    this.bounds = new GroupBounds(groups, byPrice);
    this.factOrders = new FactOrders(groups, this.bounds);
    this.phraseHits = new PhraseHits(groups, this.bounds);
    this.exclusionHits = new ExclusionHits(groups);
    this.hit = new VisitMarks(groups.length);
    this.excluded = new VisitMarks(groups.length);
    this.skipping = new VisitMarks(groups.length);
  }

  static build(catalog: readonly Gift[]): GiftIndex {
    const { groups, groupOf, byPrice, idOrder, profiles, runs, bytes } = groupCatalog(catalog);
    const stats = { items: catalog.length, signatures: groups.length, runs, bytes, profiles: profiles.length };
    const ids = IdPlaces.of(catalog, idOrder);
    return new GiftIndex(groups, new TextEngine(profiles), catalog, ids, groupOf, stats, byPrice);
  }

  private locations: Locations | undefined;
  /** Where each id sits, for the reference loop: a million small records, so made only if it runs. */
  private get where(): Locations {
    this.locations ??= locations(this.groups);
    return this.locations;
  }

  /** Ids of the items of a kind, or with that id (q.owned), built on first use. */
  private kinds?: Map<string, string[]>;
  private ofKind(kind: string): readonly string[] {
    if (!this.kinds) {
      this.kinds = new Map();
      for (const g of this.catalog) {
        for (const key of new Set([g.kind ?? '', g.id])) {
          const ids = this.kinds.get(key);
          if (ids) ids.push(g.id);
          else this.kinds.set(key, [g.id]);
        }
      }
    }
    return this.kinds.get(kind) ?? [];
  }

  rank(query: GiftQuery, options: IndexRankOptions = {}): Ranking {
    const q = parseQuery(query);
    const skipIds = options.skipIds ?? NONE;
    // A catalog with an id twice (the pool's order among equal (score, id) pairs follows visiting order), an
    // age that is not a number, or an item whose range or price is off (classes cannot count them): the
    // reference loop over the same groups.
    const classes = this.classes;
    if (this.duplicateIds || !classes || Number.isNaN(q.age))
      return rankGroups(this.groups, this.engine, query, skipIds, this.where, true);
    // Skipped: the caller's ids (the widget's "more like this") and exclusion words that are ids, as in
    // rankGroups. Their groups are marked and ranked item by item; everything else as usual.
    let skipped: Set<string> | undefined;
    for (const id of skipIds) if (this.ids.has(id)) (skipped ??= new Set()).add(id);
    for (const e of q.exclusions) {
      const id = e.word.replace(/ /g, '-');
      if (this.ids.has(id)) (skipped ??= new Set()).add(id);
    }
    for (const kind of q.owned) for (const id of this.ofKind(kind)) (skipped ??= new Set()).add(id);
    const { age, budget } = q;
    const { groups, bounds } = this;
    const { ageLo, ageHi, minPrice, single, logPrice } = bounds;
    const { classOf } = classes;
    const relevance = q.interests.map((reading) => this.engine.relevanceByProfile(reading.words, reading.terms));

    // Matched: the classes that pass the gate apart from exclusions, less the groups an exclusion rules out.
    const passes = classes.passes(q);
    let matched = classes.matched(passes, age, budget, q.baby);
    // The age a group's range is checked at: the baby's for a gift for the baby at a new baby (ageFor).
    const forBaby = q.baby ? bounds.forBaby : undefined;
    const excluded = this.excluded.marks;
    const out = this.excluded.next();
    for (const e of q.exclusions) {
      for (const g of this.exclusionHits.of(e)) {
        if (excluded[g] === out) continue;
        excluded[g] = out;
        if (passes[classes.classOf[g]!]) matched -= countRuns(groups[g]!, forBaby?.[g] ? BABY_AGE : age, budget);
      }
    }

    const skipMarks = this.skipping.marks;
    const skipping = this.skipping.next();
    const skip = skipped ? (id: string) => skipped.has(id) : NO_SKIP;
    if (skipped) {
      for (const id of skipped) {
        // Ids are unique here (duplicates take the reference loop): one item, in its own run's ages.
        const i = this.ids.of(id);
        const g = this.groupOf[i]!;
        const item = this.catalog[i]!;
        skipMarks[g] = skipping;
        const inBudget = budget === undefined || item.price <= budget;
        const at = forBaby?.[g] ? BABY_AGE : age;
        if (passes[classOf[g]!] && excluded[g] !== out && at >= item.ageMin && at <= item.ageMax && inBudget) matched--;
      }
    }

    // The signatures a phrase touches, scored now; every other one's score comes from the fact table.
    const factKey = FactOrders.key(q);
    const fact = this.factOrders.for(q, factKey);
    const hits = q.interests.length ? this.phraseHits.scored(q, relevance, factKey) : NO_HITS;
    const hit = this.hit.marks;
    const touches = this.hit.next();
    for (let i = 0; i < hits.groups.length; i++) hit[hits.groups[i]!] = touches;

    // Both orders merged, best bound first, until no group left can enter the pool.
    const pool: Candidate[] = [];
    const { order } = fact;
    let a = 0,
      b = 0;
    for (;;) {
      while (a < order.length && hit[order[a]!] === touches) a++;
      const fromHits = b < hits.groups.length && (a >= order.length || hits.bound[b]! >= fact.bound[order[a]!]!);
      if (!fromHits && a >= order.length) break;
      let g: number, bound: number, fScore: number;
      if (fromHits) {
        (g = hits.groups[b]!), (bound = hits.bound[b]!), (fScore = hits.score[b]!), b++;
      } else {
        g = order[a++]!;
        (bound = fact.bound[g]!), (fScore = fact.score[g]!);
      }
      const full = pool.length === POOL;
      if (full && bound < pool[POOL - 1]!.score) break;
      const age = forBaby?.[g] ? BABY_AGE : q.age;
      // Whether the group covers the age, fits the budget and passes the gate, from typed arrays only.
      if (age < ageLo[g]! || age > ageHi[g]! || (budget !== undefined && !(minPrice[g]! <= budget))) continue;
      if (!passes[classOf[g]!] || excluded[g] === out) continue;
      let gift: Gift | undefined;
      let score = -Infinity;
      const skips = skipMarks[g] === skipping;
      if (single[g] && !skips) {
        // One item (most groups of a real catalog): it covers the age and fits the budget (checked above), its
        // price fit is its own bound, and its ages are the group's; the same steps as the loop below.
        const fit = priceFitOfLog(logPrice[g]!, q);
        if (full && bound + fit + 1e-9 < pool[POOL - 1]!.score) continue;
        const base = fScore + ageFit(ageLo[g]!, ageHi[g]!, q, age);
        if (full && base < pool[POOL - 1]!.score) continue;
        const s = base + fit;
        if (!(s > score)) continue; // NaN (never seen) is no candidate, as in the loop
        (score = s), (gift = groups[g]!.rep);
      } else {
        const runs = groups[g]!.runs;
        // The group's prices bound it more tightly (checked only now: a binary search). The margin keeps the
        // bound safe should Math.log round non-monotonically by an ulp.
        if (full && bound + bounds.priceFitBound(g, q) + 1e-9 < pool[POOL - 1]!.score) continue;
        // Every run covers the age with one age bonus: the best of the merged run (bounds.ts says why equal).
        const merged = skips ? undefined : bounds.merged[g];
        let bonus = merged ? ageFit(runs[0]!.ageMin, runs[0]!.ageMax, q, age) : NaN;
        for (let r = 0; merged && r < runs.length && !Number.isNaN(bonus); r++) {
          const run = runs[r]!;
          if (age < run.ageMin || age > run.ageMax || ageFit(run.ageMin, run.ageMax, q, age) !== bonus) bonus = NaN;
        }
        if (merged && !Number.isNaN(bonus) && Math.abs(fScore + bonus) < 256) {
          const hi = budget === undefined ? merged.prices.length : upperBound(merged.prices, budget);
          const base = fScore + bonus;
          const at = hi === 0 || (full && base < pool[POOL - 1]!.score) ? -1 : bestInRun(merged, hi, base, q);
          const s = at < 0 ? NaN : base + priceFitOfLog(merged.logPrices[at]!, q);
          if (s > score) (score = s), (gift = merged.items[at]!);
        } else
          for (let r = 0; r < runs.length; r++) {
            const run = runs[r]!;
            if (age < run.ageMin || age > run.ageMax) continue;
            const hi = budget === undefined ? run.prices.length : upperBound(run.prices, budget);
            if (hi === 0) continue;
            const base = fScore + ageFit(run.ageMin, run.ageMax, q, age);
            if (base < score || (full && base < pool[POOL - 1]!.score)) continue;
            const at = bestInRun(run, hi, base, q, skips ? skip : undefined);
            if (at < 0) continue;
            const s = base + priceFitOfLog(run.logPrices[at]!, q);
            if (s > score || (s === score && run.items[at]!.id < gift!.id)) (score = s), (gift = run.items[at]!);
          }
      }
      if (!gift) continue;
      const worst = pool.length === POOL ? pool[POOL - 1]! : undefined;
      if (worst && (score < worst.score || (score === worst.score && worst.gift.id < gift.id))) continue;
      insertCandidate(pool, { gift, group: groups[g]!, score, meets: fromHits ? -1 : 0 });
    }
    // Phrases the pool serves with fewer than PHRASE_POOL candidates: their best candidates, from the groups
    // that meet them in best-bound-first order (the same as rankGroups' scan over every group).
    const served = q.interests.map((_reading, p) => {
      let n = 0;
      for (const c of pool) if (meetsPhrase(c, q, relevance, p)) n++;
      if (n >= PHRASE_POOL) return NO_CANDIDATES;
      const best: Candidate[] = [];
      const met = hits.met[p]!;
      for (let k = 0; k < met.length; k++) {
        const at = met[k]!;
        const g = hits.groups[at]!;
        if (best.length === PHRASE_POOL && hits.bound[at]! < best[PHRASE_POOL - 1]!.score) break;
        const age = forBaby?.[g] ? BABY_AGE : q.age;
        if (age < ageLo[g]! || age > ageHi[g]! || (budget !== undefined && !(minPrice[g]! <= budget))) continue;
        if (!passes[classOf[g]!] || excluded[g] === out) continue;
        const found = bestOfGroup(groups[g]!, hits.score[at]!, q, skipMarks[g] === skipping ? skip : undefined);
        if (!found) continue;
        const worst = best.length === PHRASE_POOL ? best[PHRASE_POOL - 1]! : undefined;
        if (worst && (found.score < worst.score || (found.score === worst.score && worst.gift.id < found.gift.id)))
          continue;
        insertCandidate(best, { gift: found.gift, group: groups[g]!, score: found.score, meets: -1 }, PHRASE_POOL);
      }
      return best;
    });
    // Why a phrase is unmet is looked for among the groups it touches (its hits), not the whole catalog.
    const touching = (p: number) => {
      const hitGroups = this.phraseHits.of(q.interests[p]!, relevance[p]!);
      return Array.from(hitGroups, (g) => groups[g]!);
    };
    return finishRanking(groups, q, relevance, pool, served, matched, query, skip, touching);
  }
}

const NONE: ReadonlySet<string> = new Set();
const NO_HITS: HitOrder = {
  groups: new Int32Array(0),
  score: new Float64Array(0),
  bound: new Float64Array(0),
  met: [],
};
const NO_CANDIDATES: Candidate[] = [];
const NO_SKIP = () => false;
