import { CATEGORIES, INTERESTS, OCCASIONS, RELATIONSHIPS, type Gift } from '../catalog/schema.js';
import {
  PRICE_BANDS, discreteScore, exclusionHaystack, keywordHaystack, parseQuery, priceBand, rankGifts, rankingFrom, scoreGift, withBudgetUse,
  type GiftQuery, type ParsedQuery, type Ranking, type Scored,
} from './rank.js';
import { exclusionInterests } from './vocabulary.js';

export interface IndexRankOptions {
  /** Ids ranked as if they were not in the catalog (e.g. the gifts already on screen). */
  skipIds?: ReadonlySet<string>;
}

export interface GiftIndexStats {
  items: number;
  /** Distinct (categories, interests, relationships, occasions). */
  signatures: number;
  /** Non-empty (signature, price band) runs. */
  runs: number;
  /** Bytes in the index's typed arrays (the gifts themselves and memoised text matches not counted). */
  bytes: number;
  /** Set when the catalog breaks an assumption of the index; every call then runs rankGifts. */
  linearOnly?: string;
}

/**
 * An index over one catalog snapshot that ranks exactly like rankGifts (the same gifts in the
 * same order, the same scores, reasons and `matched`) without scanning the catalog per call.
 *
 * Why it can:
 * - A gift's score is a discrete part fixed, for a given query, by its signature (categories,
 *   interests, relationships, occasions), plus a budget term non-decreasing in price.
 * - pickDiverse only ever takes the best untaken entry of a set of (category, price band)
 *   buckets, or overall. So the best entry of each bucket (of each category when there is a
 *   budget: picks then ignore bands) and the `count` best overall are all it needs, not the
 *   `count` best of every bucket that rankGifts keeps. See Best.pickableWinners for the detail.
 * - Each signature's gifts, kept sorted by (price, id), read from the dearest within the budget
 *   down in runs of equal score, each run cheapest first, come out in exact rank order.
 *
 * A call computes the discrete part once per signature, takes the first passing gift of each
 * signature's run (binary searches; runs that cannot beat what is held are skipped unread),
 * and merges the few runs that can hold the `count` best. `matched` is counted, not scanned.
 *
 * So a call costs about the number of signatures, not of gifts: generated catalogs have at most
 * a few hundred. A catalog of nearly all distinct gifts (the real 453-gift one has 450
 * signatures) costs about what a tight scan of it would. Building takes one pass over the gifts,
 * one numeric sort and a few linear passes over typed arrays (about 40 bytes per gift).
 *
 * Free text is matched by substring, which no sorted run answers: each exclusion word (id,
 * title, categories) and free-text interest (title, description) is found by one scan per word
 * and snapshot, memoised; after that it costs the number of gifts it matches.
 */
export class GiftIndex {
  private readonly gifts: readonly Gift[];
  private readonly n: number;
  private readonly linearOnly?: string;
  private readonly sigs!: Signatures;
  private readonly runs!: Runs;
  private readonly counts!: Counts;
  /** Positions in id order; undefined when the catalog is in id order already (the store's). */
  private readonly idOrder?: Int32Array;
  // Scratch for one call; calls are synchronous, so one set per index does.
  private readonly sigScore: Float64Array;
  private readonly sigHits: Uint8Array;
  private readonly sigAllowed: Uint8Array;
  private mark?: Uint8Array;
  private readonly best: Best;
  private readonly memo: TextMemo;

  private constructor(gifts: readonly Gift[], parts: { linearOnly: string } | { sigs: Signatures; runs: Runs; counts: Counts; idOrder?: Int32Array }) {
    this.gifts = gifts;
    this.n = gifts.length;
    if ('linearOnly' in parts) {
      this.linearOnly = parts.linearOnly;
    } else {
      this.sigs = parts.sigs;
      this.runs = parts.runs;
      this.counts = parts.counts;
      this.idOrder = parts.idOrder;
    }
    const S = this.sigs?.count ?? 0;
    this.sigScore = new Float64Array(S);
    this.sigHits = new Uint8Array(S);
    this.sigAllowed = new Uint8Array(S);
    this.best = new Best(gifts);
    this.memo = new TextMemo(MEMO_FACTOR * this.n + 64);
  }

  static build(gifts: readonly Gift[]): GiftIndex {
    const f = readFeatures(gifts);
    if (typeof f === 'string') return new GiftIndex(gifts, { linearOnly: f });
    const idOrder = idOrderOf(gifts);
    if (typeof idOrder === 'string') return new GiftIndex(gifts, { linearOnly: idOrder });
    const order = PriceOrder.of(gifts, idOrder);
    const runs = new Runs(f, order);
    return new GiftIndex(gifts, { sigs: f.sigs, runs, counts: buildCounts(f, order, runs), idOrder });
  }

  get stats(): GiftIndexStats {
    if (this.linearOnly) return { items: this.n, signatures: 0, runs: 0, bytes: 0, linearOnly: this.linearOnly };
    const { gifts: _, memo: __, ...own } = this;
    return { items: this.n, signatures: this.sigs.count, runs: this.runs.count, bytes: typedArrayBytes(own) };
  }

  /** Exactly rankGifts(the gifts without `skipIds`, query). */
  rank(query: GiftQuery, options: IndexRankOptions = {}): Ranking {
    const q = parseQuery(query); // first, so malformed input fails as in rankGifts
    const skip = options.skipIds?.size ? options.skipIds : undefined;
    if (this.linearOnly || !indexable(query, q)) return rankGifts(skip ? this.gifts.filter((g) => !skip.has(g.id)) : this.gifts, query);
    const call = new Call(query, q, this.runs);
    try {
      return this.rankIndexed(call, skip);
    } finally {
      if (call.marked) for (const pos of call.marked) this.mark![pos] = 0;
    }
  }

