// Round 54 (issue 25): someone known through work, with no interest to go on. Held-out-45…48's blind judges graded
// 297 of 480 reasons for work and formal relationships 1 as generic (the item's blurb beside "your manager"); one
// they graded 2 (a manager's laptop stand) said what the gift does in a working day. Wordings of our own. The first
// two cases and the last three fail on c1ae798 (the output-schema case on 304c869 too); the others guard.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { giftsToCsv, parseCatalogFile } from '../dist/catalog/parse.js';
import { GiftSchema } from '../dist/catalog/schema.js';
import { GiftRecordZod } from '../dist/primitives/tools.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { saysAtWork } from './deed-pattern.js';

const catalog = loadBundledCatalog();
const index = GiftIndex.build(catalog);
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never).gifts;

describe('a colleague, a boss, a client: what the gift does in a working life', () => {
  it('a manager thanked with nothing else known gets reasons set in her working day', () => {
    const gifts = rank({ age: 41, relationship: 'my supervisor', occasion: 'thank you', budget: 50 });
    const atWork = gifts.filter((g) => g.gift.atWork !== undefined);
    expect(atWork.length).toBeGreaterThanOrEqual(3);
    for (const g of atWork) expect(saysAtWork(g), g.reason).toBe(true);
  });

  it('a client at the holidays, a coworker at Secret Santa: the same', () => {
    for (const args of [
      { age: 52, relationship: 'my client', occasion: 'christmas', budget: 60 },
      { age: 29, relationship: 'a coworker i barely know', occasion: 'secret santa', budget: 25 },
    ]) {
      const worded = rank(args).filter((g) => g.gift.atWork !== undefined);
      expect(worded.length, JSON.stringify(args)).toBeGreaterThan(0);
      for (const g of worded) expect(saysAtWork(g), g.reason).toBe(true);
    }
  });

  it('a life event keeps its own words: a colleague retiring or moving away is not told of the working day', () => {
    for (const occasion of ['retirement', 'farewell, she is moving to denver']) {
      const gifts = rank({ age: 58, relationship: 'my coworker', occasion, budget: 60 });
      for (const g of gifts) expect(saysAtWork(g), g.reason).toBe(false);
    }
  });

  it('a stated interest met is said as the interest, not as work', () => {
    const gifts = rank({ age: 38, relationship: 'my boss', interests: ['coffee'], budget: 50 });
    const coffee = gifts.filter((g) => g.gift.interests.includes('coffee'));
    expect(coffee.length).toBeGreaterThan(0);
    for (const g of coffee) expect(g.reason).toMatch(/coffee/i);
  });

  it('no working day for family, a whole team or a client of 70', () => {
    const cases = [
      { age: 45, relationship: 'my sister', occasion: 'thank you', budget: 50 },
      { age: 40, relationship: 'my team at work (8 people)', occasion: 'thank you', budget: 100 },
      { age: 70, relationship: 'a longtime client', occasion: 'birthday', budget: 50 },
    ];
    for (const args of cases) for (const g of rank(args)) expect(saysAtWork(g), g.reason).toBe(false);
  });

  it('every work deed in the catalog is one a reason can say: a phrase, no final stop, at most 160 characters', () => {
    const worded = catalog.filter((g) => g.atWork !== undefined);
    expect(worded.length).toBeGreaterThanOrEqual(30);
    for (const g of worded) expect(g.atWork!).toMatch(/^[a-z][^.!?]{9,159}$/);
  });

  it('a CSV export carries the work deed and reads it back the same', () => {
    const gifts = catalog.filter((g) => g.atWork !== undefined).slice(0, 5);
    const csv = giftsToCsv(gifts);
    expect(csv.split('\n')[0]!.split(',')).toContain('atWork');
    const back = parseCatalogFile(csv, 'csv');
    expect(back.ok && back.gifts.map((g) => g.atWork)).toEqual(gifts.map((g) => g.atWork));
  });

  it("get_gift's output schema carries every catalog field (it allows no other, and a checking client refuses the answer)", () => {
    const record = Object.keys(GiftRecordZod.shape);
    expect(Object.keys(GiftSchema.shape).filter((k) => !record.includes(k))).toEqual([]);
    const worded = catalog.find((g) => g.atWork !== undefined)!;
    expect(GiftRecordZod.strict().safeParse({ ...worded, uri: `gift://catalog/${worded.id}` }).success).toBe(true);
  });
});
