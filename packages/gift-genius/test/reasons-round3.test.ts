// Reasons, round 3 (issue 25): a list reads as written for the request, not as one template five times; the
// user's words said as a sentence says them; occasions and people named as the user named them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { type Gift, INTERESTS, OCCASIONS, RELATIONSHIPS } from '../dist/catalog/schema.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import type { GiftQuery } from '../dist/recommend/rank.js';
import { readOccasion } from '../dist/recommend/vocabulary.js';

const catalog = loadBundledCatalog();
const index = GiftIndex.build(catalog);
const rank = (q: GiftQuery) => index.rank(q);

const request = fc.record({
  age: fc.integer({ min: 0, max: 95 }),
  relationship: fc.constantFrom(
    ...RELATIONSHIPS,
    'sister',
    'coworker',
    'boss',
    'my parents',
    'my cousin and her fiancé',
    'wife',
    'friend who just became a dad',
    "friend's kid",
    'mail carrier',
  ),
  budget: fc.option(fc.integer({ min: 15, max: 400 }), { nil: undefined }),
  interests: fc.option(
    fc.uniqueArray(
      fc.constantFrom(...INTERESTS, 'works from home', 'coffee', 'lego', 'basketball', 'heading to college'),
      {
        maxLength: 3,
      },
    ),
    { nil: undefined },
  ),
  occasion: fc.option(
    fc.constantFrom(...OCCASIONS, 'baby shower', 'new baby', 'wedding', 'housewarming', '40th wedding anniversary'),
    {
      nil: undefined,
    },
  ),
});

/**
 * A reason's frame: what is left when the gift's own deed, the people, the occasion and the interests are taken
 * out ("Since X is into X, this X gift X."). Three reasons of one list in one frame read as a template.
 */
function frame(reason: string, gift: Gift, q: GiftQuery): string {
  let s = reason.replace(/ At \$[\d.]+.*$/, '');
  for (const d of [gift.does, ...Object.values(gift.serves ?? {})].filter((x): x is string => !!x)) {
    const deed = d
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\\\{(them|their|they)\\\}/g, "[\\w\u2019' ]+?")
      .replace(/^./, (c) => `[${c}${c.toUpperCase()}]`);
    s = s.replace(new RegExp(deed), 'X');
  }
  if (gift.description)
    s = s.replace(
      gift.description
        .split(/(?<=[.!?])\s/)[0]!
        .replace(/[.!?]$/, '')
        .toLowerCase(),
      'X',
    );
  const names = [q.relationship.replace(/^my /, ''), q.occasion, ...(q.interests ?? [])]
    .filter((x): x is string => !!x)
    .sort((a, b) => b.length - a.length);
  s = s.replace(/\d+-year-old /g, '');
  for (const n of names) s = s.replace(new RegExp(n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), 'X');
  return s
    .replace(/[“”]/g, '')
    .replace(/\b(her|his|him|she|he|them|their|they)\b/g, 'P')
    .replace(/\s+/g, ' ');
}

/** No key (an opening, a frame) is shared by three reasons of one list; the message shows the whole list. */
function atMostTwice(keys: string[], reasons: string[]) {
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  for (const [k, n] of counts) expect(n, `${k}: ${reasons.join(' | ')}`).toBeLessThan(3);
}

