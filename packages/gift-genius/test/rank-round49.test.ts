// Round 49 (issue 25): held-out-45's misses as its blind judges graded them (scored on c45146e), in wordings of our
// own. Each case fails on c45146e, save the siren (round 48's, from pend51), which fails on 4a2dcd8.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readInterest, readOccasion } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);
const ids = (args: Record<string, unknown>) => rank(args).gifts.map((g) => g.gift.id);
const reasons = (args: Record<string, unknown>) => rank(args).gifts.map((g) => g.reason);

describe('held-out-45, read as meant', () => {
  it('"she\'s been knitting" is knitting, said so, and its items are matches', () => {
    expect(readInterest("he's been baking bread since he retired").shown).toBe('baking bread');
    const said = reasons({
      age: 68,
      relationship: 'my grandpa',
      budget: 50,
      interests: ["he's been baking bread lately"],
    });
    for (const r of said) expect(r).not.toMatch(/been baking|Not strictly for baking bread/);
    expect(said.some((r) => /baking bread/.test(r))).toBe(true);
  });

  it('a Nintendo Switch is a console: a mechanical keyboard is never "for long gaming sessions" on it', () => {
    const list = rank({
      age: 24,
      relationship: 'my girlfriend',
      occasion: 'xmas',
      budget: 150,
      interests: ['her nintendo switch', 'taylor swift'],
    });
    for (const g of list.gifts) {
      expect(g.reason).not.toMatch(/Nintendo switch/);
      if (g.gift.id === 'mechanical-keyboard') expect(g.reason).toMatch(/^Not strictly for/);
    }
  });

  it('a Traeger is a smoker, not any grill; a lawn is cared for, not played on', () => {
    expect(
      ids({
        age: 45,
        relationship: 'my brother',
        budget: 100,
        interests: ['his traeger, smokes everything', 'the chiefs'],
      }),
    ).not.toContain('tabletop-raclette-grill');
    expect(
      ids({ age: 55, relationship: 'my dad', budget: 200, interests: ['his yard, he mows twice a week'] }),
    ).not.toContain('portable-volleyball-net-set');
    expect(
      ids({ age: 55, relationship: 'my dad', budget: 200, interests: ['the lawn, he is out there every weekend'] }),
    ).not.toContain('portable-volleyball-net-set');
    expect(readInterest('restores old lawn mowers').interests.has('gardening')).toBe(false);
    expect(readInterest('lawn bowls at the club').interests.has('gardening')).toBe(false);
  });

  it('a learner of one language gets no reader in another', () => {
    for (const lang of ['learning korean', 'taking french classes', 'learning japanese before our trip'])
      expect(ids({ age: 30, relationship: 'my friend', budget: 40, interests: [lang] })).not.toContain(
        'easy-spanish-stories',
      );
    expect(ids({ age: 30, relationship: 'my friend', budget: 40, interests: ['learning spanish'] })).toContain(
      'easy-spanish-stories',
    );
  });

  it('a dog of any breed is a dog of their own', () => {
    for (const dog of ['she just adopted a retired greyhound', 'her whippet', 'his border collie'])
      expect(
        ids({ age: 30, relationship: 'my cousin', budget: 60, interests: [dog] }).filter((g) => /dog/.test(g)).length,
      ).toBeGreaterThan(0);
  });

  it("a company's anniversary is no couple's", () => {
    expect(readOccasion("her firm's 10th anniversary")).toMatchObject({
      occasion: 'thank-you',
      named: 'company anniversary',
    });
    expect(readOccasion('our 10th anniversary').occasion).toBe('anniversary');
    for (const g of rank({
      age: 55,
      relationship: 'my client',
      occasion: "his company's 30th anniversary",
      budget: 100,
    }).gifts) {
      expect(g.gift.id).not.toMatch(/wedding|date-night/);
      expect(g.reason).not.toMatch(/couple|two of them/);
    }
  });

  it('names said as names; the doing is no word an item must say', () => {
    const hoa = reasons({ age: 60, relationship: 'our hoa treasurer', occasion: 'thank you', budget: 40 });
    for (const r of hoa) expect(r).toMatch(/HOA/);
    expect(
      ids({ age: 80, relationship: 'my grandpa', budget: 30, interests: ['he does the jumble every day'] }),
    ).toContain('jumble-puzzle-book');
    const war = reasons({ age: 55, relationship: 'my uncle', budget: 40, interests: ['he does civil war reenacting'] });
    for (const r of war) expect(r).not.toMatch(/into he does/);
  });

  it("a show's own book is for its fans only, never a filler", () => {
    for (const args of [
      { age: 35, relationship: 'my friend', budget: 50 },
      { age: 40, relationship: 'my brother', occasion: 'christmas', budget: 50, interests: ['reading'] },
    ])
      expect(ids(args)).not.toEqual(expect.arrayContaining(['walking-dead-compendium']));
    expect(ids({ age: 35, relationship: 'my friend', budget: 50, interests: ['the walking dead'] })).toContain(
      'walking-dead-compendium',
    );
  });

  it('a siren is loud; a posting away and a houseboat are read', () => {
    expect(readOccasion('they moved onto a sailboat').occasion).toBe('housewarming');
    expect(
      ids({ age: 4, relationship: 'my son', budget: 40, interests: ['fire trucks'], exclude: ['nothing loud'] }),
    ).not.toContain('kids-fire-truck-toy');
  });
});

// Round 49b: pend53's and held-out-46's notes (both scored on e270568), in wordings of our own; each fails on e270568.
describe('pend53 and held-out-46, read as meant', () => {
  it('when is no part of what: "into birding lately" is birding', () => {
    expect(readInterest("she's been really into birding lately").shown).toBe('birding');
    for (const r of reasons({ age: 40, relationship: 'my wife', budget: 60, interests: ['pickleball these days'] }))
      expect(r).not.toMatch(/these days/);
  });

  it('lawn bowls are no bowls for noodles', () => {
    for (const g of rank({ age: 80, relationship: 'my grandpa', budget: 50, interests: ['lawn bowls with his mates'] })
      .gifts)
      if (/ramen|bowl-set/.test(g.gift.id)) expect(g.reason).not.toMatch(/lawn bowls/);
  });

  it('a tooth pulled is a get-well; a lunch hosted asks for a host gift', () => {
    expect(readOccasion('he is getting his wisdom teeth pulled').occasion).toBe('get-well');
    expect(readOccasion('derby day lunch, she is hosting the team')).toMatchObject({
      occasion: 'dinner-party',
      named: 'host',
    });
    for (const r of reasons({ age: 50, relationship: 'my boss', occasion: 'sunday brunch at her place', budget: 40 }))
      expect(r).not.toMatch(/dinner party/);
  });
});

// Round 49c: pend54's note (scored on f574f40); fails on f574f40.
describe('pend54, read as meant', () => {
  it('a courthouse ceremony is a wedding, and a lunch after it no host gift', () => {
    expect(readOccasion('courthouse wedding, then dinner with both families').occasion).toBe('wedding');
    for (const r of reasons({
      age: 60,
      relationship: 'my parents',
      occasion: 'courthouse ceremony, then lunch with us',
      budget: 100,
    }))
      expect(r).not.toMatch(/host gift/);
  });
});
