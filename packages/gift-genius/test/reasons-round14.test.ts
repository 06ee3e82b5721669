// Round 14 (issue 25): what held-out-16's judges graded 0, each held here on wordings of our own.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readInterest, readOccasion } from '../dist/recommend/vocabulary.js';

const catalog = loadBundledCatalog();
const index = GiftIndex.build(catalog);
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);
/** Reasons that claim the pick is for the interest as a plain match (not hedged). */
const CLAIMED =
  /[Pp]icked because|a good fit for|[Ss]ince your|, so this|, who(?:'s| is)? |enjoys|who's into|who takes/;
const HEDGED = /Not strictly for|[Bb]eyond|[Bb]roader than|apart from|loosely tied|a step away/;

describe('a hedge never denies a match the item plainly is', () => {
  // The search word said raw ("brewing") never met the item's stemmed text ("brew"): a brewing kit was "not
  // strictly for homebrewing", climbing chalk "a step beyond bouldering".
  const cases: Array<[string, string]> = [
    ['homebrewing', 'home-beer-brewing-kit'],
    ['pickup basketball', 'composite-leather-basketball'],
    ['lifting weights', 'lifting-straps-wrist-wraps'],
  ];
  for (const [interest, id] of cases)
    it(`${id} for "${interest}" is said as a match`, () => {
      const r = rank({ age: 29, relationship: 'my cousin', budget: 120, interests: [interest] });
      const pick = r.gifts.find((g) => g.gift.id === id);
      expect(pick, r.gifts.map((g) => g.gift.id).join(' ')).toBeDefined();
      expect(pick!.reason).not.toMatch(HEDGED);
    });

  it('climbing gifts for "bouldering at the gym" beside another interest are said as matches', () => {
    const r = rank({
      age: 28,
      relationship: 'my roommate',
      occasion: 'birthday',
      budget: 40,
      interests: ['bouldering at the gym', 'knitting'],
    });
    const climbing = r.gifts.filter((g) => g.gift.interests.includes('climbing'));
    expect(climbing.length).toBeGreaterThanOrEqual(2);
    for (const g of climbing) expect(g.reason, g.gift.id).not.toMatch(HEDGED);
  });

  it('"her three dogs" is dogs: a dog gift is no step beyond them', () => {
    const r = rank({ age: 40, relationship: 'my neighbor', budget: 60, interests: ['her three dogs'] });
    for (const g of r.gifts) if (g.gift.interests.includes('dogs')) expect(g.reason).not.toMatch(HEDGED);
  });
});

describe('what someone makes is no ready-made thing to buy them', () => {
  it('a candle maker gets a candle-making kit as the match, never a scented candle claimed for it', () => {
    expect(readInterest('makes her own soy candles').interests.get('home-decor')).toBeUndefined();
    const r = rank({
      age: 33,
      relationship: 'my sister',
      occasion: 'birthday',
      budget: 50,
      interests: ['makes her own soy candles'],
    });
    for (const g of r.gifts)
      if (CLAIMED.test(g.reason)) expect(g.gift.interests, `${g.gift.id}: ${g.reason}`).toContain('crafts');
  });

  it('someone who sews her own clothes gets sewing gifts, not a scarf or slippers "because" she sews', () => {
    const r = rank({
      age: 45,
      relationship: 'my aunt',
      occasion: 'christmas',
      budget: 250,
      interests: ['sews all her own clothes'],
    });
    for (const g of r.gifts)
      if (CLAIMED.test(g.reason)) expect(g.gift.interests, `${g.gift.id}: ${g.reason}`).toContain('sewing');
    expect(r.gifts.filter((g) => g.gift.interests.includes('sewing')).length).toBeGreaterThanOrEqual(4);
  });

  it('ready-made sweets are food, not baking: macarons are no pick for a baker', () => {
    const r = rank({
      age: 30,
      relationship: 'sister',
      occasion: 'birthday',
      budget: 50,
      interests: ['baking'],
    });
    for (const g of r.gifts)
      if (CLAIMED.test(g.reason) || HEDGED.test(g.reason)) expect(g.gift.id).not.toMatch(/macaron|cookie-tin/);
  });
});

describe('a named card game, the keeping of bees, a basketball video game', () => {
  it('another board game is no match for cribbage or backgammon', () => {
    for (const game of ['plays cribbage every night', 'backgammon']) {
      const r = rank({ age: 80, relationship: 'grandpa', occasion: 'birthday', budget: 60, interests: [game] });
      for (const g of r.gifts)
        if (CLAIMED.test(g.reason)) expect(g.gift.title, g.reason).toMatch(/cribbage|backgammon/i);
    }
  });

  it('a beekeeper is not "picked" a jar of honey or a beeswax candle kit', () => {
    const r = rank({
      age: 50,
      relationship: 'my uncle',
      occasion: 'christmas',
      budget: 40,
      interests: ['beekeeping, has two hives'],
    });
    for (const g of r.gifts)
      if (CLAIMED.test(g.reason)) expect(g.gift.id, g.reason).not.toMatch(/honey|beeswax-candle/);
  });

  it('NBA 2K is a video game: no basketball or bleacher seat claimed for it', () => {
    const r = rank({
      age: 15,
      relationship: 'son',
      occasion: 'christmas',
      budget: 60,
      interests: ['nba 2k'],
    });
    for (const g of r.gifts) if (CLAIMED.test(g.reason)) expect(g.gift.interests, g.reason).not.toContain('basketball');
  });

  it('a rockhound gets a tumbler or a collection as the match, not a decor amethyst claimed for it', () => {
    const r = rank({
      age: 55,
      relationship: 'my brother',
      occasion: 'birthday',
      budget: 80,
      interests: ['rockhounding'],
    });
    for (const g of r.gifts) if (CLAIMED.test(g.reason)) expect(g.gift.id, g.reason).not.toBe('amethyst-geode-cluster');
  });
});

describe('where and with whom is not a second interest', () => {
  it('"watching birds from her window" is birds: no kitchen gift "a step beyond" them', () => {
    const reading = readInterest('watching birds out of her kitchen window');
    expect(reading.interests.has('cooking')).toBe(false);
    const viaFrom = readInterest('watching birds from her kitchen window');
    expect(viaFrom.interests.has('cooking')).toBe(false);
  });

  it('"cooking with her grandkids" is cooking, and its cooking gifts are matches, not "beyond" it', () => {
    const r = rank({
      age: 70,
      relationship: 'my mom',
      occasion: 'christmas',
      budget: 60,
      interests: ['cooking with her grandkids'],
    });
    const cooking = r.gifts.filter((g) => g.gift.interests.includes('cooking'));
    expect(cooking.length).toBeGreaterThanOrEqual(2);
    for (const g of cooking) expect(g.reason, g.gift.id).not.toMatch(HEDGED);
  });
});

describe('words said as a sentence says them', () => {
  it('"they still go dancing every saturday" for a couple is said as what they do', () => {
    const r = rank({
      age: 70,
      relationship: 'my grandparents',
      occasion: 'anniversary',
      interests: ['they still go swing dancing every saturday'],
    });
    const text = r.gifts.map((g) => g.reason).join(' ');
    expect(text).not.toMatch(/into they|into still/);
    expect(text).toMatch(/still go swing dancing every Saturday/);
  });

  it("a name ending in s is no verb: Louis L'Amour stays his name", () => {
    const r = rank({
      age: 70,
      relationship: 'grandpa',
      occasion: 'birthday',
      interests: ["louis l'amour novels"],
    });
    const text = r.gifts.map((g) => g.reason).join(' ');
    expect(text).not.toMatch(/louiing/i);
  });

  it('a class is taken, not "into": "who takes a pottery class on Tuesdays"', () => {
    const r = rank({ age: 30, relationship: 'my friend', budget: 60, interests: ['pottery class on tuesdays'] });
    const text = r.gifts.map((g) => g.reason).join(' ');
    expect(text).not.toMatch(/into pottery class/);
  });

  it('a person named with a clause of their own is not made a possessive, and is named briefly after once', () => {
    const r = rank({
      age: 60,
      relationship: 'a supplier we have worked with for 20 years, he is retiring',
      occasion: 'retirement',
      budget: 80,
    });
    const text = r.gifts.map((g) => g.reason).join(' ');
    expect(text).not.toMatch(/years' retirement/);
    expect(r.gifts.filter((g) => /worked with for 20 years/.test(g.reason)).length).toBeLessThanOrEqual(1);
  });

  it('"the woman in marketing you drew" is not "the woman in"', () => {
    const r = rank({
      age: 45,
      relationship: 'the lady in marketing i drew for secret santa',
      occasion: 'secret santa',
      budget: 25,
    });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/lady in(?:[,.:]|$| gets| that)/);
  });

  it('a day for lovers keeps its own name, and a date in brackets is no milestone', () => {
    const o = readOccasion("st dwynwen's day (jan 25)");
    expect(o.named).toBe("St Dwynwen's Day");
    expect(o.milestone).toBeUndefined();
    const r = rank({ age: 40, relationship: 'wife', occasion: "st dwynwen's day (jan 25)", budget: 80 });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/Valentine|25th/);
  });

  it('a toddler of two is given no "first-birthday" toy', () => {
    const r = rank({ age: 2, relationship: 'granddaughter', occasion: 'birthday', budget: 40 });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/first.birthday/i);
  });
});

describe('an interest told where the person is described', () => {
  it('"all i know is she likes the packers" ranks Packers gifts as the interest', () => {
    const r = rank({
      age: 40,
      relationship: 'the lady from payroll i drew, all i know is she likes the packers',
      occasion: 'secret santa',
      budget: 30,
    });
    expect(r.gifts.some((g) => g.gift.interests.includes('football'))).toBe(true);
    expect(r.gifts.map((g) => g.reason).join(' ')).toMatch(/Packers/);
  });
});
