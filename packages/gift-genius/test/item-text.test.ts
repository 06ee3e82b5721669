import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import type { Gift } from '../dist/catalog/schema.js';
import { ItemTexts } from '../dist/recommend/item-text.js';
import { exclusionWords } from '../dist/recommend/score.js';
import { profileKey, textProfile } from '../dist/recommend/text.js';

/*
 * ItemTexts derives an item's text once per distinct text (listing code cut, digit runs as one 0) and reuses
 * the previous item's derivation when the parts of the key are equal. Whatever the reuse, each item's
 * derivation must be what the functions give for that item alone, and equal derivations get equal numbers.
 */
const real = loadBundledCatalog();

const direct = (g: Gift) => ({
  profileKey: profileKey(textProfile(g)),
  words: [...exclusionWords(g)].sort(),
});

/** Variants of a real record: listing codes (some that are words of the description), digits anywhere. */
const variant = fc
  .record({
    // Few records, so that a list holds variants of one record in a row (the reuse path).
    base: fc.oneof(fc.nat({ max: 3 }), fc.nat({ max: real.length - 1 })),
    code: fc.oneof(
      fc.constant(undefined),
      fc.stringMatching(/^v[0-9a-z]{1,6}$/),
      fc.constantFrom('vase', 'v1', 'vinyl', 'v2024'),
    ),
    digits: fc.array(fc.tuple(fc.nat(), fc.stringMatching(/^[0-9]{1,4}$/)), { maxLength: 3 }),
    // Same-length tails that differ in letters or in digits only.
    word: fc.constantFrom('', ' extra', ' mugs.', ' vase.', ' 7 vase', ' 42vase'),
    keywords: fc.option(fc.array(fc.constantFrom('mug', 'v1', 'kit', '42'), { maxLength: 2 }), { nil: undefined }),
  })
  .map(({ base, code, digits, word, keywords }) => {
    const b = real[base]!;
    let description = b.description + word;
    for (const [at, d] of digits) {
      const i = at % (description.length + 1);
      description = description.slice(0, i) + d + description.slice(i);
    }
    return {
      ...b,
      id: code ? `${b.id}-${code}` : b.id,
      title: code ? `${b.title} ${code}` : b.title,
      description,
      ...(keywords && { keywords }),
    } as Gift;
  });

describe('ItemTexts', () => {
  it('gives each item the derivation of its own text, with equal numbers for equal derivations', () => {
    fc.assert(
      fc.property(fc.array(variant, { minLength: 1, maxLength: 40 }), (items) => {
        // Variants in a row (the reuse path) and shuffled among others (the keyed path).
        const texts = new ItemTexts();
        const numbers = new Map<string, number>();
        const byRecord = items.slice().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        for (const g of [...items, ...byRecord]) {
          const t = texts.of(g);
          const d = direct(g);
          expect(t.profileKey).toBe(d.profileKey);
          expect([...t.words].sort()).toEqual(d.words);
          const key = JSON.stringify([d.words, d.profileKey]);
          if (numbers.has(key)) expect(t.key).toBe(numbers.get(key));
          else {
            expect([...numbers.values()]).not.toContain(t.key);
            numbers.set(key, t.key);
          }
        }
      }),
      { seed: 14, numRuns: 200 },
    );
  });

  it('reuses the previous item only when the texts differ in digit runs and the code alone', () => {
    const b = real.find((g) => /\bmug\b/i.test(g.description) === false && g.description.length > 20)!;
    const v = (code: string, description: string): Gift => ({
      ...b,
      id: `${b.id}-${code}`,
      title: `${b.title} ${code}`,
      description,
    });
    const texts = new ItemTexts();
    const row = [
      v('v1', `${b.description} 12 mugs.`),
      v('v22', `${b.description} 7 mugs.`), // digits only: the same derivation
      v('v3', `${b.description} 7 vase.`), // a word: its own
      v('v4', `${b.description} 7 vasx.`),
    ];
    const got = row.map((g) => texts.of(g));
    row.forEach((g, i) => expect(got[i]!.profileKey).toBe(direct(g).profileKey));
    expect(got[1]).toBe(got[0]);
    expect(got[2]!.key).not.toBe(got[1]!.key);
    expect(got[3]!.key).not.toBe(got[2]!.key);
  });
});
