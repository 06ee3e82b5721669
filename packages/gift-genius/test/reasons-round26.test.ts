// Round 26 (issue 25): what held-out-25's judges both graded 0 or missed, held on wordings of our own.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';

const index = GiftIndex.build(loadBundledCatalog());
const ids = (args: Record<string, unknown>, count = 5) =>
  index.rank({ count, ...args } as never).gifts.map((g) => g.gift.id);

describe('"nothing cheesy" as meant', () => {
  it('rules out date-night scratch cards, coupons and a star map, for any of its words', () => {
    for (const no of ['nothing cheesy', 'nothing too corny', 'no sappy stuff', 'nothing mushy'])
      expect(
        ids({ age: 31, relationship: 'girlfriend', occasion: 'anniversary', budget: 60, exclude: [no] }, 10),
      ).not.toContain('date-night-scratch-cards');
    const list = ids(
      { age: 31, relationship: 'girlfriend', occasion: 'anniversary', budget: 60, exclude: ['nothing cheesy'] },
      10,
    );
    expect(list).not.toContain('custom-star-map-print');
  });
});

describe("a partner's own anniversary", () => {
  it('a gift for their pursuit ranks as it would on a birthday: the Star Wars set first for a collector', () => {
    const list = ids({
      age: 34,
      relationship: 'my husband',
      occasion: 'anniversary',
      budget: 120,
      interests: ['builds lego star wars ships'],
    });
    expect(list[0]).toBe('lego-star-wars-set');
  });
});

const reasons = (args: Record<string, unknown>) =>
  index.rank({ count: 5, ...args } as never).gifts.map((g) => g.reason);

describe('the person as a sentence names them', () => {
  it('"someone in IT" is the person in IT, never "your someone in IT"', () => {
    const said = reasons({
      age: 30,
      relationship: 'someone in IT, i drew their name',
      occasion: 'secret santa',
      budget: 20,
    });
    for (const r of said) expect(r).not.toMatch(/your someone|your somebody/i);
    expect(said.some((r) => /the person in IT/i.test(r))).toBe(true);
  });

  it('a clause after a comma about someone else is not the person: "our boss is from Peru so we\'re doing …"', () => {
    const said = reasons({
      age: 40,
      relationship: "whoever i draw at work, our boss is filipino so we're doing monito monita",
      occasion: 'office gift exchange',
      budget: 20,
    });
    for (const r of said) expect(r).not.toMatch(/boss is|so you're doing|for whoever[,.]/i);
  });

  it('a typed "novles" is novels, and the Amish keep their capital', () => {
    const said = reasons({
      age: 70,
      relationship: 'grandma',
      occasion: 'birthday',
      budget: 30,
      interests: ['amish romance novles'],
    });
    const text = said.join(' ');
    expect(text).not.toMatch(/novles|\bamish\b/);
    expect(text).toMatch(/Amish romance novels/);
  });
});

describe('the heading of a list for a baby whose parent is named', () => {
  it("names the babies, not the parent, beside the babies' age", () => {
    const twins = index.rank({
      age: 0,
      relationship: 'my coworker, having twin girls',
      occasion: 'baby shower',
      budget: 80,
      count: 5,
    } as never);
    expect(twins.person).toBe("your coworker's new twins");
    const one = index.rank({
      age: 0,
      relationship: 'my best friend just had a baby boy',
      occasion: 'new baby',
      budget: 50,
      count: 5,
    } as never);
    expect(one.person).toMatch(/new baby/);
    // The baby named is the baby: "my grandson" stays.
    expect(
      index.rank({ age: 0, relationship: 'my grandson', occasion: 'christening', budget: 60, count: 5 } as never)
        .person,
    ).toBe('your grandson');
  });
});
