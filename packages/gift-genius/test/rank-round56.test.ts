// Round 56 (issue 25): held-out-50's zeros as its blind judges graded them (scored on 6566bc8), in wordings of our
// own. Each case fails on 6566bc8.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readOccasion } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never).gifts;
const reasons = (args: Record<string, unknown>) => rank(args).map((g) => g.reason);

describe('exclusions read as meant', () => {
  it('"nothing to eat" rules out food', () => {
    const gifts = rank({ age: 24, relationship: 'my sister', exclude: ['nothing to eat, she just had her jaw wired'] });
    for (const g of gifts) expect(g.gift.categories, g.gift.id).not.toContain('food-drink');
  });

  it('"no photo albums" rules out a printed photo book', () => {
    for (const args of [
      { age: 30, relationship: 'my best friend', occasion: 'farewell, moving to perth', exclude: ['no photo albums'] },
      { age: 62, relationship: 'my mom', occasion: 'christmas', budget: 60, exclude: ['no photo books'] },
    ])
      for (const g of rank(args)) expect(g.gift.id, JSON.stringify(args)).not.toMatch(/photo-book|photo-album/);
  });
});

describe('occasions and interests read as what they are', () => {
  it('"her bday, first one since the wedding" is no first birthday', () => {
    expect(readOccasion('his bday, the first one since the wedding').milestone).toBeUndefined();
    for (const r of reasons({
      age: 29,
      relationship: 'my daughter in law',
      occasion: 'her bday, first one since they married',
      budget: 50,
    }))
      expect(r).not.toMatch(/first birthday/);
  });

  it('"she has mono and is stuck in bed" is a get-well', () => {
    expect(readOccasion('he has mono and is stuck in bed').occasion).toBe('get-well');
  });

  // Never claimed for it: a filler may stand beside it, said as nothing more.
  const CLAIM = /Picked because|Since |who loves|who's into|is into|enjoys|loves (?:his|her)/;

  it('a kamado or a pellet smoker is barbecue, not a tabletop raclette', () => {
    for (const interest of ['his kamado', 'his new pellet smoker'])
      for (const g of rank({ age: 45, relationship: 'my brother', interests: [interest], budget: 100 }))
        if (g.gift.id === 'tabletop-raclette-grill') expect(g.reason).not.toMatch(CLAIM);
  });

  it("hot honey is heat, not a beekeeper's honey", () => {
    const gifts = rank({
      age: 33,
      relationship: 'my cousin',
      interests: ['hot honey on literally everything'],
      budget: 50,
    });
    for (const g of gifts) if (/beekeep|raw-honey/.test(g.gift.id)) expect(g.reason).not.toMatch(CLAIM);
    expect(gifts.some((g) => g.gift.id === 'hot-sauce-tasting-set')).toBe(true);
  });

  it('vintage fashion claims no new beanie or hiking socks', () => {
    const gifts = rank({ age: 16, relationship: 'my niece', interests: ['vintage clothes'], budget: 60 });
    for (const g of gifts)
      if (/beanie|hiking-socks|hoodie-blanket|constellation-necklace/.test(g.gift.id))
        expect(g.reason).not.toMatch(/Picked because|Since|who's into|is into|enjoys/);
  });

  it('a portrait of her dog is for her dog, whatever its breed', () => {
    const gifts = rank({ age: 50, relationship: 'my aunt', interests: ['her beagle'], budget: 150 });
    const portrait = gifts.find((g) => g.gift.id === 'custom-pet-portrait');
    if (portrait) expect(portrait.reason).not.toMatch(/Not strictly/);
  });
});

describe('names said as names', () => {
  it('a place the person lives in is capitalised; a sport they play with your child is not', () => {
    const there = reasons({ age: 40, relationship: 'my uncle in tasmania', occasion: 'christmas', budget: 60 });
    expect(there.join(' ')).toMatch(/in Tasmania/);
    expect(there.join(' ')).not.toMatch(/in tasmania/);
    const soccer = reasons({ age: 8, relationship: "my son's friend from soccer", occasion: 'birthday', budget: 20 });
    expect(soccer.join(' ')).not.toMatch(/from Soccer/);
  });

  it('Madden, a 4Runner and the Golden Knights keep their capitals and article', () => {
    const all = [
      ...reasons({ age: 25, relationship: 'my brother', interests: ['madden'], budget: 60 }),
      ...reasons({ age: 40, relationship: 'my husband', interests: ['camping in his 4runner'], budget: 200 }),
      ...reasons({ age: 35, relationship: 'my wife', interests: ['golden knights'], budget: 100 }),
    ].join(' ');
    expect(all).not.toMatch(/\bmadden\b|\b4runner\b|into Golden Knights/);
  });

  it("a coworker's family is a household, not the coworker's working day", () => {
    const gifts = rank({ age: 45, relationship: "my coworker's family in oslo", occasion: 'thank you', budget: 60 });
    for (const g of gifts) expect(g.reason).not.toMatch(/working day|on the job|before work|at work/);
  });
});