  private rankIndexed(call: Call, skip: ReadonlySet<string> | undefined): Ranking {
    const { gifts, sigs, runs, sigScore, sigHits, sigAllowed } = this;
    const { q, age: a, cap, budget } = call;
    const count = q.count;

    // 1. The query as bit masks.
    const relGiven = q.relationship !== undefined;
    const relBit = relGiven ? bit(REL, q.relationship!) : 0;
    const occBit = q.occasion !== undefined ? bit(OCC, q.occasion) : 0;
    const [wantLo, wantHi] = interestMask(q.wanted);
    const excluding = q.excludeWords.length > 0;
    const [exLo, exHi] = excluding ? interestMask(q.excludeInterests) : [0, 0];
    let exCats = 0;
    if (excluding) for (const w of q.excludeWords) if (CAT.has(w)) exCats |= bit(CAT, w);
    const partnerRule = relGiven && q.relationship !== 'partner';

    // 2. Gift-level marks: skipped ids, exclusion by text, gifts a free-text interest matches.
    if (skip) for (const id of skip) {
      const pos = this.positionOf(id);
      if (pos >= 0) this.markGift(call, pos, SKIPPED);
    }
    for (const w of q.excludeWords) for (const pos of this.memo.get(`exclude\0${w}`, () => this.scanExclusion(w))) this.markGift(call, pos, EXCLUDED);
    const keywordHits = q.keywords.length > 0 ? new Map<number, number>() : undefined;
    if (keywordHits) for (const k of q.keywords) {
      for (const pos of this.memo.get(`keyword\0${k}`, () => this.scanKeyword(k))) {
        keywordHits.set(pos, (keywordHits.get(pos) ?? 0) + 1);
        this.markGift(call, pos, KEYWORD_HIT);
      }
    }
    const mark = (call.mark = call.marked ? this.mark : undefined);

    // 3. Per signature (grouped by category): its discrete score and signature-level filters; then
    // from its runs, the best entry of each slot and the `count` best run heads overall.
    const perCategory = budget !== undefined; // with a budget, picks ignore bands
    const best = this.best.reset(count, perCategory ? CATEGORIES.length : CATEGORIES.length * BANDS);
    const bounded = budget !== undefined && budget > 0; // scores carry the budget term, at most +1
    const cursor = new Cursor(call);
    const head = (slot: number, s: number, start: number, end: number, everyAgeFits: boolean, source: number) => {
      const base = sigScore[s]!;
      if (end - start > SHORT_RUN) {
        if (cursor.open(start, end, base, everyAgeFits)) best.offer(slot, cursor.score, cursor.price, cursor.pos, source);
        return;
      }
      // A short run: its head is its best passing entry (ties keep the earlier, cheaper one).
      let at = -1, atScore = 0;
      for (let k = start; k < end; k++) {
        if (!everyAgeFits && (a < runs.ageMin[k]! || a > runs.ageMax[k]!)) continue;
        if (mark && mark[runs.pos[k]!] !== 0) continue;
        const score = withBudgetUse(base, runs.price[k]!, budget);
        if (at < 0 || score > atScore) {
          at = k;
          atScore = score;
        }
      }
      if (at >= 0) best.offer(slot, atScore, runs.price[at]!, runs.pos[at]!, source);
    };
    for (let c = 0; c < CATEGORIES.length; c++) {
      for (let s = sigs.catStart[c]!; s < sigs.catStart[c + 1]!; s++) {
        const lo = sigs.intLo[s]!, hi = sigs.intHi[s]!;
        const hits = wantLo | wantHi ? popcount(lo & wantLo) + popcount(hi & wantHi) : 0;
        const base = discreteScore(hits, 0, relGiven, (sigs.rel[s]! & relBit) !== 0, (sigs.occ[s]! & occBit) !== 0);
        sigHits[s] = hits;
        sigScore[s] = base;
        // A gift meant only for a partner is never suggested for anyone else.
        const partnerOnly = partnerRule && sigs.rel[s] === PARTNER_BIT;
        if (partnerOnly || (excluding && ((lo & exLo) | (hi & exHi) | (sigs.cats[s]! & exCats)) !== 0)) {
          sigAllowed[s] = 0;
          call.disallowed.push(s);
          continue;
        }
        sigAllowed[s] = 1;
        if (!runs.sigAges.mayFit(s, a)) continue;
        // Every entry scores at most base (+ 1) and costs at least the run's cheapest price.
        const bound = bounded ? base + 1 : base;
        const first = s * (BANDS + 1);
        if (perCategory) {
          const start = runs.bandStart[first]!;
          if (start === runs.bandStart[first + BANDS] || best.cannotImprove(c, bound, runs.price[start]!)) continue;
          const end = runs.withinBudget(s, cap);
          if (end > start) head(c, s, start, end, runs.sigAges.allFit(s, a), first + BANDS);
        } else {
          for (let b = 0; b < BANDS; b++) {
            const start = runs.bandStart[first + b]!, end = runs.bandStart[first + b + 1]!;
            const sb = s * BANDS + b;
            if (end === start || !runs.bandAges.mayFit(sb, a) || best.cannotImprove(c * BANDS + b, bound, runs.price[start]!)) continue;
            head(c * BANDS + b, s, start, end, runs.bandAges.allFit(sb, a), first + b);
          }
        }
      }
    }
    // 4. Gifts a free-text interest matches (the runs passed over them), scored one by one.
    if (keywordHits) for (const [pos, hits] of keywordHits) {
      if ((mark![pos]! & (SKIPPED | EXCLUDED)) !== 0) continue;
      const s = sigs.itemSig[pos]!;
      const gift = gifts[pos]!;
      if (sigAllowed[s] === 0 || gift.price > cap || a < gift.ageMin || a > gift.ageMax) continue;
      const base = discreteScore(sigHits[s]!, hits, relGiven, (sigs.rel[s]! & relBit) !== 0, (sigs.occ[s]! & occBit) !== 0);
      const slot = perCategory ? sigs.cat0[s]! : sigs.cat0[s]! * BANDS + priceBand(gift.price);
      best.offer(slot, withBudgetUse(base, gift.price, budget), gift.price, pos, -1);
    }

    // 5. `matched`, counted; and what the picks can take: the pickable slot winners and the `count` best overall.
    const matched = this.countMatched(call);
    const picked = new Set<number>();
    best.pickableWinners(picked);
    best.topMerged(picked, (source) => {
      const s = Math.floor(source / (BANDS + 1)), b = source % (BANDS + 1);
      const reopened = new Cursor(call);
      if (b === BANDS) reopened.open(runs.bandStart[s * (BANDS + 1)]!, runs.withinBudget(s, cap), sigScore[s]!, runs.sigAges.allFit(s, a));
      else reopened.open(runs.bandStart[source]!, runs.bandStart[source + 1]!, sigScore[s]!, runs.bandAges.allFit(s * BANDS + b, a));
      return reopened;
    }, (score, price, pos) => new Cursor(call).single(score, price, pos));

    const candidates: Scored[] = [];
    for (const pos of picked) candidates.push(scoreGift(gifts[pos]!, q, budget));
    return rankingFrom(candidates, matched, call.query, q);
  }

