import type { Gift, Interest, Occasion, Relationship } from '../catalog/schema.js';
import { exclusionInterests, normalizeInterest, normalizeOccasion, normalizeRelationship } from './vocabulary.js';

export interface GiftQuery {
  age: number;
  relationship: string;
  budget?: number;
  interests?: string[];
  occasion?: string;
  exclude?: string[];
  count?: number;
}

export interface RankedGift {
  gift: Gift;
  score: number;
  category: string;
  reason: string;
}

export interface Ranking {
  gifts: RankedGift[];
  /** How many catalog items passed the hard filters. */
  matched: number;
  relationship?: Relationship;
  occasion?: Occasion;
  /** No budget was given: the picks deliberately span price bands. */
  acrossPriceRanges: boolean;
}

/** Price bands used to spread picks when the user named no budget. */
export const PRICE_BANDS = [
  { label: 'under $25', max: 25 },
  { label: '$25–75', max: 75 },
  { label: '$75–250', max: 250 },
  { label: 'over $250', max: Infinity },
] as const;

export const priceBand = (price: number) => PRICE_BANDS.findIndex((b) => price < b.max || b.max === Infinity);

/**
 * Ranks the catalog for one recipient. Pure and deterministic: the same catalog and
 * query always give the same list, so hosts that cache results stay consistent.
 *
 * 1. Hard filters: budget, age range, exclusions.
 * 2. Score: interests (known or as keywords), relationship fit, occasion fit, use of budget.
 * 3. Diversity: no category repeats among the picks while another category still fits;
 *    without a budget, picks also rotate through price bands.
 */
export function rankGifts(catalog: readonly Gift[], query: GiftQuery, options: { exhaustive?: boolean } = {}): Ranking {
  const q = parseQuery(query);
  const { count, relationship } = q;

  // Only the best `count` of each (category, price band) can ever be picked (see pickDiverse),
  // so those are all that is kept and sorted: one pass over the catalog, no full sort.
  const buckets = new Map<string, Scored[]>();
  const exhaustive: Scored[] = [];
  let matched = 0;
  for (const gift of catalog) {
    if (query.budget !== undefined && gift.price > query.budget) continue;
    if (query.age < gift.ageMin || query.age > gift.ageMax) continue;
    if (isExcluded(gift, q.excludeWords, q.excludeInterests)) continue;
    // A gift meant only for a partner is never suggested for anyone else.
    if (relationship && relationship !== 'partner' && gift.relationships.length === 1 && gift.relationships[0] === 'partner') continue;

    const entry = scoreGift(gift, q, query.budget);
    matched++;
    if (options.exhaustive) exhaustive.push(entry);
    else keepBest(buckets, `${gift.categories[0]}\0${priceBand(gift.price)}`, entry, count);
  }
  return rankingFrom(options.exhaustive ? exhaustive : [...buckets.values()].flat(), matched, query, q);
}

/**
 * The common end of every ranking path: sorts the candidates, picks diverse ones and words
 * their reasons. `candidates`, scored by scoreGift, must hold every entry a pick can take:
 * rankGifts passes the `count` best of each (category, price band); the index fewer (gift-index.ts).
 */
export function rankingFrom(candidates: Scored[], matched: number, query: GiftQuery, q: ParsedQuery): Ranking {
  const { count, relationship, occasion } = q;
  candidates.sort(byRank);
  const acrossPriceRanges = query.budget === undefined;
  const picks = pickDiverse(candidates, count, acrossPriceRanges);
  return {
    gifts: picks.map((s) => ({
      gift: s.gift,
      score: Math.round(s.score * 100) / 100,
      category: s.gift.categories[0]!,
      reason: reasonFor(s, query, relationship, occasion),
    })),
    matched,
    ...(relationship && { relationship }),
    ...(occasion && { occasion }),
    acrossPriceRanges,
  };
}

