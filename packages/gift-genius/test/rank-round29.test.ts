// Round 29 (issue 25): what held-out-28's blind judges read as broken, in wordings of our own. Each case fails on
// 890df83 but "no baby clothes", which guards the narrower reading the fix must keep.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 10, ...args } as never);

describe('exclusions and occasions as meant', () => {
  it('back from maternity leave with "nothing baby related": a gift for her, nothing for a baby', () => {
    const r = rank({
      age: 31,
      relationship: 'my coworker',
      occasion: 'returning from maternity leave',
      budget: 30,
      exclude: ['nothing baby related please'],
    });
    expect(r.gifts.filter((g) => g.gift.ageMax <= 4)).toEqual([]);
    expect(r.gifts.map((g) => g.reason).join(' ')).not.toMatch(/\bbaby\b/i);
  });

  it('"no baby stuff" at a shower still gives the parent a gift, never a baby item', () => {
    const r = rank({
      age: 29,
      relationship: 'friend',
      occasion: 'baby shower',
      budget: 50,
      exclude: ['no baby stuff'],
    });
    expect(r.gifts.filter((g) => g.gift.ageMax <= 4 || /\bbaby\b/i.test(g.gift.title))).toEqual([]);
  });

  it('"no baby clothes" rules out only the clothes: the gift is still for the baby', () => {
    const r = rank({
      age: 30,
      relationship: 'my sister',
      occasion: 'baby shower',
      budget: 80,
      exclude: ['no baby clothes'],
    });
    expect(r.gifts.some((g) => g.gift.ageMax <= 4)).toBe(true);
  });

  it('"no more grill stuff" rules out grilling tools and rubs', () => {
    const list = rank({
      age: 45,
      relationship: 'my dad',
      occasion: 'fathers day',
      budget: 60,
      interests: ['bbq'],
      exclude: ['no more grill stuff, he has it all'],
    }).gifts.map((g) => g.gift.id);
    expect(list.filter((id) => /grill|bbq|rub/.test(id))).toEqual([]);
  });

  it('"disney trips" is Disney, the trips how she loves it: a Disney item is in the list', () => {
    const r = rank({
      age: 28,
      relationship: 'my roommate',
      occasion: 'birthday',
      budget: 40,
      interests: ['disney trips', 'her dog biscuit'],
      count: 5,
    });
    expect(r.gifts.filter((g) => g.gift.id.startsWith('disney'))).not.toEqual([]);
    expect(r.unmet.map((u) => u.message).join(' ')).not.toMatch(/disney trips/i);
  });
});
