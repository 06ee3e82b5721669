// Round 73 (issue 25): a race by its distance. "training for her first 50k" read as nothing, and the split check
// found held-out-58's list leaving out a servable interest. Fails on b96daf0 (round 72), but for the guard named so.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readInterest } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());

describe('races by their distance', () => {
  it('a 50k and an ultra are running', () => {
    for (const typed of ['training for a 50k', 'running her first ultra', 'signed up for a 50 miler'])
      expect(readInterest(typed).interests.get('running'), typed).toBe(1);
    const r = index.rank({
      age: 35,
      relationship: 'my sister',
      occasion: 'birthday',
      budget: 150,
      interests: ['training for her first 50k', 'knitting'],
      count: 5,
    } as never);
    expect(r.unmet).toEqual([]);
    expect(r.gifts.some((g) => g.gift.interests.includes('running'))).toBe(true);
  });

  it('"ultra" alone is no race (guard)', () => {
    expect(readInterest('ultra hd movies').interests.has('running')).toBe(false);
  });
});
