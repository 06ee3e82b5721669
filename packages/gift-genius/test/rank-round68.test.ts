// Round 68 (issue 25): interests the held-out judges met with fillers ("nothing in the catalog matches"), now served by
// items of their own, and a mushroom hunt no longer read as game. Requests in wordings of our own; each case fails on
// 448d910 (round 67b), but for the guards named so.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readInterest } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (q: Record<string, unknown>) => index.rank({ count: 5, ...q } as never);
const ids = (q: Record<string, unknown>) => rank(q).gifts.map((g) => g.gift.id);

describe('crafts and trades with items of their own', () => {
  it('a welder is offered welding gear, and the note says nothing is missing', () => {
    const r = rank({
      age: 58,
      relationship: 'my father in law',
      occasion: 'christmas',
      interests: ['welds in his shop'],
    });
    const got = r.gifts.map((g) => g.gift.id);
    expect(got).toContain('auto-darkening-welding-helmet');
    expect(got).toContain('magnetic-welding-square-set');
    expect(r.unmet).toEqual([]);
  });

  it('needlepoint finds a needlepoint canvas first', () => {
    expect(
      ids({ age: 70, relationship: 'my aunt', occasion: 'birthday', budget: 60, interests: ['needlepoint'] })[0],
    ).toBe('hand-painted-needlepoint-canvas-kit');
  });

  it('welding gear is for welders only (guard: it presumes the hobby)', () => {
    for (const interests of [['woodworking'], ['fixing cars'], ['diy projects around the house']])
      expect(ids({ age: 50, relationship: 'my dad', occasion: 'fathers day', budget: 120, interests })).not.toContain(
        'auto-darkening-welding-helmet',
      );
  });
});

describe('the weather, for a child and a grown-up', () => {
  it('a child who wants to be a weatherman builds a weather station', () => {
    expect(
      ids({
        age: 8,
        relationship: 'my grandson',
        occasion: 'bday',
        budget: 30,
        interests: ['wants to be a weatherman'],
      }),
    ).toContain('kids-weather-station-kit');
  });

  it('a Weather Channel fan gets a home weather station, the channel named as a name', () => {
    const r = rank({
      age: 79,
      relationship: 'my grandma',
      occasion: 'christmas',
      budget: 80,
      interests: ['has the weather channel on all day'],
    });
    expect(r.gifts[0]!.gift.id).toBe('wireless-home-weather-station');
    expect(r.gifts[0]!.reason).toContain('Weather Channel');
  });

  it('a gardener is not offered the weather station (guard: it is no garden tool)', () => {
    for (const interests of [['her roses'], ['vegetable garden']])
      expect(ids({ age: 60, relationship: 'my mom', occasion: 'birthday', budget: 100, interests })).not.toContain(
        'wireless-home-weather-station',
      );
  });
});

describe('hunting: birds, deer and mushrooms', () => {
  it('pheasant season gets the upland vest', () => {
    expect(
      ids({ age: 66, relationship: 'my uncle', occasion: 'xmas', budget: 80, interests: ['pheasant season'] }),
    ).toContain('upland-hunting-vest');
  });

  it('the upland vest is not for deer or duck hunters (guard: its words are bird hunting’s)', () => {
    for (const interests of [['deer hunting'], ['duck hunting'], ['bow hunting']])
      expect(ids({ age: 45, relationship: 'my husband', occasion: 'christmas', budget: 100, interests })).not.toContain(
        'upland-hunting-vest',
      );
  });

  it('morel hunting is a mushroom hunt, not game', () => {
    const r = readInterest('hunting morels every may');
    expect(r.terms).toContain('foraging');
    const got = ids({
      age: 60,
      relationship: 'my brother',
      occasion: 'birthday',
      budget: 40,
      interests: ['morel hunting'],
    });
    expect(got).not.toContain('trail-camera');
    expect(got).not.toContain('blaze-orange-beanie');
    expect(got).toContain('mushroom-foraging-knife');
  });
});
