// Round 75 (issue 25): held-out-59's readings both judges graded 0 (scored on c85f8c7): a cooking show is watched,
// not cooked ("your wife is a top chef"), oysters are eaten (an oyster-mushroom kit was "for" them), South Africa's
// Kaizer Chiefs are a football club, not Kansas City's, and the Utah Hockey Club is a team. Each case fails on
// 6b39546 (round 74 and its review mend), but for the guard named so.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readInterest } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (q: Record<string, unknown>) => index.rank({ count: 5, ...q } as never);

describe('shows, food and clubs by what they are', () => {
  it('a cooking show fan is no chef, and the show keeps its capitals', () => {
    const r = rank({ age: 40, relationship: 'my husband', occasion: 'birthday', budget: 80, interests: ['top chef'] });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/is a top chef|is a chef/i);
    expect(readInterest("hell's kitchen").shown).toBe("Hell's Kitchen");
  });

  it('oysters claim no oyster mushrooms', () => {
    const r = rank({ age: 45, relationship: 'my wife', occasion: 'birthday', budget: 60, interests: ['oysters'] });
    for (const g of r.gifts) if (g.gift.id === 'oyster-mushroom-grow-kit') expect(g.reason).not.toMatch(/oysters/);
    expect(readInterest('oysters').interests.get('food')).toBe(1);
  });

  it('the Kaizer Chiefs are football as the world plays it', () => {
    const r = readInterest('kaizer chiefs');
    expect(r.interests.get('soccer')).toBe(1);
    expect(r.shown).toBe('Kaizer Chiefs');
    for (const g of rank({
      age: 38,
      relationship: 'my brother in law',
      occasion: 'birthday',
      budget: 60,
      interests: ['kaizer chiefs'],
    }).gifts)
      expect(g.reason).not.toMatch(/coverages|spiral|touchdown|tailgate/);
  });

  it('the Utah Hockey Club is a team; a hockey club of her own is not (guard)', () => {
    expect(readInterest('utah hockey club').fan).toBeDefined();
    expect(readInterest('her hockey club').fan).toBeUndefined();
  });
});
