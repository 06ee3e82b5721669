// Round 38 (issue 25): held-out-38's misses as a reader grades them, in wordings of our own. Each case fails on
// e27d519 but the guards, which hold what the fix must keep.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readOccasion } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);
const ids = (args: Record<string, unknown>) => rank(args).gifts.map((g) => g.gift.id);

describe('held-out-38, every stated interest served', () => {
  it('a console ruled out is that console, not gaming', () => {
    const r = rank({
      age: 12,
      relationship: 'grandson',
      occasion: 'birthday',
      budget: 60,
      interests: ['fortnite', 'baseball'],
      exclude: ['nothing for playstation, he has an xbox'],
    });
    expect(r.gifts.some((g) => /fortnite/i.test(g.gift.title))).toBe(true);
  });

  // Guard: reading "kindle" as a reader's word must not make "no kindle stuff" rule out books.
  it('"no kindle stuff" keeps paper books for a reader', () => {
    const r = rank({
      age: 70,
      relationship: 'grandpa',
      occasion: 'birthday',
      budget: 40,
      interests: ['reading westerns'],
      exclude: ['no kindle stuff, paper only'],
    });
    expect(r.gifts.filter((g) => g.gift.interests.includes('reading')).length).toBeGreaterThanOrEqual(2);
  });

  it('track and field is met by running gear', () => {
    const r = rank({ age: 16, relationship: 'son', occasion: 'birthday', budget: 80, interests: ['track and field'] });
    expect(r.gifts.filter((g) => g.gift.interests.includes('running')).length).toBeGreaterThanOrEqual(3);
  });

  it('hummingbirds, a Kindle, Rummikub, African violets and jigsaws are met by their own things', () => {
    const has = (interest: string, re: RegExp, budget: number) =>
      expect(
        rank({ age: 68, relationship: 'mom', occasion: 'birthday', budget, interests: [interest] }).gifts.some((g) =>
          re.test(`${g.gift.title} ${g.gift.description}`),
        ),
        interest,
      ).toBe(true);
    has('hummingbirds', /hummingbird/i, 40);
    has('her kindle', /kindle/i, 75);
    has('rummikub', /rummikub/i, 35);
    has('african violets', /violet/i, 30);
    has('jigsaw puzzles', /jigsaw/i, 40);
  });

  it('a Harry Potter fan at $40 gets a Hogwarts scarf, not a note that nothing fits', () => {
    const r = rank({
      age: 23,
      relationship: 'girlfriend',
      occasion: 'anniversary',
      budget: 40,
      interests: ['harry potter'],
    });
    expect(r.gifts.map((g) => g.gift.id)).toContain('harry-potter-house-scarf');
    expect(r.unmet.map((u) => u.kind)).not.toContain('budget');
  });

  it('a crossword fan gets no jigsaw mat, a jigsaw fan no crossword dictionary said as a match', () => {
    expect(
      ids({ age: 80, relationship: 'grandma', occasion: 'birthday', budget: 30, interests: ['crossword puzzles'] }),
    ).not.toContain('roll-up-jigsaw-puzzle-mat');
    for (const g of rank({
      age: 60,
      relationship: 'aunt',
      occasion: 'christmas',
      budget: 40,
      interests: ['jigsaw puzzles'],
    }).gifts)
      if (g.gift.id === 'crossword-solver-dictionary') expect(g.reason).not.toMatch(/into jigsaw|fit for/);
  });

  it('gear of one hobby is no filler: a belt rack only for martial arts (BJJ too)', () => {
    expect(ids({ age: 9, relationship: 'nephew', occasion: 'graduation', budget: 50 })).not.toContain(
      'martial-arts-belt-display',
    );
    expect(ids({ age: 10, relationship: 'son', occasion: 'birthday', budget: 40, interests: ['bjj'] })).toContain(
      'martial-arts-belt-display',
    );
  });
});

describe('held-out-38, words and occasions', () => {
  it('a league is said with its article', () => {
    for (const interest of ['nba', 'NBA', 'the nfl'])
      for (const g of rank({
        age: 25,
        relationship: 'boyfriend',
        occasion: 'birthday',
        budget: 60,
        interests: [interest],
      }).gifts)
        expect(g.reason).not.toMatch(/\b(?:into|enjoys) (?:NBA|NFL)\b|the the/);
  });

  it('someone barely known gets nothing personal', () => {
    for (const g of rank({ age: 40, relationship: "sister in law, i don't know her that well", occasion: 'birthday' })
      .gifts)
      expect(g.gift.personal ?? []).toEqual([]);
  });

  // Guard: not knowing someone's taste is not a formal relationship (a silk pillowcase was graded 2 for a stepmom).
  it('"i dont know her taste" is not barely knowing her', () => {
    const close = rank({
      age: 58,
      relationship: 'my stepmom, i dont really know her taste',
      occasion: 'birthday',
      budget: 50,
    });
    const plain = rank({ age: 58, relationship: 'my stepmom', occasion: 'birthday', budget: 50 });
    expect(close.gifts.map((g) => g.gift.id)).toEqual(plain.gifts.map((g) => g.gift.id));
  });

  it('a police academy graduation, a semester abroad, a break-fast and festivals shared are read', () => {
    expect(readOccasion('she graduated from nursing school')).toMatchObject({ occasion: 'graduation' });
    expect(readOccasion('he is studying abroad in italy')).toMatchObject({ occasion: 'farewell' });
    expect(readOccasion('break fast at their house')).toMatchObject({ occasion: 'dinner-party' });
    expect(readOccasion('maslenitsa')).toMatchObject({ occasion: 'thank-you', named: 'Maslenitsa' });
    expect(readOccasion('vesak')).toMatchObject({ occasion: 'thank-you', named: 'Vesak' });
  });

  it('a housewarming by its own name is said by it', () => {
    for (const g of rank({
      age: 33,
      relationship: 'my brother and his girlfriend',
      occasion: 'richtfest for the house theyre building',
      budget: 60,
    }).gifts)
      expect(g.reason).not.toMatch(/housewarming/i);
  });
});
