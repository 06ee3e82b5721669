import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { rankGifts } from '../dist/recommend/rank.js';
import { readInterest } from '../dist/recommend/vocabulary.js';

const catalog = loadBundledCatalog();

describe('interest phrases as people spell them', () => {
  it('a compound written as two words, hyphenated or closed up reads the same ("bird watching")', () => {
    for (const phrase of ['birdwatching', 'bird watching', 'bird-watching', 'Bird Watching']) {
      expect([...readInterest(phrase).interests.keys()], phrase).toContain('animals');
      expect(readInterest(phrase).terms, phrase).toContain('bird');
    }
  });

  it('a singular reads as the plural concept ("bird" as "birds")', () => {
    expect(readInterest('bird').terms).toEqual(readInterest('birds').terms);
  });

  it('a 72-year-old uncle into "bird watching" gets a bird gift within $40, not "nothing matches"', () => {
    const r = rankGifts(catalog, { age: 72, relationship: 'uncle', budget: 40, interests: ['bird watching'] });
    expect(r.unmet).toEqual([]);
    expect(r.gifts.map((p) => p.gift.id)).toContain('regional-bird-field-guide');
  });
});

describe('a cook and a foodie are different people', () => {
  const TREATS = [
    'artisan-chocolate-bar-trio',
    'artisan-chocolate-truffles',
    'gourmet-hot-chocolate-set',
    'sparkling-cider-duo',
  ];
  const DIRECT = /^(Picked for|A direct match for|Ties straight in with)/;

  it('someone into cooking is not told a chocolate bar or a cider "ties straight in" with it', () => {
    for (const budget of [20, 30, 50]) {
      const r = rankGifts(catalog, {
        age: 25,
        relationship: 'roommate',
        budget,
        interests: ['cooking'],
        occasion: 'christmas',
      });
      const claimed = r.gifts.filter((p) => TREATS.includes(p.gift.id) && DIRECT.test(p.reason));
      expect(
        claimed.map((p) => `${p.gift.id}: ${p.reason}`),
        `$${budget}`,
      ).toEqual([]);
    }
  });

  it('a foodie or a sweet tooth gets the treats', () => {
    for (const phrase of ['foodie', 'sweet tooth', 'chocolate']) {
      const r = rankGifts(catalog, { age: 30, relationship: 'friend', budget: 30, interests: [phrase] });
      expect(r.unmet, phrase).toEqual([]);
      expect(r.gifts.filter((p) => TREATS.includes(p.gift.id)).length, phrase).toBeGreaterThan(0);
    }
  });
});

describe("a phrase's words are read together", () => {
  it('"family history" is not claimed for a trivia game that says "history" and, later, "family"', () => {
    const r = rankGifts(catalog, {
      age: 72,
      relationship: 'grandmother',
      budget: 100,
      interests: ['cooking', 'family history'],
    });
    const trivia = r.gifts.find((p) => p.gift.id === 'trivia-party-game');
    if (trivia) expect(trivia.reason).not.toMatch(/^(Picked for|A direct match for|Ties straight in with|Chosen with)/);
    // The list serves both interests (since the catalog grew, a second cookbook ties the DNA kit for the fifth
    // place beside cooking); "family history" alone finds the DNA kit and never claims the trivia game.
    expect(
      r.gifts.filter((p) => /family history/.test(p.reason) && !/Not strictly|apart from|loosely/.test(p.reason))
        .length,
    ).toBeGreaterThanOrEqual(2);
    const alone = rankGifts(catalog, {
      age: 72,
      relationship: 'grandmother',
      budget: 100,
      interests: ['family history'],
    });
    expect(alone.gifts.map((p) => p.gift.id)).toContain('ancestry-dna-kit');
    const aloneTrivia = alone.gifts.find((p) => p.gift.id === 'trivia-party-game');
    if (aloneTrivia) expect(aloneTrivia.reason).toMatch(/Not strictly|apart from|loosely|step away|[Bb]eyond|broader/);
  });
});

describe('"close to" is said only of the phrase that is close, and only when it is', () => {
  it('a baking set that says "build confidence" is not called close to "minecraft" (or to "building things")', () => {
    const r = rankGifts(catalog, {
      age: 6,
      relationship: 'son',
      budget: 40,
      interests: ['minecraft', 'building things'],
    });
    for (const p of r.gifts)
      if (!p.gift.interests.includes('gaming')) expect(p.reason, p.gift.id).not.toMatch(/minecraft/);
    const baking = r.gifts.find((p) => p.gift.id === 'kids-real-baking-set');
    if (baking) expect(baking.reason).not.toMatch(/^Close to/);
  });

  it('a LEGO box "for kids and parents" is not close to "new mom"', () => {
    const r = rankGifts(catalog, {
      age: 38,
      relationship: 'sister',
      budget: 60,
      interests: ['new mom'],
      occasion: 'baby shower',
    });
    const lego = r.gifts.find((p) => p.gift.id === 'lego-classic-creative-brick-box');
    if (lego) expect(lego.reason).not.toMatch(/new mom/);
  });
});

