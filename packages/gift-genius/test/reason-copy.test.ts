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

describe('what a reason promises about the item', () => {
  it('truffles, macarons and a bouquet are never "a gift they can enjoy long after the day"', () => {
    const perishable = new Set([
      'artisan-chocolate-truffles',
      'french-macaron-gift-box',
      'gourmet-cookie-tin',
      'hand-tied-flower-bouquet',
    ]);
    for (const occasion of [
      'valentines',
      'anniversary',
      'christmas',
      'birthday',
      "mother's day",
      'thank you',
      'get well',
    ]) {
      for (const relationship of ['wife', 'grandma', 'friend', 'neighbor', 'mom']) {
        const r = rankGifts(catalog, { age: 60, relationship, budget: 45, occasion });
        for (const p of r.gifts)
          if (perishable.has(p.gift.id))
            expect(p.reason, `${relationship} ${occasion}`).not.toMatch(/long after the day/);
      }
    }
  });

  it('"watches" finds watches, not a hair dryer "for someone into fashion"', () => {
    const r = rankGifts(catalog, {
      age: 45,
      relationship: 'husband',
      budget: 1000,
      interests: ['golf', 'watches'],
      occasion: '40th birthday',
    });
    for (const p of r.gifts) expect(p.reason, p.gift.id).not.toMatch(/into fashion, as “watches”/);
  });
});

describe('people named by their part in a wedding, and phrases that are not interests', () => {
  it('"best man", "maid of honor", "bridesmaid" are friends', () => {
    for (const who of ['best man', 'maid of honor', 'maid of honour', 'bridesmaid', 'groomsman', 'my groomsmen'])
      expect(readRelationship(who)?.role, who).toBe('friend');
  });

  it('"she has everything" is not reported as an interest nothing matches', () => {
    for (const phrase of ['she has everything', 'has everything', 'hard to shop for', 'not sure']) {
      const r = rankGifts(catalog, { age: 70, relationship: 'grandma', budget: 60, interests: [phrase] });
      expect(r.unmet, phrase).toEqual([]);
    }
  });
});