  private markGift(call: Call, pos: number, flag: number): void {
    const mark = (this.mark ??= new Uint8Array(this.n));
    if (mark[pos] === 0) (call.marked ??= []).push(pos);
    // Removed from `matched` once, for however many reasons.
    if (flag !== KEYWORD_HIT && (mark[pos]! & (SKIPPED | EXCLUDED)) === 0) call.removed.push(pos);
    mark[pos]! |= flag;
  }

  /** Gifts passing every hard filter, counted without visiting them (but the few marked ones). */
  private countMatched(call: Call): number {
    const { age: a, cap } = call;
    const { byMinAge, byMaxAge, groups } = this.counts;
    // #(ageMin ≤ a ≤ ageMax) = Σ_{v ≤ a} #(ageMin = v) − Σ_{v < a} #(ageMax = v), as ageMax < a implies ageMin < a.
    let matched = 0;
    for (const v of byMinAge.values) if (v <= a) matched += byMinAge.countUpTo(v, cap);
    for (const v of byMaxAge.values) if (v < a) matched -= byMaxAge.countUpTo(v, cap);
    for (const s of call.disallowed) {
      for (let g = groups.sigStart[s]!; g < groups.sigStart[s + 1]!; g++) {
        if (a < groups.ageMin[g]! || a > groups.ageMax[g]!) continue;
        matched -= upperBound(groups.price, groups.start[g]!, groups.start[g + 1]!, cap) - groups.start[g]!;
      }
    }
    for (const pos of call.removed) {
      const gift = this.gifts[pos]!;
      if (this.sigAllowed[this.sigs.itemSig[pos]!] !== 0 && !(gift.price > cap) && a >= gift.ageMin && a <= gift.ageMax) matched--;
    }
    return matched;
  }

  /** Catalog position of an id, or -1. */
  private positionOf(id: string): number {
    const { gifts, idOrder } = this;
    let lo = 0, hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const pos = idOrder ? idOrder[mid]! : mid;
      const at = gifts[pos]!.id;
      if (at === id) return pos;
      if (at < id) lo = mid + 1;
      else hi = mid;
    }
    return -1;
  }

  /**
   * Gifts an exclusion word removes by text (id, title, categories), leaving out those it
   * removes by signature anyway (its category, its interests), which no run reads.
   */
  private scanExclusion(word: string): Int32Array {
    const catBit = CAT.has(word) ? bit(CAT, word) : 0;
    const [lo, hi] = interestMask(exclusionInterests(word));
    const { itemSig, cats, intLo, intHi } = this.sigs;
    const out: number[] = [];
    for (let pos = 0; pos < this.n; pos++) {
      const s = itemSig[pos]!;
      if ((cats[s]! & catBit) !== 0 || (intLo[s]! & lo) !== 0 || (intHi[s]! & hi) !== 0) continue;
      if (exclusionHaystack(this.gifts[pos]!).includes(word)) out.push(pos);
    }
    return Int32Array.from(out);
  }

  /** Gifts whose title or description contains a free-text interest. */
  private scanKeyword(word: string): Int32Array {
    const out: number[] = [];
    for (let pos = 0; pos < this.n; pos++) if (keywordHaystack(this.gifts[pos]!).includes(word)) out.push(pos);
    return Int32Array.from(out);
  }
}

const BANDS = PRICE_BANDS.length;
const vocabulary = (values: readonly string[]) => new Map<string, number>(values.map((v, i) => [v, i]));
const CAT = vocabulary(CATEGORIES);
const INTEREST = vocabulary(INTERESTS);
const REL = vocabulary(RELATIONSHIPS);
const OCC = vocabulary(OCCASIONS);
const bit = (vocab: Map<string, number>, value: string) => 1 << vocab.get(value)!;
const PARTNER_BIT = bit(REL, 'partner');
const MAX_AGE = 120;
const MAX_COUNT = 10;
/** Runs up to this long are read directly rather than through a Cursor (most runs of a catalog of distinct gifts). */
const SHORT_RUN = 4;
/** Positions per catalog gift the text memo may hold (× 4 bytes). */
const MEMO_FACTOR = 4;
/** Room for the id rank in a packed (cents, id rank) sort key. */
const ID_BITS = 2 ** 24;

