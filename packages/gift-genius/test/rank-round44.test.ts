// Round 44 (issue 25): held-out-43's misses as its blind judges graded them (scored on db6f99a), in wordings of our
// own. Each case fails on 83e5c23.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readInterest, readOccasion } from '../dist/recommend/vocabulary.js';
import { violations } from '../eval/violations.mjs';

const catalog = loadBundledCatalog();
const index = GiftIndex.build(catalog);
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);

describe('held-out-43, read as meant', () => {
  it('a wedding on a holiday is a wedding; an anniversary of one, or a holiday counted from one, is not', () => {
    expect(readOccasion('christmas eve wedding, black tie')).toMatchObject({ occasion: 'wedding' });
    expect(readOccasion('halloween wedding!!')).toMatchObject({ occasion: 'wedding' });
    expect(readOccasion('wedding anniversary on christmas')).toMatchObject({ occasion: 'anniversary' });
    expect(readOccasion('her first teej since the wedding').occasion).not.toBe('wedding');
    for (const g of rank({
      age: 30,
      relationship: 'my friend and her fiance',
      occasion: 'halloween wedding',
      budget: 80,
    }).gifts)
      expect(g.reason).not.toMatch(/halloween/i);
  });

  it('"going to be" a nurse is no send-off; going off to college still is', () => {
    expect(readOccasion("graduating, he's going to be a nurse").stage).toBeUndefined();
    expect(readOccasion('graduating and going off to college')).toMatchObject({ stage: 'send-off' });
    for (const g of rank({
      age: 23,
      relationship: 'my grandson',
      occasion: "graduating, he's going to be a nurse",
      budget: 150,
    }).gifts)
      expect(g.reason).not.toMatch(/send-off/);
  });

  it('an induction into a hall of fame is an honour, not a dinner party', () => {
    expect(readOccasion('hall of fame induction dinner')).toMatchObject({ occasion: 'graduation', named: 'induction' });
    for (const g of rank({ age: 70, relationship: 'my old coach', occasion: 'induction dinner', budget: 100 }).gifts)
      expect(g.reason).not.toMatch(/dinner party/);
  });

  it('"she\'s obsessed with", "always talking about": said without her; brand and show names in capitals', () => {
    expect(readInterest("he's obsessed with minecraft").shown).toBe('Minecraft');
    expect(readInterest("she's always talking about her roses").shown).toBe('her roses');
    expect(readInterest("trader joe's cookies").shown).toBe("Trader Joe's cookies");
    expect(readInterest('real housewives of atlanta').shown).toMatch(/^Real Housewives/);
    expect(readInterest('descendants 3').shown).toMatch(/^Descendants/);
  });

  it("small parts: a Spirograph's gears, die-cast cars and a fossil dig kit, for ranker and check alike", () => {
    const args = {
      age: 7,
      relationship: 'my niece',
      occasion: 'birthday party',
      budget: 25,
      exclude: ['nothing with small pieces, the twins are crawling'],
    };
    const shown = rank(args).gifts.map((g) => g.gift.id);
    for (const id of ['spirograph-design-set', 'die-cast-car-pack', 'dinosaur-fossil-dig-kit']) {
      expect(shown).not.toContain(id);
      expect(violations(catalog.find((g) => g.id === id)!, args).exclusion, id).toBe(true);
    }
  });
});

describe("round 44b: what pend43's judges both read as still broken", () => {
  it("what must fly home in a suitcase must not break; a slime kit's charms are small parts", () => {
    const flying = {
      age: 35,
      relationship: 'my sister and her wife, the wedding is in lisbon',
      occasion: 'wedding',
      budget: 150,
      exclude: ['nothing bulky, it goes home in a carry-on'],
    };
    const shown = rank(flying).gifts.map((g) => g.gift.id);
    expect(shown).not.toContain('handmade-ceramic-vase');
    const vase = catalog.find((g) => g.id === 'handmade-ceramic-vase')!;
    expect(violations(vase, flying).exclusion).toBe(true);
    // Sunglasses are no glassware (held-out-25's judges graded them 2 under "she's flying out with 2 suitcases").
    const shades = catalog.find((g) => g.id === 'polarized-sunglasses')!;
    expect(violations(shades, { exclude: ["nothing big, she's flying out"] }).exclusion).toBe(false);
    const slime = catalog.find((g) => g.id === 'slime-making-kit')!;
    expect(violations(slime, { exclude: ['nothing with tiny pieces'] }).exclusion).toBe(true);
    expect(
      rank({
        age: 8,
        relationship: 'my niece',
        budget: 20,
        exclude: ['nothing with tiny pieces, baby at home'],
      }).gifts.map((g) => g.gift.id),
    ).not.toContain('slime-making-kit');
  });
});

describe("round 44c: claims held-out-43's judges both graded false, and pend44's small parts", () => {
  it("maple syrup is no baking match; a hobby RC truck is no match for a man's own Corvette", () => {
    for (const g of rank({ age: 19, relationship: 'my roommate', budget: 30, interests: ['baking'] }).gifts)
      expect(g.gift.id).not.toBe('pure-maple-syrup-gift-set');
    const corvette = rank({
      age: 55,
      relationship: 'my stepdad',
      occasion: 'fathers day',
      interests: ['his corvette'],
    });
    for (const g of corvette.gifts) expect(`${g.gift.id} ${g.reason}`).not.toMatch(/rc-truck|scale truck/);
  });

  it('a crystal-growing kit and a craft kit with a keyring are small parts, for ranker and check', () => {
    const args = { age: 8, relationship: 'my niece', budget: 20, exclude: ['nothing with tiny pieces, baby at home'] };
    const shown = rank(args).gifts.map((g) => g.gift.id);
    for (const id of ['crystal-growing-kit', 'unicorn-craft-kit']) {
      expect(shown).not.toContain(id);
      expect(violations(catalog.find((g) => g.id === id)!, args).exclusion, id).toBe(true);
    }
  });
});

describe('round 44d: occasions held-out-43 read as nothing, and pend45\'s "is into never misses Jeopardy"', () => {
  it('a meal after a fast the family invites guests to, a Bahamian festival, a fiesta, a powwow are read', () => {
    expect(readOccasion('sigd, we are invited to the meal')).toMatchObject({ occasion: 'dinner-party', named: 'Sigd' });
    expect(readOccasion('junkanoo')).toMatchObject({ occasion: 'christmas', named: 'Junkanoo' });
    expect(readOccasion('the town fiesta, staying with his family')).toMatchObject({ occasion: 'dinner-party' });
    expect(readOccasion('his first powwow').named).toBe('powwow');
  });

  it('"never misses Jeopardy" is Jeopardy; "never misses a game" keeps its words', () => {
    expect(readInterest('never misses wheel of fortune').shown).toMatch(/^wheel of fortune$/i);
    expect(readInterest('never misses a game').shown).toBe('never misses a game');
    for (const g of rank({ age: 72, relationship: 'my grandpa', interests: ['never misses jeopardy'] }).gifts)
      expect(g.reason).not.toMatch(/never misses/);
  });
});
