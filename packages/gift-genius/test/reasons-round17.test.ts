// Round 17 (issue 25): what held-out-19's judges graded low in the lists themselves, held here on wordings of our own.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readInterest } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);

describe("a newborn's age typed with the parents named: the reason speaks of the baby as the baby", () => {
  it('"the couple next door, they just had a girl": no reason keeps "them" warm, and none says "from you\'s"', () => {
    const r = rank({
      age: 0,
      relationship: 'the couple next door to us, they just had a girl',
      occasion: 'new baby',
      budget: 45,
    });
    expect(r.gifts.length).toBe(5);
    const all = r.gifts.map((g) => g.reason).join('\n');
    expect(all).not.toMatch(/you's|us's/);
    // The baby is named as the baby somewhere; the couple is never the one swaddled, dressed or kept warm.
    expect(all).toMatch(/\bthe baby\b|new baby of the couple/);
    for (const g of r.gifts) expect(g.reason).not.toMatch(/(?:get|gets) a new-baby gift that \w+ them\b/);
  });

  it('"my cousin had her son on tuesday": the cousin is not the one dressed or swaddled', () => {
    const r = rank({ age: 0, relationship: 'my cousin had her son on tuesday', occasion: 'new baby', budget: 60 });
    for (const g of r.gifts) {
      expect(g.reason).not.toMatch(/(?:Your cousin|your cousin) gets a new-baby gift that \w+ (?:her|him)\b/);
      expect(g.reason).not.toMatch(/good new-baby gift for your cousin\b/);
    }
    expect(r.gifts.some((g) => /\bthe baby\b|little one/.test(g.reason))).toBe(true);
  });

  it('a baby shower typed with the baby\'s age and a coworker named: no "1-year-old coworker"', () => {
    const r = rank({ age: 1, relationship: 'my coworker', occasion: 'baby shower', budget: 50 });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/year-old coworker/);
  });

  it('a baby named as the person keeps its own pronoun: "my new grandson" is swaddled as him', () => {
    const r = rank({ age: 0, relationship: 'my new grandson', occasion: 'new baby', budget: 60 });
    expect(r.gifts.some((g) => /\bhim\b|\bhis\b/.test(g.reason))).toBe(true);
  });
});

describe('a runner named by the race', () => {
  it('"couch to 5k", "parkrun" and "her first half marathon" read as running, with no word left to narrow it', () => {
    for (const phrase of ['couch to 5k', 'does parkrun every saturday', 'training for her first half marathon']) {
      const reading = readInterest(phrase);
      expect(reading.interests.get('running'), phrase).toBe(1);
      expect(reading.terms, phrase).toEqual([]);
    }
  });

  it('a parkrun regular gets running gifts, claimed as such, none "not strictly for" or "beyond" it', () => {
    const r = rank({ age: 52, relationship: 'my uncle', budget: 60, interests: ['does parkrun every sunday'] });
    const running = r.gifts.filter((g) => g.gift.interests.includes('running'));
    expect(running.length).toBeGreaterThanOrEqual(3);
    for (const g of running) {
      expect(g.reason).toMatch(/parkrun/i);
      expect(g.reason).not.toMatch(/not strictly|beyond|broader|a step away|loosely/i);
    }
  });

  it('a marathon in training is met by running socks, not "not strictly" met', () => {
    const r = rank({ age: 33, relationship: 'my sister', budget: 40, interests: ['training for her first marathon'] });
    for (const g of r.gifts.filter((x) => x.gift.interests.includes('running')))
      expect(g.reason).not.toMatch(/not strictly|beyond|broader/i);
  });
});

describe('phrases the catalog serves that read as nothing, or as the wrong thing', () => {
  it('"cake decorating" is baking, not home decor: no decorating-a-room book is called a fit', () => {
    const reading = readInterest('cake decorating');
    expect(reading.interests.get('baking')).toBe(1);
    expect(reading.interests.has('home-decor')).toBe(false);
    const r = rank({ age: 29, relationship: 'my friend', budget: 45, interests: ['cake decorating'] });
    expect(r.gifts.map((g) => g.gift.id)).toContain('cake-decorating-kit');
    for (const g of r.gifts) expect(g.gift.interests).not.toContain('home-decor');
  });

  it('"cold brew" ranks the cold-brew maker and says so; nothing is reported unmet', () => {
    const r = rank({ age: 30, relationship: 'my roommate', budget: 40, interests: ['cold brew'] });
    const top = r.gifts.find((g) => g.gift.id === 'cold-brew-coffee-maker');
    expect(top?.reason).toMatch(/cold brew/i);
    expect(r.unmet.filter((u) => u.kind === 'interest')).toEqual([]);
  });

  it('"plays solitaire" is a card player: a card game is claimed for it', () => {
    const r = rank({ age: 70, relationship: 'my grandpa', budget: 30, interests: ['plays solitaire every evening'] });
    expect(r.gifts.some((g) => /\bcards?\b|\bdeck\b/i.test(g.gift.description) && /solitaire/i.test(g.reason))).toBe(
      true,
    );
  });

  it('a gift tagged only for thank-yous and gift exchanges is a gift for anyone, not off-key at a birthday', () => {
    // deluxe-playing-cards: occasions secret-santa and thank-you only; it took the off-key penalty at every birthday.
    const r = rank({ age: 70, relationship: 'my grandpa', occasion: 'birthday', budget: 30, interests: ['solitaire'] });
    expect(r.gifts.map((g) => g.gift.id)).toContain('deluxe-playing-cards');
  });

  it('a misspelt interest is read as meant: "cross country sking" gets ski gifts', () => {
    const r = rank({ age: 45, relationship: 'my neighbor', budget: 50, interests: ['cross country sking'] });
    expect(r.gifts.filter((g) => g.gift.interests.includes('skiing')).length).toBeGreaterThanOrEqual(2);
    expect(r.unmet.filter((u) => u.kind === 'interest')).toEqual([]);
  });

  it('tomato plants are a vegetable garden: seeds, not bouquets', () => {
    const r = rank({ age: 60, relationship: 'my mom', budget: 60, interests: ['her tomato plants'] });
    const ids = r.gifts.map((g) => g.gift.id);
    expect(ids).toContain('heirloom-vegetable-seeds');
    expect(ids.filter((id) => /bouquet/.test(id))).toEqual([]);
  });

  it('"can quote every episode" is no canning, and "makes jam" claims only what says jam or jars', () => {
    expect(readInterest('can quote every seinfeld episode').interests.has('cooking')).toBe(false);
    const r = rank({ age: 58, relationship: 'my aunt', budget: 40, interests: ['makes jam every summer'] });
    for (const g of r.gifts)
      if (/picked because|who makes jam|into makes jam|enjoys making jam/i.test(g.reason))
        expect(`${g.gift.title} ${g.gift.description}`).toMatch(/jam|jar|preserv|canning/i);
  });
});
