// Round 33 (issue 25): what held-out-33's blind judges read as misses, in wordings of our own. Each case fails on
// 59d1d07 but the guards, which hold what the fix must keep.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readOccasion } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);
const reasons = (args: Record<string, unknown>) =>
  rank(args)
    .gifts.map((g) => g.reason)
    .join(' ');

describe('the occasion as said', () => {
  it('what the first clause names wins over what the rest tells', () => {
    expect(readOccasion('thanks so much, she drove me to the hospital every week').occasion).toBe('thank-you');
    expect(readOccasion('their 25th anniversery, dinner at our place').occasion).toBe('anniversary');
    expect(readOccasion('our first grand baby just arived').occasion).toBe('new-baby');
  });

  it('an event the occasion is counted from is not the occasion', () => {
    const teej = readOccasion('her first teej since the wedding');
    expect(teej.occasion).not.toBe('wedding');
    expect(teej.named).toBe('Teej');
    expect(readOccasion('first diwali after the wedding').occasion).not.toBe('wedding');
  });

  it('Mimouna is a visit to hosts, not "a Passover gift"', () => {
    const text = reasons({
      age: 60,
      relationship: "my friend's parents",
      occasion: 'mimouna, they invited us over the night passover ends',
      budget: 50,
    });
    expect(text).not.toMatch(/Passover/);
    expect(text).toMatch(/Mimouna/);
  });

  // Guards: the rules that read the whole text still do.
  it('a thank-you and a loss said after the comma still turn the occasion', () => {
    expect(readOccasion('my 5 year sobriety anniversary, want to thank him').occasion).toBe('thank-you');
    expect(readOccasion('first fathers day without him, his dad passed in march').named).toBe('sympathy');
  });
});

describe('exclusions and whom a gift is for', () => {
  it('"nothing that isn\'t kosher" rules out food', () => {
    const r = rank({
      age: 60,
      relationship: 'my friends parents',
      occasion: 'passover',
      budget: 60,
      exclude: ["nothing that isn't kosher"],
    });
    for (const g of r.gifts) expect(g.gift.categories).not.toContain('food-drink');
  });

  it('a baby named as a great-nephew is "him", whoever "she" in the exclusion is', () => {
    const text = reasons({
      age: 0,
      relationship: "my niece's baby, my first great nephew",
      occasion: 'new baby',
      budget: 75,
      exclude: ["no clothes, she's drowning in them"],
    });
    expect(text).toMatch(/\b(?:him|his)\b/);
    expect(text).not.toMatch(/\b(?:her|she)\b/);
  });

  // Guard: a clause about the user's children does not give the person its gender.
  it('"our rabbi, he tutored my daughter" is still "him"', () => {
    const text = reasons({
      age: 46,
      relationship: 'our rabbi, he tutored my daughter for a whole year',
      occasion: 'thank you',
      budget: 100,
    });
    expect(text).not.toMatch(/\b(?:her|she)\b/);
  });

  it("parents named with the baby's age: the baby's gifts are said as the baby's", () => {
    const text = reasons({
      age: 0,
      relationship: 'my son and daughter in law',
      occasion: 'our first grandbaby just arrived',
    });
    expect(text).toMatch(/\bthe baby\b|\blittle one\b/);
    expect(text).not.toMatch(/swaddles them|wraps them|dresses them/);
  });
});

describe('phrases read by their own words', () => {
  it('cozy mysteries are books, not blankets', () => {
    const r = rank({
      age: 40,
      relationship: 'sister',
      occasion: 'christmas',
      budget: 60,
      interests: ['cozy mysteries'],
    });
    expect(r.gifts.filter((g) => /blanket|throw|hoodie/.test(g.gift.id))).toEqual([]);
  });

  it('model trains do not meet an Elvis biography; outer space is met by a solar system', () => {
    // (Asked alone, the biography still fills a fifth place on its title's word: the catalog has four train gifts.)
    const trains = rank({
      age: 63,
      relationship: 'dad',
      occasion: 'christmas',
      budget: 100,
      interests: ['civil war history', 'model trains', 'old westerns'],
    });
    expect(trains.gifts.map((g) => g.gift.id)).not.toContain('last-train-to-memphis-elvis-biography');
    const space = reasons({
      age: 8,
      relationship: 'grandson',
      occasion: 'birthday',
      budget: 35,
      interests: ['outer space'],
    });
    expect(space).not.toMatch(/not strictly for outer space|beyond outer space|broader than outer space/i);
  });

  it('"she just got into trail running" is said as trail running, never "beyond getting into …"', () => {
    const text = reasons({
      age: 35,
      relationship: 'my wife',
      occasion: 'birthday',
      budget: 100,
      interests: ['she just got into trail running'],
    });
    expect(text).not.toMatch(/getting into|\bgot\b.*\bbeyond\b/i);
  });

  it("another show's own things are no match for a fan: a Star Wars book over a Gilmore Girls cookbook", () => {
    const r = rank({
      age: 40,
      relationship: 'friend',
      occasion: 'birthday',
      budget: 50,
      interests: ['camping', 'star wars', 'hot sauce'],
    });
    const ids = r.gifts.map((g) => g.gift.id);
    expect(ids).not.toContain('gilmore-girls-official-cookbook');
    expect(ids).toContain('star-wars-visual-dictionary');
  });

  // Guard: a genre's fan still meets a show of the genre (a Totoro plush for anime, Leone for westerns).
  it('"anime" still meets a Totoro plush; "old westerns" the Leone trilogy', () => {
    const anime = rank({ age: 19, relationship: 'cousin', occasion: 'christmas', budget: 40, interests: ['anime'] });
    expect(anime.gifts.map((g) => g.gift.id).join(' ')).toMatch(/totoro|spirited-away/);
    const west = rank({ age: 63, relationship: 'dad', occasion: 'christmas', budget: 50, interests: ['old westerns'] });
    expect(west.gifts.map((g) => g.gift.id)).toContain('dollars-trilogy-blu-ray');
  });
});

describe("a partner's own anniversary with their pursuits named", () => {
  it('the pursuits lead: four of five picks serve gardening', () => {
    const r = rank({
      age: 45,
      relationship: 'wife',
      occasion: '20th anniversary',
      budget: 250,
      interests: ['gardening'],
    });
    expect(r.gifts.filter((g) => g.gift.interests.includes('gardening')).length).toBeGreaterThanOrEqual(4);
  });

  // The index keeps a table of scores per kind of request; the halving must be part of its key, or the list a request
  // gets depends on what was asked before it (a stale table gave a cooking class for two in place of a garden bed).
  it('the same request gets the same list whatever was asked before it', () => {
    const asked = { age: 45, relationship: 'wife', occasion: '20th anniversary', budget: 250 };
    const withPursuit = { ...asked, interests: ['gardening'] };
    const fresh = GiftIndex.build(loadBundledCatalog());
    const used = GiftIndex.build(loadBundledCatalog());
    used.rank({ count: 5, ...asked } as never);
    const ids = (ix: typeof fresh) => ix.rank({ count: 5, ...withPursuit } as never).gifts.map((g) => g.gift.id);
    expect(ids(used)).toEqual(ids(fresh));
  });

  // Guard: with nothing named, the day's gifts for two still come first.
  it('with no pursuit named, a gift for the two of them is in the list', () => {
    const r = rank({ age: 52, relationship: 'wife', occasion: '25th anniversary', budget: 300 });
    expect(r.gifts.some((g) => g.gift.recipient === 'couple')).toBe(true);
  });
});
