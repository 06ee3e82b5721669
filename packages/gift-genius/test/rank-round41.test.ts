// Round 41 (issue 25): held-out-41's misses as a reader grades them, in wordings of our own. Each case fails on
// 328020f.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readInterest, readOccasion } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);
const ids = (args: Record<string, unknown>) => rank(args).gifts.map((g) => g.gift.id);

describe('held-out-41, read as meant', () => {
  it('a pet\'s name is no interest: "his dog noodle" gets no ramen', () => {
    expect(readInterest('his dog noodle').interests.has('food')).toBe(false);
    const r = rank({
      age: 30,
      relationship: 'my brother',
      occasion: 'birthday',
      budget: 40,
      interests: ['his dog noodle'],
    });
    for (const g of r.gifts) expect(g.gift.interests).not.toContain('food');
  });

  it('what the occasion is about is served: a first car, a first coaching job', () => {
    const car = rank({ age: 18, relationship: 'my son', occasion: 'he just bought his first car', budget: 90 });
    expect(car.gifts.filter((g) => g.gift.interests.includes('cars')).length).toBeGreaterThanOrEqual(2);
    expect(car.unmet.some((u) => u.kind === 'occasion')).toBe(false);
    const coach = ids({
      age: 44,
      relationship: 'my husband',
      occasion: 'he was named head coach (varsity football)',
      budget: 60,
    });
    expect(coach).toContain('coach-dry-erase-clipboard');
  });

  it('making candles is candle making; a fish tank is no fishing; a curry is no fishing', () => {
    expect(
      ids({ age: 50, relationship: 'my aunt', occasion: 'christmas', budget: 40, interests: ['candle making'] }),
    ).toContain('soy-candle-making-kit');
    const candles = rank({
      age: 50,
      relationship: 'my aunt',
      occasion: 'christmas',
      budget: 40,
      interests: ['candle making'],
    });
    for (const g of candles.gifts)
      if (g.gift.id === 'scented-soy-candle') expect(g.reason).not.toMatch(/^Since|Picked because/);
    expect(readInterest('her aquarium').interests.has('fishing')).toBe(false);
    expect(readInterest('fish curry').interests.has('fishing')).toBe(false);
  });

  it("a baby born on the user's birthday is a new baby; five festivals are read", () => {
    expect(readOccasion('he was born on my birthday!')).toMatchObject({ occasion: 'new-baby' });
    expect(readOccasion('jamai sasthi')).toMatchObject({ named: 'Jamai Shashthi' });
    expect(readOccasion('raja parba')).toMatchObject({ named: 'Raja Parba' });
    expect(readOccasion('karen new year party')).toMatchObject({ occasion: 'dinner-party' });
    expect(readOccasion('akitu picnic')).toMatchObject({ occasion: 'dinner-party' });
    expect(readOccasion('garifuna settlement day')).toMatchObject({ occasion: 'dinner-party' });
  });
});

describe('held-out-41, said as a person says it', () => {
  it('"he\'s learning guitar" is said as learning guitar, never "beyond he\'s learning"', () => {
    for (const g of rank({ age: 40, relationship: 'my husband', budget: 150, interests: ["he's learning guitar"] })
      .gifts)
      expect(g.reason).not.toMatch(/he's learning/);
    expect(readInterest("she's learning french").narrows).toEqual([]);
  });

  it('ESL and BMX are said in capitals', () => {
    const esl = rank({ age: 45, relationship: 'my esl teacher', occasion: 'thank you', budget: 30 });
    expect(esl.gifts.some((g) => g.reason.includes('ESL teacher'))).toBe(true);
    for (const g of rank({ age: 13, relationship: 'my grandson', budget: 40, interests: ['bmx'] }).gifts)
      expect(g.reason).not.toMatch(/\bbmx\b/);
  });
});

describe("pend37's judges on round 41", () => {
  it('"my best friend\'s newborn" is the baby, never "your best friend\'s newborn\'s baby"', () => {
    const r = rank({ age: 0, relationship: "my cousin's newborn", occasion: 'just born', budget: 40 });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/newborn's baby/);
  });

  it('a first car is said as bought, and gets no Formula 1 book', () => {
    const r = rank({ age: 20, relationship: 'my son', occasion: 'he bought his first car', budget: 60 });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/loves his first car/);
    expect(r.gifts.map((g) => g.gift.id)).not.toContain('adrian-newey-how-to-build-a-car');
  });

  it('a football club is soccer; a word game is no language course', () => {
    expect(readInterest('mohun bagan football club').interests.get('soccer')).toBe(1);
    expect(readInterest('mohun bagan football club').interests.has('football')).toBe(false);
    const spanish = rank({ age: 50, relationship: 'my husband', budget: 60, interests: ['learning italian'] });
    for (const id of ['bananagrams-word-game', 'deluxe-rotating-scrabble', 'portable-shortwave-radio'])
      expect(spanish.gifts.map((g) => g.gift.id)).not.toContain(id);
  });
});
