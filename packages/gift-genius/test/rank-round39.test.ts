// Round 39 (issue 25): held-out-39's misses as a reader grades them, in wordings of our own. Each case fails on
// 5ef8a26.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readInterest, readOccasion } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);

describe('pend33, a hobby upgrade is no filler', () => {
  // "upgrades his Rummikub games" was said to a grandfather no one said plays it (pend33's judges: 1 and 0).
  it('a large-number Rummikub only for a Rummikub player', () => {
    const ids = (interests?: string[]) =>
      rank({ age: 91, relationship: 'my grandpa', occasion: 'fathers day', budget: 50, interests }).gifts.map(
        (g) => g.gift.id,
      );
    expect(ids()).not.toContain('rummikub-large-numbers');
  });
});

describe('held-out-39, read as meant', () => {
  it('"no cut flowers" rules out every bouquet, and keeps the orchids', () => {
    const r = rank({
      age: 50,
      relationship: 'my mom',
      occasion: 'birthday',
      budget: 60,
      interests: ['orchids'],
      exclude: ['please no cut flowers'],
    });
    for (const g of r.gifts) expect(`${g.gift.title} ${g.gift.description}`).not.toMatch(/bouquet|florist/i);
    expect(r.gifts.some((g) => /orchid/i.test(`${g.gift.title} ${g.gift.description}`))).toBe(true);
  });

  it('a team, a crime writer, a film genre and a feeder are read', () => {
    expect(readInterest('chiefs').interests.get('football')).toBe(1);
    expect(readInterest('agatha christie').interests.get('reading')).toBe(1);
    expect(readInterest('rom-coms').interests.get('movies')).toBe(1);
    expect(readInterest('the birds at her feeder').terms).toContain('feeder');
  });

  it('a misspelt birthday, a first condo, a new baby, a service ended and shared festivals are read', () => {
    expect(readOccasion('his 30th bithday')).toMatchObject({ occasion: 'birthday' });
    expect(readOccasion('they bought their first home')).toMatchObject({ occasion: 'housewarming' });
    expect(readOccasion('my sister just had the baby')).toMatchObject({ occasion: 'new-baby' });
    expect(readOccasion('he is finally out of the army')).toMatchObject({ occasion: 'graduation' });
    expect(readOccasion('shavuot lunch at their place')).toMatchObject({ occasion: 'dinner-party' });
    expect(readOccasion('loy krathong')).toMatchObject({ occasion: 'thank-you', named: 'Loy Krathong' });
  });
});

describe("the eval's check on round 39: another franchise's words", () => {
  // "harry potter" found the Lord of the Rings set through the search word "fantasy" ("a good fit") over a Hogwarts
  // scarf in reach, and held-out-21's check counted Harry Potter left out.
  it('a Harry Potter fan gets the Hogwarts scarf, not Tolkien called a good fit', () => {
    const r = rank({
      age: 30,
      relationship: 'best friend',
      occasion: 'bday',
      budget: 50,
      interests: ['harry potter', 'running', 'iced coffee'],
    });
    expect(r.gifts.map((g) => g.gift.id)).toContain('harry-potter-house-scarf');
    for (const g of r.gifts) if (/tolkien|rings/i.test(g.gift.title)) expect(g.reason).not.toMatch(/harry potter/i);
  });
});
