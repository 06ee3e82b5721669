import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { priceBand, rankGifts } from '../dist/recommend/rank.js';
import { normalizeOccasion, normalizeRelationship } from '../dist/recommend/vocabulary.js';
import { INTERESTS, OCCASIONS, RELATIONSHIPS } from '../dist/catalog/schema.js';

const catalog = loadBundledCatalog();

describe('rankGifts (pure)', () => {
  it('the lecture example: a sister, 25, up to $50', () => {
    const r = rankGifts(catalog, { age: 25, relationship: 'sister', budget: 50 });
    expect(r.relationship).toBe('sibling');
    expect(r.gifts).toHaveLength(5);
    for (const g of r.gifts) {
      expect(g.gift.price).toBeLessThanOrEqual(50);
      expect(g.gift.ageMin).toBeLessThanOrEqual(25);
      expect(g.gift.ageMax).toBeGreaterThanOrEqual(25);
      expect(g.reason).toMatch(/of your \$50 budget\.$/);
    }
  });

  it('interests lead the ranking and are named in the reason', () => {
    const r = rankGifts(catalog, { age: 35, relationship: 'friend', budget: 100, interests: ['coffee'] });
    expect(r.gifts[0]!.gift.interests).toContain('coffee');
    expect(r.gifts[0]!.reason).toContain('coffee');
  });

  it('exclusions are hard: "alcohol" removes wine, beer and cocktail gifts', () => {
    const r = rankGifts(catalog, { age: 40, relationship: 'colleague', interests: ['wine', 'cocktails'], exclude: ['alcohol'], count: 10 });
    for (const g of r.gifts) expect(g.gift.interests.some((i) => ['wine', 'beer', 'cocktails'].includes(i))).toBe(false);
  });

  it('a partner-only gift is never suggested for anyone else', () => {
    for (const relationship of ['colleague', 'mother', 'boss', 'neighbour']) {
      const r = rankGifts(catalog, { age: 40, relationship, count: 10 });
      for (const g of r.gifts) expect(g.gift.relationships).not.toEqual(['partner']);
    }
  });

  it('no budget: the picks span price bands and say so', () => {
    const r = rankGifts(catalog, { age: 30, relationship: 'brother', count: 4 });
    expect(r.acrossPriceRanges).toBe(true);
    expect(new Set(r.gifts.map((g) => priceBand(g.gift.price))).size).toBe(4);
  });

  it('an impossible budget gives an empty, well-formed answer', () => {
    const r = rankGifts(catalog, { age: 30, relationship: 'friend', budget: 1 });
    expect(r.gifts).toEqual([]);
    expect(r.matched).toBe(0);
  });

  it('understands everyday words', () => {
    expect(normalizeRelationship('my older sister')).toBe('sibling');
    expect(normalizeRelationship('Wife')).toBe('partner');
    expect(normalizeRelationship('grandma')).toBe('grandparent');
    expect(normalizeRelationship('co-worker')).toBe('colleague');
    expect(normalizeRelationship('platypus')).toBeUndefined();
    expect(normalizeOccasion("Mother's Day")).toBe('mothers-day');
    expect(normalizeOccasion('xmas')).toBe('christmas');
  });

  // Properties over generated queries: filters always hold, order is deterministic, categories do not repeat while others fit.
  const query = fc.record({
    age: fc.integer({ min: 0, max: 110 }),
    relationship: fc.oneof(fc.constantFrom(...RELATIONSHIPS, 'sister', 'dad', 'coworker'), fc.string({ maxLength: 12 })),
    budget: fc.option(fc.integer({ min: 1, max: 2000 }), { nil: undefined }),
    interests: fc.option(fc.array(fc.constantFrom(...INTERESTS, 'books', 'stars'), { maxLength: 4 }), { nil: undefined }),
    occasion: fc.option(fc.constantFrom(...OCCASIONS, 'bday'), { nil: undefined }),
    exclude: fc.option(fc.array(fc.constantFrom('alcohol', 'tech', 'kitchen', 'toys'), { maxLength: 2 }), { nil: undefined }),
    count: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
  });

  it('the one-pass ranking picks exactly what a full sort would', () => {
    // A bigger catalog than the authored one, so buckets overflow and ties are common.
    const big = Array.from({ length: 4000 }, (_, i) => {
      const g = catalog[i % catalog.length]!;
      return { ...g, id: `${g.id}-${i}`, price: Math.round(((g.price * (1 + (i % 7) / 10)) % 900) * 100) / 100 + 1 };
    });
    fc.assert(
      fc.property(query, (q) => {
        const fast = rankGifts(big, q);
        const full = rankGifts(big, q, { exhaustive: true });
        expect(fast.gifts.map((g) => g.gift.id)).toEqual(full.gifts.map((g) => g.gift.id));
        expect(fast.matched).toBe(full.matched);
      }),
      { numRuns: 200 },
    );
  });

  it('properties: hard filters, determinism, diversity', () => {
    fc.assert(
      fc.property(query, (q) => {
        const a = rankGifts(catalog, q);
        const b = rankGifts(catalog, q);
        expect(a.gifts.map((g) => g.gift.id)).toEqual(b.gifts.map((g) => g.gift.id));
        expect(a.gifts.length).toBeLessThanOrEqual(q.count ?? 5);
        expect(a.gifts.length).toBe(Math.min(q.count ?? 5, a.matched));
        for (const g of a.gifts) {
          if (q.budget !== undefined) expect(g.gift.price).toBeLessThanOrEqual(q.budget);
          expect(q.age).toBeGreaterThanOrEqual(g.gift.ageMin);
          expect(q.age).toBeLessThanOrEqual(g.gift.ageMax);
          for (const word of q.exclude ?? []) if (word !== 'alcohol') expect(g.gift.categories).not.toContain(word);
        }
        const cats = a.gifts.map((g) => g.category);
        const distinctAvailable = new Set(
          catalog
            .filter((g) => (q.budget === undefined || g.price <= q.budget) && q.age >= g.ageMin && q.age <= g.ageMax)
            .map((g) => g.categories[0]),
        ).size;
        // While more categories fit than picks were made, no category repeats.
        if (distinctAvailable >= 10 && a.gifts.length > 0 && !(q.exclude?.length)) expect(new Set(cats).size).toBe(cats.length);
      }),
      { numRuns: 300 },
    );
  });
});