/** Per-gift marks for one call. */
const SKIPPED = 1, EXCLUDED = 2, KEYWORD_HIT = 4;

const popcount = (x: number) => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
};

/** Interests as two 32-bit masks (there are 64). */
function interestMask(interests: Iterable<string>): [number, number] {
  let lo = 0, hi = 0;
  for (const i of interests) {
    const b = INTEREST.get(i)!;
    if (b < 32) lo |= 1 << b;
    else hi |= 1 << (b - 32);
  }
  return [lo, hi];
}

/** First index in [lo, hi) whose value is > x, in a sorted range. */
function upperBound(a: Float64Array, lo: number, hi: number, x: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** priceBand without its closure: the first band whose max the price is below. */
function bandOf(price: number): number {
  let b = 0;
  while (b < BANDS - 1 && !(price < PRICE_BANDS[b]!.max)) b++;
  return b;
}

/** Queries the index answers itself; anything else (which the tools' schemas never let through) runs rankGifts. */
function indexable(query: GiftQuery, q: ParsedQuery): boolean {
  return (
    typeof query.age === 'number' && !Number.isNaN(query.age) &&
    (query.budget === undefined || (typeof query.budget === 'number' && !Number.isNaN(query.budget))) &&
    Number.isInteger(q.count)
  );
}

/** Bytes in the typed arrays reachable from an object, a few levels down. */
function typedArrayBytes(value: unknown, depth = 3): number {
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (depth === 0 || typeof value !== 'object' || value === null) return 0;
  return Object.values(value).reduce<number>((sum, v) => sum + typedArrayBytes(v, depth - 1), 0);
}

// ── One call ──

/** One call's query, as the cursors read it, and what it marked. */
class Call {
  readonly age: number;
  readonly budget: number | undefined;
  /** Highest price passing the budget filter. */
  readonly cap: number;
  /** The index's gift marks, when this call set any. */
  mark?: Uint8Array;
  marked?: number[];
  /** Gifts a skip id or an exclusion word removes, each once. */
  readonly removed: number[] = [];
  /** Signatures the partner rule or an exclusion removes. */
  readonly disallowed: number[] = [];

  constructor(readonly query: GiftQuery, readonly q: ParsedQuery, readonly runs: Runs) {
    this.age = query.age;
    this.budget = query.budget;
    this.cap = query.budget ?? Infinity;
  }
}

/**
 * Reads a run (a price-sorted range of one signature's entries) in rank order: from its dearest
 * entry down, in stretches of equal score, each stretch cheapest first (then by id, the run's
 * order). The budget term is non-decreasing in price, so the stretches come out in strictly
 * decreasing score; without a budget term a run is one stretch. Entries outside the age range,
 * or marked, are passed over.
 */
class Cursor {
  score = 0;
  price = 0;
  pos = -1;
  private base = 0;
  private floor = 0;
  private stretchStart = 0;
  private stretchEnd = 0;
  private k = 0;
  private everyAgeFits = false;

  constructor(private readonly call: Call) {}

  /** Positions on the first passing entry of [start, end) (all within the budget); false when there is none. */
  open(start: number, end: number, base: number, everyAgeFits: boolean): boolean {
    this.base = base;
    this.floor = start;
    this.everyAgeFits = everyAgeFits;
    this.stretchStart = this.stretchEnd = this.k = end;
    return this.seek();
  }

  /** A single entry scored elsewhere (a gift a free-text interest matches). */
  single(score: number, price: number, pos: number): this {
    this.score = score;
    this.price = price;
    this.pos = pos;
    this.floor = this.stretchStart = this.stretchEnd = this.k = 0;
    return this;
  }

  next(): boolean {
    this.k++;
    return this.seek();
  }

  private seek(): boolean {
    const { runs, age, mark } = this.call;
    for (;;) {
      for (; this.k < this.stretchEnd; this.k++) {
        const k = this.k;
        if (!this.everyAgeFits && (age < runs.ageMin[k]! || age > runs.ageMax[k]!)) continue;
        if (mark && mark[runs.pos[k]!] !== 0) continue;
        this.pos = runs.pos[k]!;
        this.price = runs.price[k]!;
        return true;
      }
      if (this.stretchStart === this.floor) return false;
      this.nextStretch();
    }
  }

  /** Moves to the stretch of equal score just below the current one. */
  private nextStretch(): void {
    const { budget, runs } = this.call;
    const prices = runs.price;
    const end = this.stretchStart;
    const base = this.base;
    const top = (this.score = withBudgetUse(base, prices[end - 1]!, budget));
    let first = this.floor;
    if (budget !== undefined && budget > 0 && withBudgetUse(base, prices[first]!, budget) < top) {
      // Gallop down from the end, then bisect: only the top stretch (use ≥ 0.4) is long.
      let known = end - 1; // scores `top`
      let below = first; // scores less
      for (let step = 1; known - step > below; step *= 2) {
        if (withBudgetUse(base, prices[known - step]!, budget) < top) {
          below = known - step;
          break;
        }
        known -= step;
      }
      while (known - below > 1) {
        const mid = (known + below) >>> 1;
        if (withBudgetUse(base, prices[mid]!, budget) < top) below = mid;
        else known = mid;
      }
      first = known;
    }
    this.stretchStart = this.k = first;
    this.stretchEnd = end;
  }
}

/**
 * The best entry per slot, and the `count` best overall in rank order (score desc, price asc,
 * id asc), each of those with the run it heads (-1: a single scored gift). One per index, reset per call.
 */
class Best {
  private count = 0;
  private slots = 0;
  private readonly slotScore = new Float64Array(CATEGORIES.length * BANDS);
  private readonly slotPrice = new Float64Array(CATEGORIES.length * BANDS);
  private readonly slotPos = new Int32Array(CATEGORIES.length * BANDS);
  private readonly topScore = new Float64Array(MAX_COUNT);
  private readonly topPrice = new Float64Array(MAX_COUNT);
  private readonly topPos = new Int32Array(MAX_COUNT);
  private readonly topSource = new Int32Array(MAX_COUNT);
  private topLen = 0;

  constructor(private readonly gifts: readonly Gift[]) {}

  reset(count: number, slots: number): this {
    this.count = count;
    this.slots = slots;
    this.slotPos.fill(-1, 0, slots);
    this.topLen = 0;
    return this;
  }

  private better(sa: number, pa: number, a: number, sb: number, pb: number, b: number): boolean {
    return sa > sb || (sa === sb && (pa < pb || (pa === pb && this.gifts[a]!.id < this.gifts[b]!.id)));
  }

  /** Whether no entry scoring ≤ bound and costing ≥ minPrice can enter the slot or the top. */
  cannotImprove(slot: number, bound: number, minPrice: number): boolean {
    const t = this.count - 1;
    if (this.slotPos[slot]! < 0 || this.topLen <= t) return false;
    const { slotScore, slotPrice, topScore, topPrice } = this;
    return (
      (bound < slotScore[slot]! || (bound === slotScore[slot]! && minPrice > slotPrice[slot]!)) &&
      (bound < topScore[t]! || (bound === topScore[t]! && minPrice > topPrice[t]!))
    );
  }

  offer(slot: number, score: number, price: number, pos: number, source: number): void {
    const { slotScore, slotPrice, slotPos, topScore, topPrice, topPos, topSource, count } = this;
    if (slotPos[slot]! < 0 || this.better(score, price, pos, slotScore[slot]!, slotPrice[slot]!, slotPos[slot]!)) {
      slotScore[slot] = score;
      slotPrice[slot] = price;
      slotPos[slot] = pos;
    }
    let t = this.topLen;
    if (t === count) {
      if (!this.better(score, price, pos, topScore[t - 1]!, topPrice[t - 1]!, topPos[t - 1]!)) return;
      t--;
    } else this.topLen++;
    for (; t > 0 && this.better(score, price, pos, topScore[t - 1]!, topPrice[t - 1]!, topPos[t - 1]!); t--) {
      topScore[t] = topScore[t - 1]!;
      topPrice[t] = topPrice[t - 1]!;
      topPos[t] = topPos[t - 1]!;
      topSource[t] = topSource[t - 1]!;
    }
    topScore[t] = score;
    topPrice[t] = price;
    topPos[t] = pos;
    topSource[t] = source;
  }

  /**
   * The slot winners a pick can take: per band (slots c × BANDS + b), or over all slots when
   * slots are categories, the `count` best. Why: a pick takes the best winner with an unused
   * category, of one band or of any (pickDiverse), and fewer than `count` categories are ever
   * used. And the best winner of an unused category is among the `count` best of its own band:
   * every winner of that band beating it belongs to a category whose best beats it too.
   */
  pickableWinners(into: Set<number>): void {
    const groups = this.slots === CATEGORIES.length ? 1 : BANDS;
    const held: number[] = [];
    for (let g = 0; g < groups; g++) {
      held.length = 0;
      for (let slot = g; slot < this.slots; slot += groups) {
        if (this.slotPos[slot]! < 0) continue;
        // Insertion into this group's `count` best, best first.
        let t = held.length;
        if (t === this.count && !this.slotBeats(slot, held[t - 1]!)) continue;
        if (t === this.count) t--;
        else held.push(slot);
        for (; t > 0 && this.slotBeats(slot, held[t - 1]!); t--) held[t] = held[t - 1]!;
        held[t] = slot;
      }
      for (const slot of held) into.add(this.slotPos[slot]!);
    }
  }

  private slotBeats(a: number, b: number): boolean {
    return this.better(this.slotScore[a]!, this.slotPrice[a]!, this.slotPos[a]!, this.slotScore[b]!, this.slotPrice[b]!, this.slotPos[b]!);
  }

  /**
   * The `count` best entries overall: a merge of the runs heading the top. A run whose head is
   * not among the `count` best heads has `count` better entries elsewhere.
   */
  topMerged(into: Set<number>, reopen: (source: number) => Cursor, single: (score: number, price: number, pos: number) => Cursor): void {
    const heads: Cursor[] = [];
    for (let t = 0; t < this.topLen; t++) {
      const source = this.topSource[t]!;
      heads.push(source < 0 ? single(this.topScore[t]!, this.topPrice[t]!, this.topPos[t]!) : reopen(source));
    }
    for (let taken = 0; taken < this.count && heads.length > 0; taken++) {
      let at = 0;
      for (let h = 1; h < heads.length; h++) {
        const x = heads[h]!, y = heads[at]!;
        if (this.better(x.score, x.price, x.pos, y.score, y.price, y.pos)) at = h;
      }
      const head = heads[at]!;
      into.add(head.pos);
      if (!head.next()) heads.splice(at, 1);
    }
  }
}

/**
 * Substring matches per word, memoised for the snapshot: a scan on first use, then a lookup.
 * The least recently used go first once it holds more than `limit` positions in all.
 */
class TextMemo {
  private readonly entries = new Map<string, Int32Array>();
  private size = 0;

  constructor(private readonly limit: number) {}

  get(key: string, scan: () => Int32Array): Int32Array {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key); // most recently used last
      this.entries.set(key, hit);
      return hit;
    }
    const found = scan();
    this.entries.set(key, found);
    this.size += found.length + 1;
    for (const [oldest, positions] of this.entries) {
      if (this.size <= this.limit || positions === found) break;
      this.entries.delete(oldest);
      this.size -= positions.length + 1;
    }
    return found;
  }
}

