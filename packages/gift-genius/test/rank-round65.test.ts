// Round 65 (issue 25): held-out-55's lists both judges graded low (scored on d96831a), in wordings of our own.
// Each case fails on 63ff839 (round 64), but for three guards (TikTok itself, another licence, each of a group) and
// the ukulele from Instagram (read right before, kept beside the drums it pairs with).
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readInterest, readOccasion, readRelationship } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (q: Record<string, unknown>) => index.rank({ count: 5, ...q } as never);

describe('where someone learns a thing is no interest of its own', () => {
  it.each([
    ['learning drums off tiktok', 'drums'],
    ["she's teaching herself ukulele from instagram", 'ukulele'],
  ])('%s reads as %s alone', (said, instrument) => {
    const r = readInterest(said);
    expect(r.interests).toEqual(readInterest(instrument).interests);
    expect(r.terms).toEqual(readInterest(instrument).terms);
  });

  it('a guitar learnt off TikTok gets guitar things, each said to be for it', () => {
    const r = rank({
      age: 13,
      relationship: 'my nephew',
      occasion: 'birthday',
      interests: ['learning guitar off tiktok'],
    });
    for (const g of r.gifts) {
      expect(g.gift.id).not.toMatch(/ring-light|tripod/);
      expect(g.reason).not.toMatch(/^Not strictly/);
    }
  });

  it('someone always on TikTok is still read as into TikTok', () => {
    expect(readInterest('always on tiktok').terms).toContain('ring light');
  });
});

describe('a licence just got, unnamed, is a driving licence', () => {
  it.each(['he finally got his license', 'just passed her driving test', 'got his learners permit'])('%s', (said) => {
    const r = readInterest(said);
    expect(r.terms).toContain('new driver');
    expect(r.words).not.toContain('license');
  });

  it('another licence named is not read as one', () => {
    expect(readInterest('just got her real estate license').terms).not.toContain('new driver');
  });

  it("a new driver's list holds things for the car, not a radio licence manual", () => {
    const r = rank({
      age: 17,
      relationship: 'my grandson',
      occasion: 'birthday',
      budget: 100,
      interests: ['he just got his license'],
    });
    const ids = r.gifts.map((g) => g.gift.id);
    expect(ids.join(' ')).not.toMatch(/ham-radio|radio/);
    expect(
      ids.filter((id) => /keychain|jump-starter|roadside|phone-mount|tire-inflator/.test(id)).length,
    ).toBeGreaterThan(1);
  });
});

describe('people named as a group', () => {
  it('are not read as someone their clause names', () => {
    expect(readRelationship('the ladies from the choir who sat with my mom at the hospital')?.role).not.toBe('parent');
    expect(readRelationship('the women who ran the bake sale for my son')).toBeUndefined();
  });

  it('get no "him" or "his" from a clause about someone else', () => {
    const r = rank({
      age: 70,
      relationship: 'the ladies who brought meals after my husband died',
      occasion: 'thank you',
      budget: 50,
    });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/\b(?:him|his|he)\b/);
  });

  it.each([
    ['the maintenance crew at our building, 4 of them', 'christmas'],
    ['the night nurses on the maternity ward', 'thank you'],
    ['our movers, two guys', 'thank you'],
  ])('%s share a treat: most of the list is one', (relationship, occasion) => {
    const r = rank({ age: 45, relationship, occasion, budget: 50 });
    const treats = r.gifts.filter((g) =>
      /chocolate|cookie|popcorn|macaron|tea|coffee|snack|bouquet|cheese-sampler|honey|jam|syrup/.test(g.gift.id),
    );
    expect(treats.length).toBeGreaterThanOrEqual(3);
  });

  it('each of them is not a group: their gifts stay one person each', () => {
    const r = rank({
      age: 35,
      relationship: 'each of my direct reports, 5 of them',
      occasion: 'christmas',
      budget: 30,
    });
    const treats = r.gifts.filter((g) => /chocolate|cookie|popcorn|macaron|tea-|coffee|snack/.test(g.gift.id));
    expect(treats.length).toBeLessThan(5);
  });
});

describe('a wedding after years together is a wedding', () => {
  it.each([
    ['they finally got married after 15 years together', 'wedding'],
    ['just got married', 'wedding'],
    ['getting married after 8 yrs', 'wedding'],
    ['married 25 years', 'anniversary'],
    ['they got married 40 years ago today', 'anniversary'],
  ])('%s → %s', (said, occasion) => {
    expect(readOccasion(said).occasion).toBe(occasion);
  });

  it('and its reasons name no anniversary number', () => {
    const r = rank({
      age: 50,
      relationship: 'my uncle and his partner',
      occasion: 'they finally got married after 18 years together',
    });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/18th|anniversary gift/);
  });
});

describe("the Jade Emperor's birthday is a family feast, not someone's birthday", () => {
  it.each(["jade emperor's birthday", 'pai ti kong'])('%s', (said) => {
    const o = readOccasion(said);
    expect(o.occasion).not.toBe('birthday');
    expect(o.named).toBe("Jade Emperor's Birthday");
  });

  it('a stay for it is a guest gift, said by its name', () => {
    const r = rank({
      age: 60,
      relationship: "my wife's parents",
      occasion: "jade emperor's bday, staying with them over it",
      budget: 50,
    });
    for (const g of r.gifts) {
      expect(g.reason).not.toMatch(/\bbirthday gift\b|\ba year older\b/);
      expect(g.reason).not.toMatch(/\ba the\b/);
    }
    expect(r.gifts.some((g) => g.reason.includes("Jade Emperor's Birthday"))).toBe(true);
  });
});
