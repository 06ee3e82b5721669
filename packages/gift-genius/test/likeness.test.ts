// Likeness for the diversity step: traits compare words of bits, with the same result as comparing lists,
// for every interest in the vocabulary (the catalog's newer interests sit past bit 64).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, type Gift, INTERESTS } from '../dist/catalog/schema.js';
import { likeness, likenessTraits } from '../dist/recommend/likeness.js';

const item = (interests: string[], categories: string[], kind?: string) =>
  ({ id: 'x', interests, categories, kind }) as unknown as Gift;

describe('likeness traits', () => {
  it('every interest of the vocabulary gets bits (none falls back to comparing lists)', () => {
    for (const interest of INTERESTS) expect(likenessTraits(item([interest], [CATEGORIES[0]!])).bits).toBeDefined();
  });

  it('carries the kind, so the diversity step reads no gift', () => {
    expect(likenessTraits(item(['coffee'], ['food-drink'], 'coffee-brewer')).kind).toBe('coffee-brewer');
    expect(likenessTraits(item(['not-an-interest'], ['food-drink'], 'mug')).kind).toBe('mug');
  });

  it('property: bits give the same likeness as lists', () => {
    const side = fc.record({
      interests: fc.uniqueArray(fc.constantFrom(...INTERESTS), { minLength: 1, maxLength: 4 }),
      categories: fc.uniqueArray(fc.constantFrom(...CATEGORIES), { minLength: 1, maxLength: 3 }),
    });
    fc.assert(
      fc.property(side, side, (a, b) => {
        const ga = item(a.interests, a.categories);
        const gb = item(b.interests, b.categories);
        const lists = likeness(ga, { bits: undefined, kind: undefined }, gb, { bits: undefined, kind: undefined });
        expect(likeness(ga, likenessTraits(ga), gb, likenessTraits(gb))).toBeCloseTo(lists, 12);
      }),
      { seed: 25, numRuns: 500 },
    );
  });
});