// ── Build ──

/** Numbered in primary-category order: category c's are catStart[c] .. catStart[c + 1] - 1. */
interface Signatures {
  count: number;
  catStart: Int32Array;
  /** Per gift (catalog position). */
  itemSig: Int32Array;
  cat0: Uint8Array;
  cats: Uint32Array;
  intLo: Uint32Array;
  intHi: Uint32Array;
  rel: Uint32Array;
  occ: Uint32Array;
}

interface Features {
  ageMin: Uint8Array;
  ageMax: Uint8Array;
  sigs: Signatures;
}

/**
 * One pass over the gifts: ages, and signatures (vocabularies as bit masks, numbered with an
 * open-addressing hash table). Or why the index cannot take the catalog.
 */
function readFeatures(gifts: readonly Gift[]): Features | string {
  const n = gifts.length;
  const ageMin = new Uint8Array(n), ageMax = new Uint8Array(n), itemSig = new Int32Array(n);
  const sig = { cat0: new GrowingU32(), cats: new GrowingU32(), intLo: new GrowingU32(), intHi: new GrowingU32(), rel: new GrowingU32(), occ: new GrowingU32() };
  let tableSize = 1024;
  let table = new Int32Array(tableSize); // signature + 1; 0 = empty
  const hash = (cat0: number, cats: number, lo: number, hi: number, rel: number, occ: number) => {
    let h = Math.imul(cats ^ (cat0 << 24), 0x9e3779b1);
    h = Math.imul(h ^ lo, 0x85ebca77);
    h = Math.imul(h ^ hi, 0xc2b2ae3d);
    h = Math.imul(h ^ rel, 0x27d4eb2f);
    h = Math.imul(h ^ occ, 0x165667b1);
    return h ^ (h >>> 15);
  };
  for (let i = 0; i < n; i++) {
    const g = gifts[i]!;
    const p = g.price, lo = g.ageMin, hi = g.ageMax;
    if (typeof g.id !== 'string') return `gift ${i}: id is not a string`;
    if (typeof p !== 'number' || !(p > 0) || p === Infinity) return `gift ${i}: price is not a positive number`;
    if (!Number.isInteger(lo) || !Number.isInteger(hi) || lo < 0 || hi > MAX_AGE || lo > hi) return `gift ${i}: age range is not 0 ≤ ageMin ≤ ageMax ≤ ${MAX_AGE}`;
    const cats = bitsOf(g.categories, CAT), rel = bitsOf(g.relationships, REL), occ = bitsOf(g.occasions, OCC);
    if (cats <= 0 || rel < 0 || occ < 0) return `gift ${i}: categories, relationships or occasions are not distinct known values`;
    if (!Array.isArray(g.interests)) return `gift ${i}: interests is not a list`;
    let intLo = 0, intHi = 0;
    for (const v of g.interests) {
      const b = INTEREST.get(v);
      if (b === undefined) return `gift ${i}: unknown interest ${JSON.stringify(v)}`;
      const mask = 1 << (b & 31);
      if ((b < 32 ? intLo : intHi) & mask) return `gift ${i}: repeated interest ${v}`;
      if (b < 32) intLo |= mask;
      else intHi |= mask;
    }
    const cat0 = CAT.get(g.categories[0]!)!;
    intLo >>>= 0;
    intHi >>>= 0;
    let slot = hash(cat0, cats, intLo, intHi, rel, occ) & (tableSize - 1);
    let s: number;
    for (;;) {
      const at = table[slot]!;
      if (at === 0) {
        s = sig.cat0.length;
        table[slot] = s + 1;
        sig.cat0.push(cat0); sig.cats.push(cats); sig.intLo.push(intLo); sig.intHi.push(intHi); sig.rel.push(rel); sig.occ.push(occ);
        break;
      }
      s = at - 1;
      if (sig.cat0.at(s) === cat0 && sig.cats.at(s) === cats && sig.intLo.at(s) === intLo && sig.intHi.at(s) === intHi && sig.rel.at(s) === rel && sig.occ.at(s) === occ) break;
      slot = (slot + 1) & (tableSize - 1);
    }
    if (sig.cat0.length * 2 > tableSize) {
      tableSize *= 2;
      table = new Int32Array(tableSize);
      for (let t = 0; t < sig.cat0.length; t++) {
        let at = hash(sig.cat0.at(t), sig.cats.at(t), sig.intLo.at(t), sig.intHi.at(t), sig.rel.at(t), sig.occ.at(t)) & (tableSize - 1);
        while (table[at] !== 0) at = (at + 1) & (tableSize - 1);
        table[at] = t + 1;
      }
    }
    ageMin[i] = lo;
    ageMax[i] = hi;
    itemSig[i] = s;
  }
  // Renumber the signatures in primary-category order (stable), so a category's are contiguous.
  const S = sig.cat0.length;
  const catStart = new Int32Array(CATEGORIES.length + 1);
  for (let s = 0; s < S; s++) catStart[sig.cat0.at(s) + 1]++;
  for (let c = 0; c < CATEGORIES.length; c++) catStart[c + 1] += catStart[c]!;
  const renumbered = new Int32Array(S);
  const next = catStart.slice(0, CATEGORIES.length);
  for (let s = 0; s < S; s++) renumbered[s] = next[sig.cat0.at(s)]!++;
  for (let i = 0; i < n; i++) itemSig[i] = renumbered[itemSig[i]!]!;
  const permuted = (g: GrowingU32) => {
    const out = new Uint32Array(S);
    for (let s = 0; s < S; s++) out[renumbered[s]!] = g.at(s);
    return out;
  };
  return {
    ageMin, ageMax,
    sigs: {
      count: S, catStart, itemSig, cat0: Uint8Array.from(permuted(sig.cat0)), cats: permuted(sig.cats), intLo: permuted(sig.intLo),
      intHi: permuted(sig.intHi), rel: permuted(sig.rel), occ: permuted(sig.occ),
    },
  };
}