/**
 * Keeps the `limit` best entries of a bucket. Why that is enough: every pick takes the
 * best remaining entry of some set of buckets; an unused category has nothing taken yet,
 * and fewer than `limit` entries are ever taken in all, so the best remaining entry of any
 * bucket is always among its `limit` best. test/rank.test.ts checks this against a full sort.
 */
function keepBest(buckets: Map<string, Scored[]>, key: string, entry: Scored, limit: number): void {
  let bucket = buckets.get(key);
  if (!bucket) buckets.set(key, (bucket = []));
  if (bucket.length === limit && byRank(entry, bucket[limit - 1]!) >= 0) return;
  let i = bucket.length;
  while (i > 0 && byRank(entry, bucket[i - 1]!) < 0) i--;
  bucket.splice(i, 0, entry);
  if (bucket.length > limit) bucket.pop();
}

/**
 * Picks in `sorted` order. Each step reads only the best untaken entry of some set of
 * (category, price band) buckets, or the best untaken entry overall.
 */
function pickDiverse(sorted: Scored[], count: number, spreadPrices: boolean): Scored[] {
  const picks: Scored[] = [];
  const taken = new Set<Scored>();
  const usedCategories = new Set<string>();
  const bandCount = PRICE_BANDS.length;
  while (picks.length < count && taken.size < sorted.length) {
    const wantBand = spreadPrices ? picks.length % bandCount : -1;
    const fits = (s: Scored, checkBand: boolean) =>
      !taken.has(s) && !usedCategories.has(s.gift.categories[0]!) && (!checkBand || priceBand(s.gift.price) === wantBand);
    const next =
      (spreadPrices ? sorted.find((s) => fits(s, true)) : undefined) ??
      sorted.find((s) => fits(s, false)) ??
      sorted.find((s) => !taken.has(s));
    if (!next) break;
    picks.push(next);
    taken.add(next);
    usedCategories.add(next.gift.categories[0]!);
  }
  return picks;
}

const RELATIONSHIP_NOUN: Record<Relationship, string> = {
  partner: 'a partner', parent: 'a parent', sibling: 'a sibling', child: 'a child', grandparent: 'a grandparent',
  friend: 'a friend', colleague: 'a colleague', teacher: 'a teacher', boss: 'a boss', neighbor: 'a neighbor',
};

/** One line, tied to this recipient: why this gift, in the terms the user gave. */
function reasonFor(s: Scored, query: GiftQuery, relationship?: Relationship, occasion?: Occasion): string {
  const parts: string[] = [];
  const matched = [...s.interests, ...s.keywords];
  if (matched.length) parts.push(`matches their interest in ${matched.slice(0, 2).join(' and ')}`);
  if (s.relationshipFits && relationship) parts.push(`a good fit for ${RELATIONSHIP_NOUN[relationship]}`);
  if (s.occasionFits && occasion) parts.push(`suits a ${occasion.replace(/-/g, ' ')}`);
  parts.push(`right for age ${query.age}`);
  if (query.budget !== undefined) parts.push(`$${s.gift.price} of your $${query.budget} budget`);
  const line = parts.join('; ');
  return line.charAt(0).toUpperCase() + line.slice(1) + '.';
}

// ── Shared with the index (gift-index.ts): reading a query, scoring, the rank order. ──
// Both paths call these same functions, so their scores are the same doubles and their
// tie-breaks agree bit for bit.

/**
 * A query with its free text resolved onto the closed vocabularies. The linear ranking and
 * the index both start from this, so they read a query the same way.
 */
export interface ParsedQuery {
  count: number;
  relationship?: Relationship;
  occasion?: Occasion;
  wanted: Set<Interest>;
  /** Free-text interests that are no known interest: matched as substrings of title + description. */
  keywords: string[];
  /** Lower-cased, trimmed, non-empty. */
  excludeWords: string[];
  excludeInterests: Set<Interest>;
}

