// Round 46 (issue 25): held-out-44's misses as its blind judges graded them (scored on 42f5d2c), in wordings of our
// own. Each case fails on 8e74321.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readOccasion } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);
const ids = (args: Record<string, unknown>) => rank(args).gifts.map((g) => g.gift.id);

describe('held-out-44, read as meant', () => {
  it('a team named is no stadium seat or tailgate cooler; tailgating named still is', () => {
    for (const team of ['the ravens', 'the bengals', 'the broncos'])
      expect(ids({ age: 40, relationship: 'my cousin', occasion: 'xmas', budget: 60, interests: [team] })).not.toEqual(
        expect.arrayContaining(['stadium-seat-with-back']),
      );
    expect(ids({ age: 40, relationship: 'my cousin', budget: 60, interests: ['the ravens'] })).not.toContain(
      'soft-sided-tailgate-cooler',
    );
    expect(ids({ age: 40, relationship: 'my cousin', budget: 60, interests: ['tailgating'] })).toContain(
      'soft-sided-tailgate-cooler',
    );
  });

  it("a gardener's shrubs are no cut bouquet; an orchestra player is no opera-goer", () => {
    expect(
      ids({ age: 60, relationship: 'my mom', occasion: 'mothers day', budget: 75, interests: ['her peonies'] }),
    ).not.toContain('hand-tied-flower-bouquet');
    expect(
      ids({ age: 14, relationship: 'my granddaughter', budget: 50, interests: ['plays the viola in youth orchestra'] }),
    ).not.toContain('opera-glasses');
    expect(ids({ age: 60, relationship: 'my aunt', budget: 50, interests: ['the opera'] })).toContain('opera-glasses');
  });

  it("a Christmas party's host gift is named so; a national holiday is no festive season", () => {
    expect(readOccasion('xmas party host gift')).toMatchObject({ occasion: 'dinner-party', named: 'Christmas party' });
    for (const g of rank({ age: 50, relationship: 'my neighbor', occasion: 'christmas party host gift', budget: 40 })
      .gifts)
      expect(g.reason).not.toMatch(/dinner party/);
    expect(readOccasion('cherokee national holiday')).toMatchObject({ named: 'Cherokee National Holiday' });
    for (const g of rank({
      age: 11,
      relationship: "my friend's son",
      occasion: 'cherokee national holiday',
      budget: 30,
    }).gifts)
      expect(g.reason).not.toMatch(/festive|christmas|holiday season/i);
  });
});

describe('orchestra and band instruments', () => {
  it('a clarinet, a viola, a French horn are music; French alone is still the language', () => {
    for (const phrase of ['plays clarinet in the marching band', 'plays viola', 'plays french horn in the band']) {
      const r = rank({ age: 15, relationship: 'my niece', budget: 50, interests: [phrase] });
      for (const g of r.gifts) expect(g.gift.interests, phrase).not.toContain('languages');
    }
  });
});

describe("round 46b: what pend47's judges both graded 0", () => {
  it('"carnivorous plants" is no verb; "til he dies" is devotion, not the team\'s name', () => {
    for (const g of rank({ age: 35, relationship: 'my cousin', budget: 40, interests: ['carnivorous plants'] }).gifts)
      expect(g.reason).not.toMatch(/carnivorouing/);
    for (const g of rank({ age: 50, relationship: 'my husband', budget: 150, interests: ['liverpool til he dies'] })
      .gifts)
      expect(g.reason).not.toMatch(/til he dies/);
  });

  it('college football plays on Saturdays: a cap says no Sunday kickoff', () => {
    for (const g of rank({ age: 55, relationship: 'my dad', budget: 60, interests: ['alabama football'] }).gifts)
      expect(g.reason).not.toMatch(/Sunday/);
  });

  it('a method book only for the instrument it teaches', () => {
    const violin = rank({
      age: 20,
      relationship: 'my roommate',
      budget: 40,
      interests: ['plays violin in the orchestra'],
    });
    expect(violin.gifts.map((g) => g.gift.id)).not.toContain('suzuki-cello-school-volume-1');
    for (const interests of [['jazz records'], ['musicals'], ['classical music']])
      expect(
        rank({ age: 70, relationship: 'my grandma', budget: 40, interests }).gifts.map((g) => g.gift.id),
      ).not.toContain('adult-piano-method-book');
  });
});

describe('round 46c: a team item needs a team', () => {
  it('"basketball" or "college football saturdays" names no team: no team cap, hoodie or throw', () => {
    const TEAM = /^(?:team-fitted-cap|team-logo-hoodie|team-fleece-throw-blanket)$/;
    for (const interests of [['basketball'], ['college football saturdays'], ['plays high school football']])
      for (const id of ids({ age: 16, relationship: 'my nephew', budget: 60, interests }))
        expect(id, interests[0]).not.toMatch(TEAM);
    for (const interests of [['the ravens'], ['watches the nba'], ['alabama football']])
      expect(
        ids({ age: 45, relationship: 'my brother', budget: 60, interests }).some((id) => TEAM.test(id)),
        interests[0],
      ).toBe(true);
  });

  it("a school team named: its team throw is that team's, said without a hedge", () => {
    const r = rank({ age: 52, relationship: 'my dad', budget: 60, interests: ['penn state football'] });
    const team = r.gifts.filter((g) => /^team-/.test(g.gift.id));
    expect(team.length).toBeGreaterThan(0);
    for (const g of team) expect(g.reason).not.toMatch(/[Bb]eyond|broader|a step|a little apart|[Nn]ot strictly/);
  });
});
