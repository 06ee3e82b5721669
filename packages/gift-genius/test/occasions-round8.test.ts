// Occasions, round 8 (issue 25): readings held-out-8's judges graded 0 in every reason of a list.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readOccasion } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());

describe("a milestone of the user's, with a thank-you, is a thank-you", () => {
  it.each([
    'my 5 year sobriety anniversary, want to thank him',
    '1 year transplant anniversary, want to thank him',
    'graduation, thanks for tutoring me',
  ])('%s', (typed) => {
    expect(readOccasion(typed)).toMatchObject({ occasion: 'thank-you', named: 'thank-you' });
  });

  it('an anniversary without a thank-you is still an anniversary, with its number', () => {
    expect(readOccasion('our 10th anniversary')).toMatchObject({ occasion: 'anniversary', milestone: 10 });
  });

  it('the kidney donor is thanked, not treated as half of a couple; the sponsor is not congratulated', () => {
    const brother = index.rank({
      age: 39,
      relationship: 'my brother, he gave me one of his kidneys last year',
      occasion: '1 year transplant anniversary, want to thank him',
      budget: 400,
      count: 5,
    });
    for (const g of brother.gifts) expect(g.reason).not.toMatch(/couple|together|anniversary|wedding/i);
    const sponsor = index.rank({
      age: 60,
      relationship: 'my AA sponsor',
      occasion: 'my 5 year sobriety anniversary, want to thank him',
      budget: 50,
      count: 5,
    });
    for (const g of sponsor.gifts) expect(g.reason).not.toMatch(/congratulat/i);
  });
});

describe('a send-off is not a move', () => {
  it.each([
    ['send off', 'send-off'],
    ['hajj send off', 'send-off'],
    ['bon voyage', 'bon voyage'],
    ['sabbatical', 'send-off'],
  ])('%s → farewell, named %s', (typed, named) => {
    expect(readOccasion(typed)).toMatchObject({ occasion: 'farewell', named });
  });

  it('a coworker off on a sabbatical gets no "new commute" or "somewhere new"; moving away still does', () => {
    const trip = index.rank({
      age: 47,
      relationship: "coworker, she's taking a 3 month sabbatical to walk the camino",
      occasion: 'send off',
      budget: 35,
      count: 5,
    });
    for (const g of trip.gifts) expect(g.reason).not.toMatch(/the move|somewhere new|new commute|next desk|old place/);
    expect(readOccasion('moving away').named).toBeUndefined();
  });
});