/** An append-only Uint32Array. */
class GrowingU32 {
  private data = new Uint32Array(64);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Uint32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
  at(i: number): number {
    return this.data[i]!;
  }
}

/** A set of vocabulary values as bits; -1 for an unknown or repeated value, or no list. */
function bitsOf(values: readonly string[], vocab: Map<string, number>): number {
  if (!Array.isArray(values)) return -1;
  let bits = 0;
  for (const v of values) {
    const b = vocab.get(v);
    if (b === undefined || bits & (1 << b)) return -1;
    bits |= 1 << b;
  }
  return bits;
}

/** Positions in the reference's id order (string `<`): undefined when that is the catalog's own; a reason on a duplicate id. */
function idOrderOf(gifts: readonly Gift[]): Int32Array | undefined | string {
  const n = gifts.length;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = gifts[i - 1]!.id < gifts[i]!.id;
  if (sorted) return undefined;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => (gifts[a]!.id < gifts[b]!.id ? -1 : gifts[a]!.id > gifts[b]!.id ? 1 : 0));
  for (let k = 1; k < n; k++) if (gifts[order[k - 1]!]!.id === gifts[order[k]!]!.id) return `duplicate id ${gifts[order[k]!]!.id}`;
  return order;
}

/**
 * The catalog in (price, id) order: one numeric sort of packed (cents, id rank) keys, from which
 * position and price are read back; or, when a price has more than 2 decimals or the catalog is
 * huge, a comparator sort with the prices beside.
 */
