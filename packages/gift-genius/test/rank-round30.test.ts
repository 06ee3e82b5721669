// Round 30 (issue 25): what held-out-29's blind judges graded 1 or left unread, in wordings of our own. Each case
// fails on 6c52cf4.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);
const ids = (args: Record<string, unknown>) => rank(args).gifts.map((g) => g.gift.id);

describe('interests read as meant', () => {
  it('"pc games" gets gear for a PC, not a Switch game or a retro console', () => {
    const got = ids({ age: 22, relationship: 'roommate', occasion: 'birthday', budget: 120, interests: ['pc games'] });
    expect(got).not.toContain('pokemon-switch-game');
    expect(got).not.toContain('retro-mini-game-console');
    expect(got.filter((id) => /mouse|headset|keyboard|keycap/.test(id)).length).toBeGreaterThanOrEqual(3);
  });

  it('margaritas are cocktails, IPAs are beer, futbol is soccer: each a match, with no unmet note', () => {
    for (const [interest, kind] of [
      ['margaritas on the patio', /cocktail/],
      ['ipas', /beer/],
      ['futbol', /soccer|football-club|pyramid/],
    ] as const) {
      const r = rank({ age: 45, relationship: 'friend', occasion: 'birthday', budget: 60, interests: [interest] });
      expect(r.unmet, interest).toEqual([]);
      expect(r.gifts[0]!.gift.id, interest).toMatch(kind);
    }
  });

  it('"he\'s an avid golfer" in the relationship is his interest', () => {
    const got = ids({ age: 58, relationship: "my uncle, he's an avid golfer", occasion: 'christmas', budget: 100 });
    expect(got.filter((id) => /golf/.test(id)).length).toBeGreaterThanOrEqual(3);
  });

  it('"the gym" is strength work: no dance class leads it', () => {
    const r = rank({ age: 20, relationship: 'nephew', occasion: 'christmas', budget: 80, interests: ['the gym'] });
    expect(r.gifts[0]!.gift.id).not.toMatch(/dance/);
    const claimed = r.gifts.filter((g) => /dance/.test(g.gift.id) && /into the gym|good fit/.test(g.reason));
    expect(claimed).toEqual([]);
  });

  it('a parent learning piano can get lessons', () => {
    expect(ids({ age: 61, relationship: 'dad', occasion: 'birthday', interests: ['learning piano'] })).toContain(
      'music-lesson-package',
    );
  });

  it('a 6-year-old into coloring gets a colouring set, and no note that nothing fits the age', () => {
    const r = rank({ age: 6, relationship: 'niece', occasion: 'birthday', budget: 30, interests: ['coloring'] });
    expect(r.gifts.map((g) => g.gift.id)).toContain('crayola-inspiration-art-case');
    expect(r.unmet.filter((u) => u.kind === 'age')).toEqual([]);
  });
});

describe("a team's fan follows the game", () => {
  it('play gear for an adult fan of a team is said as a broader pick, never "into the Celtics"', () => {
    const r = rank({ age: 35, relationship: 'husband', occasion: 'birthday', budget: 80, interests: ['celtics'] });
    const gear = r.gifts.filter((g) => /^(?:ball|.*-trainer|basketball-hoop)$/.test(g.gift.kind ?? ''));
    for (const g of gear) expect(g.reason).not.toMatch(/good fit|Picked because|Since|enjoys|who's into/);
    expect(r.gifts.some((g) => /stadium|tickets|book/.test(g.gift.id))).toBe(true);
  });

  it("for a Dodgers fan only what is about watching baseball is claimed as his team's: no pitch-back net, no ballet tickets", () => {
    const r = rank({ age: 50, relationship: 'husband', occasion: 'birthday', budget: 120, interests: ['dodgers'] });
    const claimed = r.gifts.filter(
      (g) => !/baseball|stadium|sports|^team-/.test(g.gift.id) && /into the Dodgers|enjoys the Dodgers/.test(g.reason),
    );
    expect(claimed.map((g) => g.gift.id)).toEqual([]);
  });
});

describe("a team's fan is served before the gear", () => {
  it('an adult Celtics fan at $120 gets what is for following the team first', () => {
    const r = rank({
      age: 29,
      relationship: 'boyfriend',
      occasion: 'birthday',
      budget: 120,
      interests: ['the celtics'],
    });
    for (const g of r.gifts.slice(0, 3)) {
      expect(g.gift.kind).not.toMatch(/^(?:ball|.*-trainer|basketball-hoop|sports-shoes|arcade-game)$/);
      expect(g.reason).toMatch(/into the Celtics|enjoys the Celtics/);
    }
  });

  // A guard: the fan reading first made this a football phrase (a fantasy-football board was claimed for it).
  it('a sport the words name beats the one a college name guesses: "kentucky wildcats basketball" is no football', () => {
    const got = ids({
      age: 45,
      relationship: 'brother',
      occasion: 'birthday',
      budget: 50,
      interests: ['kentucky wildcats basketball'],
    });
    expect(got.filter((id) => /football|tailgate/.test(id))).toEqual([]);
  });
});

describe('exclusions as meant', () => {
  it('"no desk stuff" rules out what sits on a desk', () => {
    const r = rank({
      age: 40,
      relationship: 'coworker',
      occasion: 'christmas',
      budget: 30,
      exclude: ['no desk stuff'],
    });
    expect(r.gifts.filter((g) => /\bdesk\b/i.test(`${g.gift.title} ${g.gift.description}`))).toEqual([]);
  });
});
