import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { INTERESTS, OCCASIONS, RELATIONSHIPS } from '../dist/catalog/schema.js';
import { type GiftQuery, priceBand, rankGifts } from '../dist/recommend/rank.js';
import { ageFor, excludes, exclusionWords, gate, parseQuery } from '../dist/recommend/score.js';
import { normalizeOccasion, normalizeRelationship } from '../dist/recommend/vocabulary.js';

const catalog = loadBundledCatalog();

/** How many kinds (an item without one is its own) the items a request allows hold: budget, age, exclusions, gate. */
function allowedKinds(query: GiftQuery): number {
  const q = parseQuery(query);
  const kinds = new Set<string>();
  for (const g of catalog) {
    const at = ageFor(g, q);
    const words = exclusionWords(g);
    if (q.budget !== undefined && g.price > q.budget) continue;
    if (at < g.ageMin || at > g.ageMax || q.exclusions.some((e) => excludes(g, e, words)) || gate(g, q, words))
      continue;
    kinds.add(g.kind ?? g.id);
  }
  return kinds.size;
}

describe('rankGifts (pure)', () => {
  it('the lecture example: a sister, 25, up to $50', () => {
    const r = rankGifts(catalog, { age: 25, relationship: 'sister', budget: 50 });
    expect(r.relationship).toBe('sibling');
    expect(r.gifts).toHaveLength(5);
    for (const g of r.gifts) {
      expect(g.gift.price).toBeLessThanOrEqual(50);
      expect(g.gift.ageMin).toBeLessThanOrEqual(25);
      expect(g.gift.ageMax).toBeGreaterThanOrEqual(25);
    }
    // The budget is said once, on the first pick (on every reason it read as a template).
    expect(r.gifts[0]!.reason).toMatch(/of your \$50 budget\.$/);
    for (const g of r.gifts.slice(1)) expect(g.reason).not.toMatch(/budget/);
  });

  it('interests lead the ranking and are named in the reason', () => {
    const r = rankGifts(catalog, { age: 35, relationship: 'friend', budget: 100, interests: ['coffee'] });
    expect(r.gifts[0]!.gift.interests).toContain('coffee');
    expect(r.gifts[0]!.reason).toContain('coffee');
  });

  it('a gift that meets several interests names them, not "more than one thing you mentioned"', () => {
    const queries = [
      { age: 25, relationship: 'sister', budget: 60, interests: ['coffee', 'reading'], occasion: 'birthday' },
      { age: 42, relationship: 'husband', budget: 60, interests: ['woodworking', 'diy'] },
      { age: 63, relationship: 'mom', budget: 100, interests: ['painting', 'watercolor'], occasion: 'retirement' },
    ];
    const reasons = queries.flatMap((q) =>
      rankGifts(catalog, { ...q, count: 10 }).gifts.map((g) => [g.gift.id, g.reason]),
    );
    for (const [, reason] of reasons) expect(reason).not.toMatch(/more than one thing/);
    const kit = reasons.find(([id]) => id === 'wooden-mechanical-model-kit');
    expect(kit?.[1]).toMatch(/woodworking and DIY/);
    // A loose match is not named: an acrylic set is for painting, not for watercolor (every pick whose text does
    // not say watercolour is claimed for painting alone; round 8 ranks the acrylic set below the ten shown).
    const painting = rankGifts(catalog, { ...queries[2]!, count: 10 }).gifts;
    for (const g of painting)
      if (!/watercolou?r/i.test(`${g.gift.title} ${g.gift.description}`))
        expect(g.reason, g.gift.id).not.toMatch(/(?:into|enjoys) painting and watercolor|into watercolor/);
  });

  it('exclusions are hard: "alcohol" removes wine, beer and cocktail gifts', () => {
    const r = rankGifts(catalog, {
      age: 40,
      relationship: 'colleague',
      interests: ['wine', 'cocktails'],
      exclude: ['alcohol'],
      count: 10,
    });
    for (const g of r.gifts)
      expect(g.gift.interests.some((i) => ['wine', 'beer', 'cocktails'].includes(i))).toBe(false);
  });

  it('a partner-only gift is never suggested for anyone else', () => {
    for (const relationship of ['colleague', 'mother', 'boss', 'neighbour']) {
      const r = rankGifts(catalog, { age: 40, relationship, count: 10 });
      for (const g of r.gifts) expect(g.gift.relationships).not.toEqual(['partner']);
    }
  });

  it("no budget: prices follow the relationship's usual spend, without a niche item far above it", () => {
    // Issue 14: the old four forced price bands put a $250+ item (golf lessons) in most such lists.
    const r = rankGifts(catalog, { age: 30, relationship: 'brother', count: 5 });
    expect(r.acrossPriceRanges).toBe(true);
    expect(new Set(r.gifts.map((g) => priceBand(g.gift.price))).size).toBeGreaterThanOrEqual(2);
    for (const g of r.gifts) expect(g.gift.price).toBeLessThanOrEqual(200);
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
    relationship: fc.oneof(
      fc.constantFrom(...RELATIONSHIPS, 'sister', 'dad', 'coworker'),
      fc.string({ maxLength: 12 }),
    ),
    budget: fc.option(fc.integer({ min: 1, max: 2000 }), { nil: undefined }),
    interests: fc.option(fc.array(fc.constantFrom(...INTERESTS, 'books', 'stars'), { maxLength: 4 }), {
      nil: undefined,
    }),
    occasion: fc.option(fc.constantFrom(...OCCASIONS, 'bday'), { nil: undefined }),
    exclude: fc.option(fc.array(fc.constantFrom('alcohol', 'tech', 'kitchen', 'toys'), { maxLength: 2 }), {
      nil: undefined,
    }),
    count: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
  });

  it('the pooled ranking over many near-copies: deterministic, filters hold, no near-duplicate twice', () => {
    // A bigger catalog than the authored one, so ties are common (the old bucket shortcut this replaced is gone).
    const big = Array.from({ length: 4000 }, (_, i) => {
      const g = catalog[i % catalog.length]!;
      return { ...g, id: `${g.id}-${i}`, price: Math.round(((g.price * (1 + (i % 7) / 10)) % 900) * 100) / 100 + 1 };
    });
    fc.assert(
      fc.property(query, (q) => {
        const a = rankGifts(big, q);
        expect(rankGifts(big, q)).toStrictEqual(a);
        const bases = a.gifts.map((g) => g.gift.id.replace(/-\d+$/, ''));
        expect(new Set(bases).size).toBe(bases.length);
        for (const g of a.gifts) if (q.budget !== undefined) expect(g.gift.price).toBeLessThanOrEqual(q.budget);
      }),
      { numRuns: 60 },
    );
  }, 300_000);

  // fast-check found these (seed -1437260623): a 5-year-old for an adult or new-baby occasion got four toys of five.
  it('spreads a list with no interest over three categories or more, also for an occasion that fits few of its items', () => {
    for (const occasion of ['new-baby', 'valentines', 'dinner-party', 'anniversary']) {
      const r = rankGifts(catalog, { age: 5, relationship: '', budget: 317, occasion });
      expect(r.gifts).toHaveLength(5);
      expect(new Set(r.gifts.map((g) => g.category)).size, occasion).toBeGreaterThanOrEqual(3);
    }
    // An interest that lives in one category may still fill the list (the cap is for lists no interest pulls).
    const lego = rankGifts(catalog, { age: 9, relationship: 'son', budget: 100, interests: ['lego', 'space'] });
    expect(lego.gifts.filter((g) => g.category === 'toys').length).toBeGreaterThanOrEqual(3);
  });

  it('properties: hard filters, determinism, diversity', () => {
    fc.assert(
      fc.property(query, (q) => {
        const a = rankGifts(catalog, q);
        const b = rankGifts(catalog, q);
        expect(a.gifts.map((g) => g.gift.id)).toEqual(b.gifts.map((g) => g.gift.id));
        expect(a.gifts.length).toBeLessThanOrEqual(q.count ?? 5);
        // As many ideas as asked for and matched, less only where the matches left would repeat a kind (issue 25:
        // no two of one kind in a list): then the list holds one of each kind the allowed items have.
        const full = Math.min(q.count ?? 5, a.matched);
        expect(a.gifts.length).toBeLessThanOrEqual(full);
        if (a.gifts.length < full) expect(a.gifts.length).toBe(allowedKinds(q));
        if (a.gifts.length < (q.count ?? 5)) expect(a.unmet.length).toBeGreaterThan(0);
        for (const g of a.gifts) {
          if (q.budget !== undefined) expect(g.gift.price).toBeLessThanOrEqual(q.budget);
          // The range is checked at the age of whom the gift is for (issue 25): the baby's (a newborn's) for a
          // gift for the baby at a new baby given to an adult, the recipient's otherwise.
          const forBaby =
            g.gift.recipient === 'baby' && normalizeOccasion(q.occasion ?? '') === 'new-baby' && q.age >= 16;
          const at = forBaby ? 0 : q.age;
          expect(at).toBeGreaterThanOrEqual(g.gift.ageMin);
          expect(at).toBeLessThanOrEqual(g.gift.ageMax);
          for (const word of q.exclude ?? []) if (word !== 'alcohol') expect(g.gift.categories).not.toContain(word);
        }
        for (const word of q.exclude ?? [])
          if (word === 'alcohol') for (const g of a.gifts) expect(g.gift.contains ?? []).not.toContain('alcohol');
        // Diversity by MMR: without interests pulling one way, five picks span at least three categories.
        const cats = a.gifts.map((g) => g.category);
        const distinctAvailable = new Set(
          catalog
            .filter((g) => (q.budget === undefined || g.price <= q.budget) && q.age >= g.ageMin && q.age <= g.ageMax)
            .map((g) => g.categories[0]),
        ).size;
        if (a.gifts.length === 5 && !q.interests?.length && distinctAvailable >= 10)
          expect(new Set(cats).size).toBeGreaterThanOrEqual(3);
      }),
      { numRuns: 300 },
    );
  }, 300_000);
});
