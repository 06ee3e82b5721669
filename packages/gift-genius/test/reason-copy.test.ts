import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { rankGifts } from '../dist/recommend/rank.js';
import { readRelationship } from '../dist/recommend/vocabulary.js';

const catalog = loadBundledCatalog();

describe('reason copy when the relationship is not one we know', () => {
  it('"bride and groom" at a wedding: "a wedding gift they can enjoy", never "them can" or "them\'s"', () => {
    for (const occasion of ['wedding', 'birthday', 'graduation', 'housewarming', 'retirement', 'new baby']) {
      const r = rankGifts(catalog, { age: 28, relationship: 'bride and groom', budget: 150, occasion });
      for (const p of r.gifts) expect(p.reason, `${occasion} ${p.gift.id}`).not.toMatch(/\bthem (can|is|are)\b|them's/);
    }
  });
});

describe('possessives typed without an apostrophe', () => {
  it('"my wifes grandmother" reads and is written back as "wife\'s grandmother"', () => {
    expect(readRelationship('my wifes grandmother')).toMatchObject({ role: 'grandparent', noun: "wife's grandmother" });
    expect(readRelationship('my sisters kids')?.noun).toBe("sister's kids");
    // A plural on its own stays a plural.
    expect(readRelationship('my sisters')?.noun).toBe('sisters');
  });
});
