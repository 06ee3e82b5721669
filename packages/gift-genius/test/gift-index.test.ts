import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { CATEGORIES, type Gift, INTERESTS, OCCASIONS, RELATIONSHIPS } from '../dist/catalog/schema.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { type GiftQuery, rankGifts } from '../dist/recommend/rank.js';

const real = loadBundledCatalog();

/**
 * What the index must equal: rankGifts with the same skipped ids (ranked as absent; they stay in the text
 * statistics, so hiding the gifts on screen does not rescore the rest).
 */
const reference = (catalog: readonly Gift[], q: GiftQuery, skipIds?: ReadonlySet<string>) =>
  rankGifts(catalog, q, skipIds ? { skipIds } : {});

// ── Generated catalogs, built to hit the index's edges ──

/** Budgets the generated prices cluster around (0.4 × budget is where the budget term saturates). */
const BUDGETS = [1, 10, 20, 24.99, 25, 37.5, 50, 62.5, 75, 99.99, 100, 250, 625, 1000];
/** Ages the generated ranges start and end at; queries use them and their neighbours. */
const AGES = [0, 1, 5, 12, 17, 18, 25, 30, 64, 65, 99, 120];
/** Words planted in titles, so free-text interests and exclusion words hit some gifts. */
const PLANTED = ['alcohol', 'mug', 'star', 'Tech', 'wine', 'KITCHEN set', 'v1'];

interface CatalogPlan {
  seed: number;
  size: number;
  /** How many distinct real records the gifts are cloned from: few → many duplicate signatures. */
  records: number;
  prices: 'real' | 'few' | 'budget-edges' | 'mixed';
  /** Some prices with more than 2 decimals (off the index's packed-key path). */
  oddPrices: boolean;
  /** Catalog not in id order (the store's order is id order). */
  shuffled: boolean;
  /** A duplicate id (the index then always runs rankGifts). */
  duplicateId: boolean;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
}

function makeCatalog(plan: CatalogPlan): Gift[] {
  const r = rng(plan.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const some = <T>(xs: readonly T[], min: number, max: number): T[] => {
    const k = min + Math.floor(r() * (max - min + 1));
    return [...xs].sort(() => r() - 0.5).slice(0, k);
  };
  const records = Array.from({ length: plan.records }, () => pick(real));
  const price = (base: number): number => {
    const mode = plan.prices === 'mixed' ? pick(['real', 'few', 'budget-edges'] as const) : plan.prices;
    if (plan.oddPrices && r() < 0.1) return pick([0.1 + 0.2, 19.999, 25.000000001, 1 / 3]);
    if (mode === 'real') return Math.max(0.01, Math.round(base * (0.5 + r()) * 100) / 100);
    if (mode === 'few') return pick([5, 10, 20, 24.99, 25, 25.01, 40, 74.99, 75, 75.01, 100, 249.99, 250, 250.01, 500]);
    const b = pick(BUDGETS);
    return Math.max(
      0.01,
      Math.round(pick([0.4 * b - 0.01, 0.4 * b, 0.4 * b + 0.01, b - 0.01, b, b + 0.01, 0.1 * b]) * 100) / 100,
    );
  };
  const gifts: Gift[] = [];
  for (let i = 0; i < plan.size; i++) {
    const b = pick(records);
    const [ageMin, ageMax] =
      r() < 0.5 ? [b.ageMin, b.ageMax] : ([pick(AGES), pick(AGES)].sort((x, y) => x - y) as [number, number]);
    gifts.push({
      ...b,
      id: `${b.id.slice(0, 40)}-${i.toString(36)}`,
      title: r() < 0.3 ? `${b.title} ${pick(PLANTED)}` : b.title,
      price: price(b.price),
      ageMin,
      ageMax,
      // Partner-only gifts, gifts for everyone, and (off-schema, still ranked) none.
      relationships: r() < 0.15 ? ['partner'] : r() < 0.1 ? [...RELATIONSHIPS] : r() < 0.05 ? [] : b.relationships,
      interests: r() < 0.1 ? some(INTERESTS, 6, 6) : r() < 0.05 ? [] : b.interests,
      occasions: r() < 0.1 ? some(OCCASIONS, 1, 5) : b.occasions,
      categories: r() < 0.1 ? some(CATEGORIES, 1, 3) : b.categories,
    });
  }
  if (plan.duplicateId && gifts.length > 1) gifts[1] = { ...gifts[1]!, id: gifts[0]!.id };
  if (plan.shuffled) gifts.sort(() => r() - 0.5);
  else gifts.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return gifts;
}

const catalogPlan: fc.Arbitrary<CatalogPlan> = fc.record({
  seed: fc.integer(),
  size: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 13, max: 400 })),
  records: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 7, max: 453 })),
  prices: fc.constantFrom('real', 'few', 'budget-edges', 'mixed'),
  oddPrices: fc.constantFrom(false, false, false, true),
  shuffled: fc.boolean(),
  duplicateId: fc.constantFrom(false, false, false, false, false, false, false, false, false, true),
});