describe('a fandom is not a whole interest', () => {
  it('"harry potter" at $25 for a girlfriend: no cookbook "for someone into reading", and the answer says the box set costs more', () => {
    const r = rankGifts(catalog, {
      age: 23,
      relationship: 'girlfriend',
      // $25: since round 38 a $30 Hogwarts scarf fits $40 (round38's test shows it there).
      budget: 25,
      interests: ['harry potter'],
      occasion: 'anniversary',
    });
    for (const p of r.gifts) expect(p.reason, p.gift.id).not.toMatch(/into reading/);
    expect(r.unmet.map((u) => u.kind)).toEqual(['budget']);
  });

  it('"harry potter" with room in the budget finds the box set', () => {
    const r = rankGifts(catalog, { age: 12, relationship: 'nephew', budget: 80, interests: ['harry potter'] });
    expect(r.gifts[0]?.gift.id).toBe('harry-potter-paperback-box-set');
  });
});

describe("a concept's search words", () => {
  it('"fantasy books" finds the Harry Potter box set, not a phone tripod with a ring light', () => {
    const r = rankGifts(catalog, {
      age: 14,
      relationship: 'niece',
      budget: 70,
      interests: ['harry potter', 'fantasy books'],
    });
    const ids = r.gifts.map((p) => p.gift.id);
    expect(ids).not.toContain('phone-tripod-ring-light');
    expect(ids).toContain('harry-potter-paperback-box-set');
  });
});

describe('verbs people use for hobbies', () => {
  it('"likes to grill and watch football", "loves to paint", "we garden", "fish" read as the hobby', () => {
    const stated = (phrase: string) => [...readInterest(phrase).interests].filter(([, w]) => w === 1).map(([i]) => i);
    expect(stated('likes to grill and watch football')).toEqual(expect.arrayContaining(['cooking', 'football']));
    expect(stated('loves to paint')).toContain('painting');
    expect(stated('we garden')).toContain('gardening');
    expect(stated('fish')).toContain('fishing');
  });
});

describe('diets as exclusions', () => {
  const animal = /\b(cheese|leather|honey|charcuterie|meat|wool|merino|silk|sheepskin|shearling)\b/i;
  it('"vegan" rules out dairy, eggs, fish, meat, honey and animal materials, not the word "vegan" in a text', () => {
    for (const q of [
      { age: 29, relationship: 'sister', budget: 50, interests: ['cooking'] },
      { age: 40, relationship: 'friend', budget: 120 },
      { age: 35, relationship: 'wife', budget: 150, occasion: 'anniversary' },
    ]) {
      const r = rankGifts(catalog, { ...q, exclude: ['vegan'] });
      for (const p of r.gifts) {
        expect(p.gift.contains ?? [], p.gift.id).not.toEqual(expect.arrayContaining(['dairy']));
        expect(p.gift.contains ?? [], p.gift.id).not.toEqual(expect.arrayContaining(['eggs']));
        expect(`${p.gift.title} ${p.gift.description} ${(p.gift.keywords ?? []).join(' ')}`, p.gift.id).not.toMatch(
          animal,
        );
      }
    }
    const vegan = {
      ...catalog.find((g) => g.id === 'salt-fat-acid-heat-cookbook')!,
      id: 'vegan-cookbook',
      title: 'Vegan cookbook',
      description: 'One hundred vegan recipes for every day, from breakfast to dessert.',
    };
    const others = catalog.filter((g) => g.id !== 'salt-fat-acid-heat-cookbook');
    const r = rankGifts([...others, vegan], {
      age: 29,
      relationship: 'sister',
      budget: 50,
      interests: ['cooking'],
      exclude: ['vegan'],
    });
    expect(r.gifts.map((p) => p.gift.id)).toContain('vegan-cookbook');
  });

  it('"vegetarian" rules out meat and fish, not cheese', () => {
    const r = rankGifts(catalog, {
      age: 55,
      relationship: 'father-in-law',
      budget: 100,
      interests: ['bbq'],
      exclude: ['vegetarian'],
    });
    for (const p of r.gifts)
      expect(`${p.gift.title} ${p.gift.description}`, p.gift.id).not.toMatch(/\b(meat|charcuterie|steak|brisket)\b/i);
  });
});

describe('a narrow interest is not its broad tag', () => {
  it('"bird watching" brings bird things, not a horseback ride "for someone into animals"', () => {
    const r = rankGifts(catalog, { age: 13, relationship: 'nephew', budget: 100, interests: ['bird watching'] });
    for (const p of r.gifts) expect(p.reason, p.gift.id).not.toMatch(/into animals/);
    expect(r.gifts.map((p) => p.gift.id)).toEqual(
      expect.arrayContaining(['regional-bird-field-guide', 'wingspan-board-game']),
    );
  });
});
