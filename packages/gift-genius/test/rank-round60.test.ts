// Round 60 (issue 25): held-out-52's zeros as its blind judges graded them (scored on b06290d), in wordings of our
// own. Each case fails on b06290d.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never).gifts;
const CLAIM = /Picked because|Since |who's into|is into|enjoys|, so this|a good fit for/;

describe('smoke, not a tabletop grill', () => {
  it('pulled pork and a smoked pork shoulder are barbecue: no raclette claimed for them', () => {
    for (const interest of ['smoking pork shoulder', 'pulled pork'])
      for (const g of rank({
        age: 37,
        relationship: 'my partner',
        budget: 150,
        interests: ['the buffalo bills', interest],
      }))
        if (g.gift.id === 'tabletop-raclette-grill') expect(g.reason, interest).not.toMatch(CLAIM);
  });
});

describe('names typed in lower case, said with their capitals', () => {
  it('a team with a two-word city ("the san diego padres", "los angeles kings")', () => {
    for (const [interest, said] of [
      ['the san diego padres', /San Diego Padres/],
      ['los angeles kings', /Los Angeles Kings/],
    ] as const) {
      const reasons = rank({ age: 60, relationship: 'my uncle', budget: 80, interests: [interest] }).map(
        (g) => g.reason,
      );
      expect(
        reasons.some((r) => said.test(r)),
        `${interest}: ${reasons.join(' | ')}`,
      ).toBe(true);
      for (const r of reasons) expect(r).not.toMatch(/\b(?:san|los) [A-Z]/);
    }
  });

  it('Clint Eastwood, an Ooni, a CNA', () => {
    const said = [
      ...rank({ age: 66, relationship: 'my father in law', budget: 60, interests: ['old clint eastwood westerns'] }),
      ...rank({ age: 40, relationship: 'my wife', budget: 90, interests: ['her ooni pizza oven'] }),
      ...rank({ age: 19, relationship: 'my niece', budget: 60, interests: ['she got her cna license'] }),
    ].map((g) => g.reason);
    for (const r of said) expect(r).not.toMatch(/clint eastwood|ooni|\bcna\b/);
  });
});
