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
