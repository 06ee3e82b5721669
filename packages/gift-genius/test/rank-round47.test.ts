// Round 47 (issue 25): occasions said as what happened rather than by a name. Twenty such occasions across the
// splits' requests (a promotion, an operation, a posting abroad, years together, three typos) were read as nothing
// and their lists ignored them. The wordings here are our own; each case fails on 2b6557a.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readOccasion } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);

describe('occasions said as what happened', () => {
  it('a promotion, said as promoted or as a title made', () => {
    for (const said of [
      'my sister got promoted to regional manager',
      'he finally made lieutenant',
      'she just made head chef',
    ])
      expect(readOccasion(said)).toMatchObject({ occasion: 'graduation', named: 'promotion' });
    expect(readOccasion('he made the varsity team')).toMatchObject({
      occasion: 'graduation',
      named: 'congratulations',
    });
    expect(readOccasion('named nurse of the year')).toMatchObject({ occasion: 'graduation', named: 'congratulations' });
    // Things made are no title.
    expect(readOccasion('she made cookies for the bake sale').occasion).toBeUndefined();
    const list = rank({ age: 31, relationship: 'my friend', occasion: 'she got promoted to charge nurse', budget: 60 });
    expect(list.unmet ?? []).toEqual([]);
    for (const g of list.gifts) expect(g.reason).toMatch(/promotion/);
  });

  it('an operation is a get-well, and its reasons say so', () => {
    for (const said of [
      'had her appendix out',
      'tonsillectomy next week',
      'his knee replacement',
      'getting over strep',
    ])
      expect(readOccasion(said).occasion).toBe('get-well');
    const list = rank({ age: 52, relationship: 'my uncle', occasion: 'he had his hip replaced', budget: 50 });
    expect(list.unmet ?? []).toEqual([]);
    expect(list.gifts.filter((g) => /get-well|heal|rest|recover/.test(g.reason)).length).toBeGreaterThanOrEqual(4);
  });

  it('a posting away is a send-off; years together an anniversary', () => {
    for (const said of [
      'getting stationed in japan',
      'shipping out to basic training',
      'she leaves for the peace corps',
    ])
      expect(readOccasion(said)).toMatchObject({ occasion: 'farewell', named: 'send-off' });
    expect(readOccasion('15 yrs married')).toMatchObject({ occasion: 'anniversary', milestone: 15 });
    expect(readOccasion('20 years together!')).toMatchObject({ occasion: 'anniversary', milestone: 20 });
  });

  it('an occasion typed with one slip is read as meant', () => {
    expect(readOccasion('retirment party').occasion).toBe('retirement');
    expect(readOccasion('chrismas').occasion).toBe('christmas');
    expect(readOccasion('vday').occasion).toBe('valentines');
    expect(readOccasion('he made sergant')).toMatchObject({ occasion: 'graduation', named: 'promotion' });
    // A word of its own is left as typed.
    expect(readOccasion('wedding').occasion).toBe('wedding');
    expect(readOccasion('posting').occasion).toBeUndefined();
  });
});
