// Reasons, round 4 (issue 25): a gift meets each interest in that interest's own terms (the catalog's `serves`),
// and twins are two.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';

const catalog = loadBundledCatalog();
const index = GiftIndex.build(catalog);

describe('reasons, round 4', () => {
  it('twins are two: "the twins", "the little ones", never "the baby" or "the little one"', () => {
    for (let age = 25; age < 40; age++) {
      for (const occasion of ['baby shower', 'new baby']) {
        const r = index.rank({ age, relationship: 'friend having twins', occasion, budget: 100 });
        for (const g of r.gifts) {
          expect(g.reason, g.reason).not.toMatch(/\bthe baby\b|\bnew baby\b|little one\b|\bbaby's\b/i);
          expect(g.reason, g.reason).not.toMatch(/the twins (arrives|is)\b/);
          expect(g.reason, g.reason).not.toMatch(/having twins'/);
        }
      }
    }
    const some = index.rank({ age: 31, relationship: 'sister', occasion: 'twins baby shower', budget: 80 });
    expect(some.gifts.some((g) => /\btwins\b/.test(g.reason))).toBe(true);
  });
});

describe('each interest in its own terms', () => {
  const written = (deed: string) =>
    deed
      .replace(/\{them\}/g, 'them')
      .replace(/\{their\}/g, 'their')
      .replace(/\{they\}/g, 'they');

  it('every item with two interests or more says what it does for each (the catalog’s serves)', () => {
    const missing = catalog.flatMap((g) =>
      g.interests.length >= 2 ? g.interests.filter((i) => !g.serves?.[i]).map((i) => `${g.id} ${i}`) : [],
    );
    expect(missing).toEqual([]);
  });

  it('a reason for one interest uses that interest’s deed, and another interest’s deed for the other', () => {
    let seen = 0;
    for (const gift of catalog) {
      if (!gift.serves || gift.interests.length < 2) continue;
      for (const i of gift.interests) {
        const deed = gift.serves[i];
        if (!deed) continue;
        const r = index.rank({
          age: Math.max(gift.ageMin, Math.min(gift.ageMax, 30)),
          relationship: 'friend',
          interests: [i.replace(/-/g, ' ')],
          budget: gift.price,
          count: 20,
        });
        const pick = r.gifts.find((g) => g.gift.id === gift.id);
        if (!pick || !new RegExp(`\\b${i.replace(/-/g, ' ')}\\b`, 'i').test(pick.reason)) continue;
        seen++;
        expect(pick.reason, `${gift.id} for ${i}`).toContain(written(deed));
      }
    }
    expect(seen).toBeGreaterThan(100);
  });
});
