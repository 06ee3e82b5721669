// Round 74 (issue 25): claims pend82's judges graded 0 on lists rounds 70–72 changed: a bonsai and an orchid pot "for"
// hoyas, a cold-case game "for" the X-Files by its case files, a doctor kit and a superhero cape "for" helping with the
// chores. Each case fails on c8650c4 (round 73), but for the guard named so.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (q: Record<string, unknown>) => index.rank({ count: 5, ...q } as never);
const claimed = /Picked because|a good fit|, so this|Since your|who's into|who is into|enjoys/;

describe('near is not the same', () => {
  it('a hoya collector’s list claims no other plant as hers', () => {
    const r = rank({
      age: 50,
      relationship: 'my friend',
      occasion: 'birthday',
      budget: 50,
      interests: ['hoyas, she has like 30'],
    });
    for (const g of r.gifts) expect(g.reason, g.gift.id).not.toMatch(claimed);
  });

  it('the X-Files claim no cold-case game', () => {
    const r = rank({
      age: 30,
      relationship: 'my friend',
      occasion: 'birthday',
      budget: 40,
      interests: ['the x files'],
    });
    for (const g of r.gifts) if (g.gift.id === 'cold-case-mystery-game') expect(g.reason).not.toMatch(claimed);
    expect(r.gifts.map((g) => g.gift.id)).not.toContain('cold-case-mystery-game');
  });

  it('a toddler who helps with chores: only the cleaning set is said to be for it', () => {
    const r = rank({
      age: 4,
      relationship: 'my granddaughter',
      occasion: 'birthday',
      budget: 40,
      interests: ['helping with chores'],
    });
    for (const g of r.gifts)
      if (g.gift.id !== 'kids-cleaning-play-set') expect(g.reason, g.gift.id).not.toMatch(claimed);
  });

  it('a hosta grower still gets gardening tools (guard)', () => {
    const got = rank({
      age: 60,
      relationship: 'my aunt',
      occasion: 'birthday',
      budget: 60,
      interests: ['hostas'],
    }).gifts.map((g) => g.gift.id);
    expect(got).toContain('bypass-pruning-shears');
  });
});
