// Round 28 (issue 25): what held-out-27's blind judges graded low, in wordings of our own. Each case fails on 2d93e75.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);
const ids = (args: Record<string, unknown>) => rank(args).gifts.map((g) => g.gift.id);

describe('interests read as meant', () => {
  it('"murder mystery shows" is murder mysteries, served beside a second interest, and no "no match" note', () => {
    const r = rank({
      age: 45,
      relationship: 'my girlfriend',
      occasion: 'birthday',
      budget: 120,
      interests: ['murder mystery shows', 'her tuesday tennis league'],
    });
    expect(r.gifts.map((g) => g.gift.id)).toContain('cold-case-mystery-game');
    expect(r.unmet.map((u) => u.message).join(' ')).not.toMatch(/murder mystery/);
  });

  it('"smoking ribs" is barbecue: a football fan who smokes ribs gets something for the smoker too', () => {
    const r = rank({
      age: 50,
      relationship: 'my brother',
      occasion: 'birthday',
      interests: ['smoking ribs every sunday', 'the chiefs'],
    });
    expect(r.gifts.map((g) => g.gift.id).filter((id) => /meat|bbq|grill|smoker|brisket|barbecue/.test(id))).not.toEqual(
      [],
    );
    expect(r.unmet.map((u) => u.message).join(' ')).not.toMatch(/ribs/);
  });

  it('"the hunger games" is a title: the books, never a gaming headset or a hockey memoir called "The Game"', () => {
    for (const interests of [['hunger games'], ['the hunger games books', 'drawing']]) {
      const list = ids({ age: 15, relationship: 'my niece', occasion: 'christmas', budget: 80, interests });
      expect(list).toContain('hunger-games-paperback-box-set');
      expect(list).not.toContain('gaming-headset');
      expect(list).not.toContain('the-game-ken-dryden');
    }
  });

  it("a record collector of one sound gets no other artist's album", () => {
    const list = ids({
      age: 66,
      relationship: 'my dad',
      occasion: 'christmas',
      budget: 60,
      interests: ['collects old soul records'],
    });
    expect(list).not.toContain('taylor-swift-album-vinyl');
    expect(list).not.toContain('hozier-unreal-unearth-vinyl');
  });

  it('bow hunting: an archery lesson is for it, a mushroom guide and a geocaching kit are not', () => {
    const r = rank({
      age: 35,
      relationship: 'my cousin',
      occasion: 'birthday',
      budget: 60,
      interests: ['bow hunting'],
    });
    const list = r.gifts.map((g) => g.gift.id);
    expect(list).toContain('intro-archery-lesson');
    for (const g of r.gifts.filter((x) =>
      ['regional-mushroom-field-guide', 'geocaching-starter-kit'].includes(x.gift.id),
    ))
      expect(g.reason).not.toMatch(/bow hunting/);
  });

  it('DIY around the house is fixing and building, not a model kit or pen turning', () => {
    const list = ids({
      age: 45,
      relationship: 'my neighbor',
      occasion: 'thank you',
      budget: 40,
      interests: ['always doing diy projects around the house'],
    });
    expect(list).not.toContain('model-airplane-starter-kit');
    expect(list).not.toContain('pen-turning-kit-bundle');
    expect(list).toContain('precision-screwdriver-set');
  });

  it('"nothing breakable, she is shipping everything" rules out glass and ceramic, mugs included', () => {
    const r = rank({
      age: 33,
      relationship: 'my best friend',
      occasion: 'moving to denver',
      budget: 40,
      exclude: ["nothing breakable, she's shipping everything"],
      count: 10,
    });
    expect(
      r.gifts.filter((g) =>
        /\b(?:mugs?|glass|ceramic|porcelain|stoneware)\b/i.test(`${g.gift.title} ${g.gift.description}`),
      ),
    ).toEqual([]);
  });

  it('"moving to <a city>" is a move away; "moving into their new house" stays a housewarming', () => {
    const away = rank({
      age: 35,
      relationship: 'my sister',
      occasion: 'moving to seattle, her husband got transferred',
      budget: 50,
    });
    expect(away.unmet.map((u) => u.message).join(' ')).not.toMatch(/Could not tell which occasion/);
    expect(away.gifts.map((g) => g.reason).join(' ')).toMatch(/farewell|move/);
    for (const occasion of ['moving into their new house', 'moving out', 'moving into his own apartment']) {
      const home = rank({ age: 22, relationship: 'my nephew', occasion, budget: 50 });
      expect(home.gifts.map((g) => g.reason).join(' '), occasion).toMatch(/housewarming|new home|new place/);
    }
    const far = rank({ age: 35, relationship: 'my sister', occasion: 'moving out of state', budget: 50 });
    expect(far.gifts.map((g) => g.reason).join(' ')).toMatch(/farewell|move/);
  });
});