describe('a list is not one template five times', () => {
  it('the lecture example: five reasons, five sentence shapes, the budget said once', () => {
    const q = { age: 34, relationship: 'sister', budget: 50, interests: ['coffee'], occasion: 'birthday' };
    const r = rank(q);
    expect(r.gifts).toHaveLength(5);
    const openings = r.gifts.map((g) => g.reason.split(' ').slice(0, 2).join(' '));
    expect(new Set(openings).size).toBe(5);
    expect(r.gifts.filter((g) => /budget/.test(g.reason))).toHaveLength(1);
  });

  it('property: no three reasons of a five-idea list open the same way', () => {
    fc.assert(
      fc.property(request, (q) => {
        const r = rank(q);
        atMostTwice(
          r.gifts.map((g) => g.reason.split(' ').slice(0, 2).join(' ')),
          r.gifts.map((g) => g.reason),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('property: no three reasons of a five-idea list share a frame once the slots are taken out', () => {
    fc.assert(
      fc.property(request, (q) => {
        const r = rank(q);
        atMostTwice(
          r.gifts.map((g) => frame(g.reason, g.gift, q)),
          r.gifts.map((g) => g.reason),
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('the user’s words as a sentence says them', () => {
  it('interests are said, not quoted; known names keep their capitals', () => {
    const r = rank({ age: 12, relationship: 'son', budget: 60, interests: ['lego', 'space'], occasion: 'birthday' });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/[“”]/);
    expect(r.gifts.some((g) => /\bLEGO\b/.test(g.reason))).toBe(true);
    expect(r.gifts.every((g) => !/\blego\b/.test(g.reason))).toBe(true);
    const food = rank({ age: 48, relationship: 'wife', interests: ['italian food', 'cooking'] });
    expect(food.gifts.some((g) => /Italian food/.test(g.reason))).toBe(true);
    const typed = rank({ age: 14, relationship: 'nephew', budget: 50, interests: ['Star Wars'] });
    expect(typed.gifts.some((g) => /into Star Wars/.test(g.reason))).toBe(true);
  });

  it('a situation is said with "is": "is heading to college", never "into heading to college"', () => {
    const r = rank({ age: 18, relationship: 'nephew', budget: 75, interests: ['video games', 'heading to college'] });
    expect(r.gifts.some((g) => /is heading to college/.test(g.reason))).toBe(true);
    for (const g of r.gifts) expect(g.reason).not.toMatch(/into heading|enjoys heading/);
  });

  it('a verb phrase is said as the user said it: "works from home", never "into works from home"', () => {
    const r = rank({ age: 29, relationship: 'boyfriend', budget: 60, interests: ['works from home', 'loves coffee'] });
    expect(r.gifts.some((g) => /works from home/.test(g.reason))).toBe(true);
    for (const g of r.gifts) expect(g.reason).not.toMatch(/into works|into loves|enjoys works|enjoys loves/);
  });
});

describe('occasions as the user named them', () => {
  it('"40th wedding anniversary" is an anniversary, not a wedding', () => {
    expect(readOccasion('40th wedding anniversary')).toMatchObject({ occasion: 'anniversary', milestone: 40 });
    const r = rank({ age: 63, relationship: 'my parents', occasion: '40th wedding anniversary', budget: 200 });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/wedding gift/);
    expect(r.gifts.some((g) => /40th anniversary/.test(g.reason))).toBe(true);
  });

  it('"holiday" is said as a holiday, not as Christmas', () => {
    expect(readOccasion('holidays')).toMatchObject({ occasion: 'christmas', named: 'holiday' });
    const r = rank({ age: 40, relationship: 'boss', occasion: 'holiday', budget: 50 });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/Christmas/);
    expect(r.gifts.some((g) => /holiday gift|holiday pick/.test(g.reason))).toBe(true);
  });

  it('"first home" is a housewarming', () => {
    expect(readOccasion('first home').occasion).toBe('housewarming');
  });

  it('"once the baby arrives" only before it has: at a baby shower, not at a new baby', () => {
    for (let age = 25; age < 45; age++) {
      const shower = rank({ age, relationship: 'friend', occasion: 'baby shower', budget: 60 });
      const born = rank({ age, relationship: 'friend', occasion: 'new baby', budget: 60 });
      for (const g of born.gifts) expect(g.reason).not.toMatch(/once the baby arrives/i);
      for (const g of shower.gifts) expect(g.reason).not.toMatch(/now that the baby is here/i);
    }
  });
});

describe('people as the user named them', () => {
  it('a child’s age goes with the child: "your friend\'s 6-year-old kid"', () => {
    const r = rank({ age: 6, relationship: "friend's kid", occasion: 'birthday', budget: 30 });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/6-year-old friend/);
    expect(r.gifts.some((g) => /your friend's 6-year-old kid/.test(g.reason))).toBe(true);
  });

  it('"friend who just became a dad": the baby is "your friend\'s new baby", never "… a dad\'s new baby"', () => {
    const r = rank({ age: 34, relationship: 'friend who just became a dad', occasion: 'new baby', budget: 60 });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/dad's new baby|dad's baby/);
  });

  it('a gift to share at a partner’s birthday is for "your wife\'s birthday", never "your birthday"', () => {
    for (let age = 25; age < 60; age++) {
      const r = rank({ age, relationship: 'wife', occasion: 'birthday', budget: 300 });
      for (const g of r.gifts) expect(g.reason).not.toMatch(/\byour birthday\b/i);
    }
  });

  it('a partner’s engagement is "your engagement"; a broader pick never says "itself" (it broke on plurals)', () => {
    for (let age = 22; age < 40; age++) {
      const r = rank({ age, relationship: 'fiancé', occasion: 'engagement', budget: 150 });
      for (const g of r.gifts) expect(g.reason).not.toMatch(/fiancé's engagement/);
    }
    const crosswords = rank({
      age: 80,
      relationship: 'grandma',
      budget: 40,
      interests: ['crossword puzzles'],
      count: 10,
    });
    for (const g of crosswords.gifts) expect(g.reason).not.toMatch(/\bitself\b/);
  });

  // The next five were found by the held-out-2 judges (k001, k009, k010, k020, k025, k040, k041): fixed after that
  // split was graded, so it no longer counts as unseen for these.
  it('the relationship as a sentence repeats it: no bracketed aside, "your" for the user\'s "our", typed capitals kept', () => {
    const team = rank({ age: 50, relationship: 'boss (gift from the whole team)', occasion: 'birthday', budget: 80 });
    for (const g of team.gifts) expect(g.reason).not.toMatch(/[()]/);
    // The notes name the person the same way as the reasons.
    const unmet = rank({
      age: 50,
      relationship: 'boss (gift from the whole team)',
      budget: 30,
      interests: ['falconry'],
    });
    expect(unmet.unmet.map((u) => u.message).join(' ')).toMatch(/for your boss instead/);
    const dog = rank({ age: 40, relationship: 'neighbor who watched our dog', occasion: 'thank you', budget: 40 });
    for (const g of dog.gifts) expect(g.reason).not.toMatch(/\bour\b/);
    const berlin = rank({ age: 30, relationship: 'friend moving to Berlin', occasion: 'farewell', budget: 50 });
    expect(berlin.gifts.some((g) => /Berlin/.test(g.reason))).toBe(true);
    for (const g of berlin.gifts) expect(g.reason).not.toMatch(/berlin/);
  });

  it('one friend is one person, whatever follows: "your friend having twins gets", never "get"', () => {
    for (let age = 25; age < 40; age++) {
      const r = rank({ age, relationship: 'friend having twins', occasion: 'baby shower', budget: 100 });
      for (const g of r.gifts) expect(g.reason).not.toMatch(/having twins get\b/i);
    }
    const kids = rank({ age: 8, relationship: "friend's kids", budget: 40 });
    for (const g of kids.gifts) expect(g.reason).not.toMatch(/kids gets\b/i);
  });

  it('a verb the user led with is said as a verb: "hosts a book club", never "is into hosts"; "the gym"', () => {
    const r = rank({ age: 45, relationship: 'sister', budget: 60, interests: ['hosts a book club', 'gym'] });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/into hosts|enjoys hosts|into gym|enjoys gym/);
  });

  it('"nursing school graduation" is said as the user said it, never "high school graduation"', () => {
    expect(readOccasion('nursing school graduation')).toMatchObject({
      occasion: 'graduation',
      named: 'nursing school graduation',
    });
    expect(readOccasion('high school graduation').named).toBeUndefined();
    const r = rank({ age: 24, relationship: 'cousin', occasion: 'nursing school graduation', budget: 100 });
    for (const g of r.gifts) expect(g.reason).not.toMatch(/high school/);
  });

  it('a relationship the vocabulary does not know is said in the user’s words, not as "them"', () => {
    const r = rank({ age: 45, relationship: 'mail carrier', budget: 30, occasion: 'christmas' });
    expect(r.gifts.some((g) => /your mail carrier/.test(g.reason))).toBe(true);
    // Words a sentence cannot repeat are not repeated.
    const odd = rank({ age: 45, relationship: '<b>x</b> #1', budget: 30 });
    for (const g of odd.gifts) expect(g.reason).not.toMatch(/<b>|#1/);
  });
});