class PriceOrder {
  private constructor(
    private readonly keys: Float64Array | undefined,
    private readonly idOrder: Int32Array | undefined,
    private readonly order: Int32Array | undefined,
    private readonly prices: Float64Array | undefined,
  ) {}

  static of(gifts: readonly Gift[], idOrder: Int32Array | undefined): PriceOrder {
    const n = gifts.length;
    let idRank: Int32Array | undefined;
    if (idOrder) {
      idRank = new Int32Array(n);
      for (let k = 0; k < n; k++) idRank[idOrder[k]!] = k;
    }
    if (n <= ID_BITS) {
      const keys = new Float64Array(n);
      let packable = true;
      for (let i = 0; i < n && packable; i++) {
        const price = gifts[i]!.price;
        const cents = Math.round(price * 100);
        if (cents / 100 !== price || cents >= 2 ** 28) packable = false;
        else keys[i] = cents * ID_BITS + (idRank ? idRank[i]! : i);
      }
      if (packable) return new PriceOrder(keys.sort(), idOrder, undefined, undefined);
    }
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    const rank = (i: number) => (idRank ? idRank[i]! : i);
    order.sort((a, b) => gifts[a]!.price - gifts[b]!.price || rank(a) - rank(b));
    return new PriceOrder(undefined, undefined, order, Float64Array.from(order, (i) => gifts[i]!.price));
  }

  get length(): number {
    return (this.keys ?? this.order)!.length;
  }

  pos(k: number): number {
    if (!this.keys) return this.order![k]!;
    const rank = this.keys[k]! % ID_BITS;
    return this.idOrder ? this.idOrder[rank]! : rank;
  }

  price(k: number): number {
    if (!this.keys) return this.prices![k]!;
    const key = this.keys[k]!;
    return (key - (key % ID_BITS)) / ID_BITS / 100; // exact: the key was built only when cents / 100 === price
  }
}

/** Age extremes of a set of ranges of entries: whether an age may fit some entry, or fits all. */
class AgeSpans {
  readonly minLo: Uint8Array;
  readonly maxLo: Uint8Array;
  readonly minHi: Uint8Array;
  readonly maxHi: Uint8Array;

  constructor(size: number) {
    this.minLo = new Uint8Array(size).fill(255);
    this.maxLo = new Uint8Array(size);
    this.minHi = new Uint8Array(size).fill(255);
    this.maxHi = new Uint8Array(size);
  }

  add(i: number, lo: number, hi: number): void {
    if (lo < this.minLo[i]!) this.minLo[i] = lo;
    if (lo > this.maxLo[i]!) this.maxLo[i] = lo;
    if (hi < this.minHi[i]!) this.minHi[i] = hi;
    if (hi > this.maxHi[i]!) this.maxHi[i] = hi;
  }

  mayFit(i: number, age: number): boolean {
    return this.minLo[i]! <= age && age <= this.maxHi[i]!;
  }

  allFit(i: number, age: number): boolean {
    return this.maxLo[i]! <= age && age <= this.minHi[i]!;
  }
}

/**
 * Each signature's gifts as one (price, id)-sorted run, signatures grouped by primary category;
 * a price band is a sub-range of a run.
 */
class Runs {
  /** Entries of signature s in band b: [bandStart[s × (BANDS + 1) + b], bandStart[s × (BANDS + 1) + b + 1]). */
  readonly bandStart: Int32Array;
  /** Per signature and per (signature × BANDS + band). */
  readonly sigAges: AgeSpans;
  readonly bandAges: AgeSpans;
  /** Non-empty (signature, band) ranges. */
  readonly count: number;
  // Per entry.
  readonly pos: Int32Array;
  readonly price: Float64Array;
  readonly ageMin: Uint8Array;
  readonly ageMax: Uint8Array;