export function parseQuery(query: GiftQuery): ParsedQuery {
  const count = Math.min(Math.max(query.count ?? 5, 1), 10);
  const relationship = normalizeRelationship(query.relationship);
  const occasion = query.occasion ? normalizeOccasion(query.occasion) : undefined;
  const wanted = new Set<Interest>();
  const keywords: string[] = [];
  for (const text of query.interests ?? []) {
    const known = normalizeInterest(text);
    if (known.length) known.forEach((i) => wanted.add(i));
    else if (text.trim()) keywords.push(text.trim().toLowerCase());
  }
  const excludeWords = (query.exclude ?? []).map((w) => w.trim().toLowerCase()).filter(Boolean);
  const excludeInterests = new Set(excludeWords.flatMap(exclusionInterests));
  return { count, relationship, occasion, wanted, keywords, excludeWords, excludeInterests };
}

export const WEIGHTS = { interest: 3, keyword: 1.5, relationshipFit: 2, relationshipMiss: -3, occasion: 1.5, budgetUse: 1 };

/**
 * The part of the score that does not depend on the price. Kept apart (and in this exact
 * order of additions) so the index can compute it once per group of alike gifts and still
 * get the very same double as the per-gift path.
 */
export function discreteScore(interestHits: number, keywordHits: number, relationshipGiven: boolean, relationshipFits: boolean, occasionFits: boolean): number {
  let score = interestHits * WEIGHTS.interest + keywordHits * WEIGHTS.keyword;
  if (relationshipGiven) score += relationshipFits ? WEIGHTS.relationshipFit : WEIGHTS.relationshipMiss;
  if (occasionFits) score += WEIGHTS.occasion;
  return score;
}

/** Adds the budget-use term; non-decreasing in `price` for a fixed budget (the index relies on it). */
export function withBudgetUse(score: number, price: number, budget: number | undefined): number {
  if (budget !== undefined && budget > 0) {
    const use = price / budget; // a gift using most of the budget reads as more considered
    score += WEIGHTS.budgetUse * (use >= 0.4 ? 1 : use / 0.4);
  }
  return score;
}

export interface Scored {
  gift: Gift;
  score: number;
  interests: string[];
  keywords: string[];
  relationshipFits: boolean;
  occasionFits: boolean;
}

export function scoreGift(gift: Gift, q: ParsedQuery, budget: number | undefined): Scored {
  const interests = gift.interests.filter((i) => q.wanted.has(i));
  // Free-text interests are matched against the text only when there are some.
  const keywordHits = q.keywords.length === 0 ? q.keywords : q.keywords.filter((k) => keywordHaystack(gift).includes(k));
  const relationshipFits = q.relationship !== undefined && gift.relationships.includes(q.relationship);
  const occasionFits = q.occasion !== undefined && gift.occasions.includes(q.occasion);
  const base = discreteScore(interests.length, keywordHits.length, q.relationship !== undefined, relationshipFits, occasionFits);
  return { gift, score: withBudgetUse(base, gift.price, budget), interests, keywords: keywordHits, relationshipFits, occasionFits };
}

/** The text an exclusion word is looked for in (substring match). */
export const exclusionHaystack = (gift: Gift) => `${gift.id} ${gift.title} ${gift.categories.join(' ')}`.toLowerCase();

/** The text a free-text interest is looked for in (substring match). */
export const keywordHaystack = (gift: Gift) => `${gift.title} ${gift.description}`.toLowerCase();

export function isExcluded(gift: Gift, excludeWords: string[], excludeInterests: Set<Interest>): boolean {
  if (excludeWords.length === 0) return false; // the common case: no text to build
  if (gift.interests.some((i) => excludeInterests.has(i))) return true;
  const haystack = exclusionHaystack(gift);
  return excludeWords.some((w) => w.length > 0 && (gift.id === w || gift.categories.includes(w as never) || haystack.includes(w)));
}

/** Best first: score desc, then price asc, then id asc (a total order for distinct ids). */
export const byRank = (a: Scored, b: Scored) => b.score - a.score || a.gift.price - b.gift.price || (a.gift.id < b.gift.id ? -1 : a.gift.id > b.gift.id ? 1 : 0);