const nearAge = fc.oneof(
  fc.constantFrom(...AGES).chain((a) => fc.constantFrom(a - 1, a, a + 1)),
  fc.integer({ min: 0, max: 120 }),
);

const query: fc.Arbitrary<GiftQuery> = fc.record(
  {
    age: fc.oneof({ weight: 9, arbitrary: nearAge }, { weight: 1, arbitrary: fc.constantFrom(25.5, -1, 121) }),
    relationship: fc.oneof(
      fc.constantFrom(...RELATIONSHIPS),
      fc.constantFrom('sister', 'my wife', 'dad', 'coworker', 'grandma', 'little brother', 'best friend'),
      // Couples and new parents (issue 25): gifts for two, and baby gifts at the baby's age.
      fc.constantFrom('my cousin and her fiancé', 'my parents', 'the newlyweds', 'new dad', 'expecting mom'),
      fc.constantFrom('platypus', '', '  ', 'Partner'),
      fc.string({ maxLength: 10 }),
    ),
    budget: fc.oneof(
      fc.constantFrom(...BUDGETS),
      fc.constantFrom(0.01, 0.5, 5.55, 0, 100_000),
      fc.integer({ min: 1, max: 2000 }),
      fc.double({ min: 0.01, max: 3000, noNaN: true }),
    ),
    interests: fc.array(
      fc.oneof(
        fc.constantFrom(...INTERESTS),
        fc.constantFrom('books', 'stars', 'video games', 'Coffee', 'pets', 'outdoors'),
        fc.constantFrom('star', 'mug', 'v1', 'alcohol', 'star wars', 'a', '  ', 'KITCHEN'),
        fc.string({ maxLength: 6 }),
      ),
      { maxLength: 5 },
    ),
    occasion: fc.oneof(
      fc.constantFrom(...OCCASIONS),
      fc.constantFrom('bday', 'xmas', "Mother's Day", 'nothing', '', 'baby shower', 'wedding', 'housewarming'),
    ),
    exclude: fc.array(
      fc.oneof(
        fc.constantFrom('alcohol', 'booze', 'caffeine', 'screens', 'electronics'),
        fc.constantFrom(...CATEGORIES, 'Tech', ' kitchen '),
        fc.constantFrom(...INTERESTS),
        fc.constantFrom('mug', 'set', 'v1', 'star', 'a', '', '   ', 'tech kitchen', 'zzz'),
        fc.string({ maxLength: 5 }),
      ),
      { maxLength: 3 },
    ),
    count: fc.oneof(fc.integer({ min: 1, max: 10 }), fc.constantFrom(0, 11, 15, -3)),
  },
  { requiredKeys: ['age', 'relationship'] },
);

/** A query plus, sometimes, ids to skip: some from the catalog, some unknown. */
const call = fc.record({
  q: query,
  skipPicks: fc.option(fc.array(fc.nat(), { maxLength: 6 }), { nil: undefined }),
  unknownSkip: fc.boolean(),
});

function skipIdsFor(
  catalog: readonly Gift[],
  c: { skipPicks?: number[]; unknownSkip: boolean },
): Set<string> | undefined {
  if (!c.skipPicks) return undefined;
  const ids = c.skipPicks.filter(() => catalog.length > 0).map((k) => catalog[k % catalog.length]!.id);
  if (c.unknownSkip) ids.push('no-such-gift');
  return new Set(ids);
}

