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

const WEIGHTS = { interest: 3, keyword: 1.5, relationshipFit: 2, relationshipMiss: -3, occasion: 1.5, budgetUse: 1 };

interface Scored {
  gift: Gift;
  score: number;
  interests: string[];
  keywords: string[];
  relationshipFits: boolean;
  occasionFits: boolean;
}

function isExcluded(gift: Gift, excludeWords: string[], excludeInterests: Set<Interest>): boolean {
  if (excludeWords.length === 0) return false; // the common case: no text to build
  if (gift.interests.some((i) => excludeInterests.has(i))) return true;
  const haystack = `${gift.id} ${gift.title} ${gift.categories.join(' ')}`.toLowerCase();
  return excludeWords.some((w) => w.length > 0 && (gift.id === w || gift.categories.includes(w as never) || haystack.includes(w)));
}

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

  // Only the best `count` of each (category, price band) can ever be picked (see pickDiverse),
  // so those are all that is kept and sorted: one pass over the catalog, no full sort.
  const buckets = new Map<string, Scored[]>();
  const exhaustive: Scored[] = [];
  let matched = 0;
  for (const gift of catalog) {
    if (query.budget !== undefined && gift.price > query.budget) continue;
    if (query.age < gift.ageMin || query.age > gift.ageMax) continue;
    if (isExcluded(gift, excludeWords, excludeInterests)) continue;
    // A gift meant only for a partner is never suggested for anyone else.
    if (relationship && relationship !== 'partner' && gift.relationships.length === 1 && gift.relationships[0] === 'partner') continue;

    const interests = gift.interests.filter((i) => wanted.has(i));
    // Free-text interests are matched against the text only when there are some.
    const keywordHits = keywords.length === 0 ? keywords : keywords.filter((k) => `${gift.title} ${gift.description}`.toLowerCase().includes(k));
    const relationshipFits = relationship !== undefined && gift.relationships.includes(relationship);
    const occasionFits = occasion !== undefined && gift.occasions.includes(occasion);
    let score = interests.length * WEIGHTS.interest + keywordHits.length * WEIGHTS.keyword;
    if (relationship) score += relationshipFits ? WEIGHTS.relationshipFit : WEIGHTS.relationshipMiss;
    if (occasionFits) score += WEIGHTS.occasion;
    if (query.budget !== undefined && query.budget > 0) {
      const use = gift.price / query.budget; // a gift using most of the budget reads as more considered
      score += WEIGHTS.budgetUse * (use >= 0.4 ? 1 : use / 0.4);
    }
    const entry: Scored = { gift, score, interests, keywords: keywordHits, relationshipFits, occasionFits };
    matched++;
    if (options.exhaustive) exhaustive.push(entry);
    else keepBest(buckets, `${gift.categories[0]}\0${priceBand(gift.price)}`, entry, count);
  }
  const scored = options.exhaustive ? exhaustive : [...buckets.values()].flat();
  scored.sort(byRank);

  const acrossPriceRanges = query.budget === undefined;
  const picks = pickDiverse(scored, count, acrossPriceRanges);
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

const byRank = (a: Scored, b: Scored) => b.score - a.score || a.gift.price - b.gift.price || (a.gift.id < b.gift.id ? -1 : a.gift.id > b.gift.id ? 1 : 0);

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
