// Round 50 (issue 25): held-out-46's misses as its blind judges graded them (scored on e270568), in wordings of our
// own. Each case fails on 61bc922, save the guards (no host gift for a guest of ours, "doctor who", no fillers).
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readInterest, readOccasion } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);
const ids = (args: Record<string, unknown>) => rank(args).gifts.map((g) => g.gift.id);
const reasons = (args: Record<string, unknown>) => rank(args).gifts.map((g) => g.reason);

describe('held-out-46: the user as a guest', () => {
  it("a holiday or a visit at the person's home asks for a host gift, said as one", () => {
    for (const occasion of [
      "st david's day, they're having us over for cawl",
      'we are staying with her over the long weekend',
      'her village festival, she invited us to stay',
    ])
      expect(readOccasion(occasion)).toMatchObject({ occasion: 'dinner-party', named: 'host' });
    // A named holiday stays named, at their table.
    expect(readOccasion('nowruz, they invited us for the meal')).toMatchObject({ occasion: 'dinner-party' });
    const said = reasons({
      age: 60,
      relationship: "my girlfriend's parents",
      occasion: "national day, they're having us over",
      budget: 50,
    });
    expect(said.filter((r) => /host/.test(r)).length).toBeGreaterThanOrEqual(4);
  });

  it('the person as the guest, or an invitation to a named event, is no host gift', () => {
    expect(readOccasion('christmas, my sister is staying with us')).toMatchObject({ occasion: 'christmas' });
    expect(readOccasion('he invited me to his wedding')).toMatchObject({ occasion: 'wedding' });
    expect(readOccasion('her birthday, they are having us over')).toMatchObject({ occasion: 'birthday' });
  });
});

describe('held-out-46: what a school is for', () => {
  it('a medical school got into is served by what a medical student uses, said as what happened', () => {
    const list = rank({ age: 22, relationship: 'my cousin', occasion: 'she just got into medical school' });
    const got = list.gifts.map((g) => g.gift.id);
    expect(got).toContain('netter-anatomy-coloring-book');
    expect(got).toContain('dual-head-stethoscope');
    expect(list.gifts.some((g) => /just got into medical school/.test(g.reason))).toBe(true);
  });

  it('a coding bootcamp finished is programming, with its article kept', () => {
    const list = rank({ age: 29, relationship: 'my roommate', occasion: 'he finished a coding bootcamp', budget: 60 });
    expect(list.gifts.filter((g) => g.gift.interests.includes('programming')).length).toBeGreaterThanOrEqual(3);
    expect(list.gifts.some((g) => /just finished a coding bootcamp/.test(g.reason))).toBe(true);
  });

  it('"doctor who" is a show, not medical work', () => {
    expect(
      ids({ age: 30, relationship: 'my brother', occasion: 'christmas', budget: 60, interests: ['doctor who'] }),
    ).not.toContain('netter-anatomy-coloring-book');
  });
});

describe('held-out-46: interests the catalog could not serve', () => {
  const cases: Array<[string, number, string]> = [
    ['ladybugs, all day every day', 6, 'live-ladybug-habitat'],
    ['catching bugs in the yard', 6, 'bug-catcher-kit'],
    ['obsessed with fighter planes', 11, 'fighter-jet-model-kit'],
    ['she started flight lessons', 19, 'stick-and-rudder-book'],
    ['wants to build a pc this summer', 15, 'pc-builder-toolkit'],
    ['learning lock picking', 25, 'clear-practice-lock-set'],
    ['her stanley tumblers', 16, 'stanley-quencher-tumbler'],
    ['space and rockets', 3, 'toddler-rocket-ship-toy'],
    ['he wants to cook like on tv', 9, 'young-chefs-cookbook'],
  ];
  for (const [interest, age, item] of cases)
    it(`"${interest}" (age ${age}) gets ${item}`, () => {
      expect(
        ids({ age, relationship: age < 18 ? 'my nephew' : 'my friend', budget: 60, interests: [interest] }),
      ).toContain(item);
    });

  it('the new niche items are no fillers: a bug kit or a cookbook only where the words name them', () => {
    for (const interests of [['unicorns'], ['trains'], ['reading'], ['pokemon cards']]) {
      const got = ids({ age: 7, relationship: 'my niece', occasion: 'birthday', budget: 30, interests });
      expect(got).not.toContain('bug-catcher-kit');
      expect(got).not.toContain('young-chefs-cookbook');
    }
    // The Jets are a team, not jets.
    expect(ids({ age: 30, relationship: 'my brother', budget: 60, interests: ['the jets'] })).not.toContain(
      'flight-aviation-history-book',
    );
  });

  it('a school followed with no sport said is its football (its basketball for a basketball school)', () => {
    expect(readInterest("he's a huge ohio state fan").interests.get('football')).toBe(1);
    expect(readInterest('big duke fan').interests.get('basketball')).toBe(1);
    expect(readInterest('state parks').interests.size).toBe(0);
    const said = reasons({
      age: 55,
      relationship: 'my boss',
      occasion: 'christmas',
      interests: ["he's a big penn state fan"],
    });
    expect(said.some((r) => /is a Penn State fan/.test(r))).toBe(true);
    for (const r of said) expect(r).not.toMatch(/is an? (?:a |he's )/);
  });

  it('"he\'s a big steelers fan" is said "a Steelers fan"', () => {
    for (const r of reasons({ age: 50, relationship: 'my dad', interests: ["he's a big steelers fan"] }))
      expect(r).not.toMatch(/is an? (?:a |he's )/);
  });
});

describe('held-out-46: said as meant', () => {
  it('"watches cooking shows" is cooking, no wristwatch', () => {
    const r = readInterest('she watches baking shows and wants to bake');
    expect(r.interests.has('fashion')).toBe(false);
    expect(r.terms).not.toContain('watch');
  });

  it('a club joined is its activity: the archery lesson is a match, not a hedge', () => {
    expect(readInterest('he joined an archery club').narrows).toEqual([]);
    for (const r of reasons({ age: 30, relationship: 'my brother', interests: ['he joined an archery club'] }))
      expect(r).not.toMatch(/Not strictly for joining/);
  });

  it('"taking flying lessons" and "saving up to build a pc" are said as what the person is doing', () => {
    const flying = reasons({
      age: 18,
      relationship: 'my niece',
      budget: 60,
      interests: ["she's taking flying lessons"],
    });
    for (const r of flying) expect(r).not.toMatch(/takes taking/);
    expect(flying.some((r) => /is taking flying lessons/.test(r))).toBe(true);
    const pc = reasons({ age: 15, relationship: 'my son', budget: 100, interests: ["he's saving up to build a pc"] });
    expect(pc.some((r) => /saving up to build a PC/.test(r))).toBe(true);
  });

  it('a misspelt "obsessed" is dropped like the right one', () => {
    const said = reasons({ age: 6, relationship: 'my niece', budget: 30, interests: ["she's obsesed with ladybugs"] });
    for (const r of said) expect(r).not.toMatch(/obsesed/);
    expect(said.some((r) => /into ladybugs/.test(r))).toBe(true);
  });

  it('"just built a gaming pc" is never "justing built"', () => {
    for (const r of reasons({
      age: 28,
      relationship: 'my brother',
      budget: 50,
      interests: ['he just built a gaming pc'],
    }))
      expect(r).not.toMatch(/justing/);
  });

  it('a business sold after years of running it is a career ended, with congratulations', () => {
    expect(readOccasion('she sold her salon after 30 years')).toMatchObject({
      occasion: 'retirement',
      named: 'congratulations',
    });
  });
});