describe('GiftIndex ranks exactly like rankGifts', () => {
  it('over generated catalogs and queries (fixed seed)', () => {
    fc.assert(
      fc.property(catalogPlan, fc.array(call, { minLength: 1, maxLength: 8 }), (plan, calls) => {
        const catalog = makeCatalog(plan);
        const index = GiftIndex.build(catalog);
        // Several calls per index, one repeated: memoised text matches and per-call marks must not leak between calls.
        for (const c of [...calls, calls[0]!]) {
          const skipIds = skipIdsFor(catalog, c);
          expect(index.rank(c.q, skipIds ? { skipIds } : {})).toStrictEqual(reference(catalog, c.q, skipIds));
        }
      }),
      // 800 runs (was 2500): each run now also builds two BM25 engines; still ~6,000 compared rankings.
      { seed: 20261201, numRuns: 800 },
    );
  }, 300_000);

  it('over the real catalog, for every age, relationship and a spread of budgets (structured queries)', () => {
    const index = GiftIndex.build(real);
    for (let age = 0; age <= 120; age += 1) {
      for (const relationship of [...RELATIONSHIPS, 'sister', 'platypus']) {
        for (const budget of [undefined, 5, 20, 25, 50, 74.99, 75, 120, 250, 1000]) {
          const q: GiftQuery = {
            age,
            relationship,
            ...(budget !== undefined && { budget }),
            count: 1 + ((age + relationship.length) % 10),
          };
          expect(index.rank(q)).toStrictEqual(rankGifts(real, q));
        }
      }
    }
  }, 300_000);

  it('over the real catalog with interests, occasions and exclusions (fixed seed)', () => {
    const index = GiftIndex.build(real);
    fc.assert(
      fc.property(call, (c) => {
        const skipIds = skipIdsFor(real, c);
        expect(index.rank(c.q, skipIds ? { skipIds } : {})).toStrictEqual(reference(real, c.q, skipIds));
      }),
      { seed: 453, numRuns: 3000 },
    );
  }, 300_000);

  it("the benchmark query, and `matched` with skipped ids (the widget's more_like_this)", () => {
    const index = GiftIndex.build(real);
    const q = { age: 25, relationship: 'sister', budget: 50, interests: ['coffee'], count: 5 };
    const ranking = index.rank(q);
    expect(ranking).toStrictEqual(rankGifts(real, q));
    expect(ranking.gifts).toHaveLength(5);
    const shown = new Set(ranking.gifts.map((g) => g.gift.id));
    const more = index.rank(q, { skipIds: shown });
    expect(more).toStrictEqual(rankGifts(real, q, { skipIds: shown }));
    expect(more.matched).toBe(ranking.matched - 5);
    expect(more.gifts.some((g) => shown.has(g.gift.id))).toBe(false);
  });

  it('a budget equal to a price keeps that gift (≤, as rankGifts)', () => {
    // A gift that presumes nothing (a guitar now needs a stated interest in guitar or music).
    const g = real.find((x) => !x.presumesInterest && !x.presumes && !x.gender && x.relationships.length > 1)!;
    const catalog = [g, { ...g, id: `${g.id}-dearer`, price: g.price + 0.01 }];
    const index = GiftIndex.build(catalog);
    const q = { age: g.ageMin, relationship: g.relationships[0]!, budget: g.price };
    expect(index.rank(q).matched).toBe(1);
    expect(index.rank(q)).toStrictEqual(rankGifts(catalog, q));
  });
});

describe('GiftIndex structure', () => {
  it('groups gifts alike for every query into one signature, whatever their order of values', () => {
    const g = real.find((x) => x.occasions.length > 1 && x.interests.length > 1)!;
    const clones = [0, 1, 2].map((i) => ({
      ...g,
      id: `${g.id}-${i}`,
      price: 10 + i,
      occasions: i === 1 ? [...g.occasions].reverse() : g.occasions,
      interests: i === 2 ? [...g.interests].reverse() : g.interests,
    }));
    const stats = GiftIndex.build(clones).stats;
    expect(stats.signatures).toBe(1);
    expect(stats.profiles).toBe(1);
  });

  it('the real catalog: every gift indexed, typed arrays only a few bytes per gift beyond the gifts', () => {
    const stats = GiftIndex.build(real).stats;
    expect(stats.items).toBe(real.length);
    expect(stats.signatures).toBeGreaterThan(0);
    expect(stats.signatures).toBeLessThanOrEqual(real.length);
    expect(stats.bytes).toBeLessThan(200 * real.length);
  });

  it('a catalog with an off-schema interest is still ranked exactly like rankGifts', () => {
    const odd = [...real.slice(0, 20), { ...real[20]!, interests: ['astrology'] as never }];
    const index = GiftIndex.build(odd);
    const q = { age: 30, relationship: 'friend', budget: 80 };
    expect(index.rank(q)).toStrictEqual(rankGifts(odd, q));
  });

  it('an empty catalog', () => {
    const index = GiftIndex.build([]);
    expect(index.rank({ age: 30, relationship: 'friend' })).toStrictEqual(
      rankGifts([], { age: 30, relationship: 'friend' }),
    );
  });

  it('malformed input fails as in rankGifts', () => {
    const index = GiftIndex.build(real);
    const bad = { age: 30, relationship: undefined } as unknown as GiftQuery;
    expect(() => rankGifts(real, bad)).toThrow();
    expect(() => index.rank(bad)).toThrow();
  });
});