  constructor(f: Features, order: PriceOrder) {
    const n = order.length;
    const { count: S, itemSig } = f.sigs;
    // Range sizes, then starts in signature order; a run is its bands back to back.
    const next = new Int32Array(S * BANDS);
    for (let k = 0; k < n; k++) next[itemSig[order.pos(k)]! * BANDS + bandOf(order.price(k))]++;
    this.bandStart = new Int32Array(S * (BANDS + 1));
    let at = 0, ranges = 0;
    for (let s = 0; s < S; s++) {
      for (let b = 0; b < BANDS; b++) {
        const size = next[s * BANDS + b]!;
        this.bandStart[s * (BANDS + 1) + b] = at;
        next[s * BANDS + b] = at;
        at += size;
        if (size > 0) ranges++;
      }
      this.bandStart[s * (BANDS + 1) + BANDS] = at;
    }
    this.count = ranges;
    this.sigAges = new AgeSpans(S);
    this.bandAges = new AgeSpans(S * BANDS);
    this.pos = new Int32Array(n);
    this.price = new Float64Array(n);
    this.ageMin = new Uint8Array(n);
    this.ageMax = new Uint8Array(n);
    for (let k = 0; k < n; k++) {
      const i = order.pos(k), p = order.price(k);
      const s = itemSig[i]!, sb = s * BANDS + bandOf(p);
      const e = next[sb]!++;
      const lo = f.ageMin[i]!, hi = f.ageMax[i]!;
      this.pos[e] = i;
      this.price[e] = p;
      this.ageMin[e] = lo;
      this.ageMax[e] = hi;
      this.sigAges.add(s, lo, hi);
      this.bandAges.add(sb, lo, hi);
    }
  }

  /** End of the part of signature s's run within the budget cap. */
  withinBudget(s: number, cap: number): number {
    const start = this.bandStart[s * (BANDS + 1)]!, end = this.bandStart[s * (BANDS + 1) + BANDS]!;
    if (start === end || this.price[end - 1]! <= cap) return end;
    return upperBound(this.price, start, end, cap);
  }
}

/** What `matched` is counted from. */
interface Counts {
  /** The prices of the gifts with each ageMin / ageMax value, sorted. */
  byMinAge: PricesByAge;
  byMaxAge: PricesByAge;
  /** Per (signature, ageMin, ageMax) group: prices, sorted; for subtracting removed signatures. */
  groups: { sigStart: Int32Array; ageMin: Uint8Array; ageMax: Uint8Array; start: Int32Array; price: Float64Array };
}

function buildCounts(f: Features, order: PriceOrder, runs: Runs): Counts {
  const n = order.length;
  const S = f.sigs.count;
  // Groups from the runs (each already in price order): per signature, its entries by age range.
  const price = new Float64Array(n);
  const sigStart = new Int32Array(S + 1);
  const start: number[] = [], ageMin: number[] = [], ageMax: number[] = [], size: number[] = [];
  const groupOfAges = new Int32Array((MAX_AGE + 1) ** 2).fill(-1);
  let filled = 0;
  for (let s = 0; s < S; s++) {
    const from = runs.bandStart[s * (BANDS + 1)]!, to = runs.bandStart[s * (BANDS + 1) + BANDS]!;
    const first = start.length;
    for (let e = from; e < to; e++) {
      const key = runs.ageMin[e]! * (MAX_AGE + 1) + runs.ageMax[e]!;
      if (groupOfAges[key]! < 0) {
        groupOfAges[key] = start.length;
        start.push(0);
        ageMin.push(runs.ageMin[e]!);
        ageMax.push(runs.ageMax[e]!);
        size.push(0);
      }
      size[groupOfAges[key]!]!++;
    }
    for (let g = first; g < start.length; g++) {
      start[g] = filled;
      filled += size[g]!;
      size[g] = start[g]!; // from here on: the group's next free slot
    }
    for (let e = from; e < to; e++) price[size[groupOfAges[runs.ageMin[e]! * (MAX_AGE + 1) + runs.ageMax[e]!]!]!++] = runs.price[e]!;
    for (let g = first; g < start.length; g++) groupOfAges[ageMin[g]! * (MAX_AGE + 1) + ageMax[g]!] = -1;
    sigStart[s + 1] = start.length;
  }
  start.push(n);
  return {
    byMinAge: new PricesByAge(order, f.ageMin),
    byMaxAge: new PricesByAge(order, f.ageMax),
    groups: { sigStart, ageMin: Uint8Array.from(ageMin), ageMax: Uint8Array.from(ageMax), start: Int32Array.from(start), price },
  };
}

/** Prices grouped by an age value (0..120), each group sorted. */
class PricesByAge {
  /** The values present, ascending. */
  readonly values: number[] = [];
  private readonly start = new Int32Array(MAX_AGE + 2);
  private readonly price: Float64Array;

  constructor(order: PriceOrder, age: Uint8Array) {
    const { start } = this;
    for (let i = 0; i < age.length; i++) start[age[i]! + 1]++;
    for (let v = 0; v <= MAX_AGE; v++) {
      if (start[v + 1]! > 0) this.values.push(v);
      start[v + 1] += start[v]!;
    }
    const next = start.slice(0, MAX_AGE + 1);
    this.price = new Float64Array(order.length);
    for (let k = 0; k < order.length; k++) this.price[next[age[order.pos(k)]!]!++] = order.price(k);
  }

  /** How many gifts with this age value cost at most `cap`. */
  countUpTo(value: number, cap: number): number {
    return upperBound(this.price, this.start[value]!, this.start[value + 1]!, cap) - this.start[value]!;
  }
}
