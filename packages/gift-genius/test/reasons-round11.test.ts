// Reasons, round 11 (issue 25): a baby girl is "her", and a child's age goes with the child.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readRelationship } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const reasons = (args: Record<string, unknown>) =>
  index
    .rank({ count: 5, ...args } as never)
    .gifts.map((g) => g.reason)
    .join(' ');

describe('a baby girl or boy named as such takes her or his pronouns', () => {
  it('"my coworker\'s new baby girl" is her, "my friend\'s baby boy" him; never "them" for one baby', () => {
    expect(readRelationship("my coworker's new baby girl")).toMatchObject({ role: 'child', gender: 'female' });
    expect(readRelationship("my friend's baby boy")).toMatchObject({ role: 'child', gender: 'male' });
    const girl = reasons({ age: 0, relationship: "my coworker's new baby girl", occasion: 'aqiqah', budget: 40 });
    expect(girl).toMatch(/\bher\b/);
    expect(girl).not.toMatch(/\b(them|their)\b/);
    const boy = reasons({ age: 0, relationship: "my coworker's baby boy", occasion: 'full month party', budget: 60 });
    expect(boy).toMatch(/\b(him|his)\b/);
    expect(boy).not.toMatch(/\b(them|their)\b/);
  });
});

describe("a child's age goes with the child, however the child is named", () => {
  it('"your neighbor\'s 2-year-old little boy", never "your 2-year-old neighbor\'s little boy"', () => {
    const text = reasons({ age: 2, relationship: "my neighbor's little boy", budget: 30 });
    expect(text).toContain("your neighbor's 2-year-old little boy");
    expect(text).not.toContain("2-year-old neighbor's");
  });
});
