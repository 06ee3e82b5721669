// Round 70 (issue 25): a quiz is not a sports encyclopedia. The DK sports book was "picked because" of Jeopardy by its
// keyword "trivia" (held-out-57's judges graded it 0); it is now for sports known by the numbers. Each case fails on
// 9c85dbe (round 69), but for the guards named so.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (q: Record<string, unknown>) => index.rank({ count: 5, ...q } as never);

describe('trivia and sports facts', () => {
  it('a Jeopardy fan is not offered a sports encyclopedia', () => {
    for (const interests of [['jeopardy'], ['pub trivia every week'], ['game shows']])
      expect(
        rank({ age: 70, relationship: 'my aunt', occasion: 'birthday', budget: 40, interests }).gifts.map(
          (g) => g.gift.id,
        ),
      ).not.toContain('dk-the-sports-book');
  });

  it('sports trivia finds the sports book, and nothing unrelated is claimed for it (guard)', () => {
    const r = rank({ age: 12, relationship: 'my son', occasion: 'birthday', budget: 40, interests: ['sports trivia'] });
    expect(r.gifts.map((g) => g.gift.id)).toContain('dk-the-sports-book');
    for (const g of r.gifts)
      if (/vinyl|encyclopedia|record/.test(g.gift.id) && !/sports/.test(g.gift.id))
        expect(g.reason).not.toMatch(/Picked because|a good fit|enjoys sports trivia/);
  });

  it('a Jeopardy fan still gets the Jeopardy game (guard)', () => {
    expect(
      rank({ age: 70, relationship: 'my aunt', occasion: 'birthday', budget: 40, interests: ['jeopardy'] }).gifts[0]!
        .gift.id,
    ).toBe('jeopardy-home-board-game');
  });
});
