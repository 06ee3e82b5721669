import { CATEGORIES, type Gift, INTERESTS } from '../catalog/schema.js';

/*
 * How alike two items are, 0..1, for diversity: shared interests and categories (Jaccard) and the same main
 * category. Each item's lists become bit sets once, at grouping, so the diversity step (a few hundred
 * comparisons per request) compares words of bits; lists the bit sets cannot hold (a value outside the
 * closed vocabularies, a value twice) are compared as lists, with the same result.
 */
export interface LikenessTraits {
  /**
   * Interest bits (0–31, 32–63, 64–95), category bits, their counts and the main category (categories[0]: kept here so
   * that a comparison reads no gift, whose shapes vary across a catalog); undefined when the lists do not fit.
   */
  bits:
    | {
        lo: number;
        mid: number;
        hi: number;
        categories: number;
        interests: number;
        categoryCount: number;
        main: string | undefined;
      }
    | undefined;
  /** The gift's kind (gift.kind), read by the diversity step's one-of-a-kind rule without reading the gift. */
  kind: string | undefined;
}

const INTEREST_BIT = new Map<string, number>(INTERESTS.map((interest, i) => [interest, i]));
const CATEGORY_BIT = new Map<string, number>(CATEGORIES.map((category, i) => [category, i]));

export function likenessTraits(gift: Gift): LikenessTraits {
  let lo = 0,
    mid = 0,
    hi = 0,
    categories = 0;
  for (const interest of gift.interests) {
    const bit = INTEREST_BIT.get(interest);
    if (bit === undefined || bit >= 96) return { bits: undefined, kind: gift.kind };
    const word = bit < 32 ? lo : bit < 64 ? mid : hi;
    const mask = 1 << (bit % 32);
    if (word & mask) return { bits: undefined, kind: gift.kind };
    if (bit < 32) lo |= mask;
    else if (bit < 64) mid |= mask;
    else hi |= mask;
  }
  for (const category of gift.categories) {
    const bit = CATEGORY_BIT.get(category);
    if (bit === undefined || bit >= 32 || categories & (1 << bit)) return { bits: undefined, kind: gift.kind };
    categories |= 1 << bit;
  }
  return {
    bits: {
      lo,
      mid,
      hi,
      categories,
      interests: gift.interests.length,
      categoryCount: gift.categories.length,
      main: gift.categories[0],
    },
    kind: gift.kind,
  };
}

/** Likeness of two items of different signatures, given their traits. */
export function likeness(ga: Gift, ta: LikenessTraits, gb: Gift, tb: LikenessTraits): number {
  const a = ta.bits,
    b = tb.bits;
  if (!a || !b)
    return (
      0.5 * jac(ga.interests, gb.interests) +
      0.3 * (ga.categories[0] === gb.categories[0] ? 1 : 0) +
      0.2 * jac(ga.categories, gb.categories)
    );
  const shared = popcount(a.lo & b.lo) + popcount(a.mid & b.mid) + popcount(a.hi & b.hi);
  const sharedCategories = popcount(a.categories & b.categories);
  return (
    0.5 * (shared / (a.interests + b.interests - shared || 1)) +
    0.3 * (a.main === b.main ? 1 : 0) +
    0.2 * (sharedCategories / (a.categoryCount + b.categoryCount - sharedCategories || 1))
  );
}

/** Jaccard likeness of two lists of distinct values. */
function jac(x: readonly string[], y: readonly string[]): number {
  let shared = 0;
  for (const v of x) if (y.includes(v)) shared++;
  return shared / (x.length + y.length - shared || 1);
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
