// Round 25 (issue 25): two catalog corrections from the retired splits' blind grades. A newlywed cookbook is for a
// wedding (graded 1 at 10th to 65th anniversaries and at housewarmings of people past 40), and thirteen items our
// ranking used as its usual fillers (a calligraphy kit shown 74 times, a board game 70, a wooden model kit 67) drop
// one giftability step: across 20 or more showings each, both judges' mean was under 1.3. Wordings of our own.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);
const ids = (args: Record<string, unknown>) => rank(args).gifts.map((g) => g.gift.id);

describe('a newlywed cookbook is for newlyweds', () => {
  it('not at a couple’s 25th anniversary or a housewarming for people in their fifties', () => {
    expect(ids({ age: 52, relationship: 'my aunt and uncle', occasion: '25th anniversary', budget: 60 })).not.toContain(
      'newlywed-cookbook',
    );
    expect(
      ids({ age: 55, relationship: 'our friends from church, the Millers', occasion: 'housewarming', budget: 40 }),
    ).not.toContain('newlywed-cookbook');
  });

  it('still at a wedding', () => {
    const r = index.rank({
      age: 29,
      relationship: 'my cousin and her fiance',
      occasion: 'wedding',
      budget: 40,
      count: 10,
    } as never);
    expect(r.gifts.map((g) => g.gift.id)).toContain('newlywed-cookbook');
  });
});

describe('the usual fillers give way where nothing is known', () => {
  const SERIAL = new Set([
    'picnic-backpack-for-two',
    'wooden-secret-puzzle-box',
    'hand-lettering-calligraphy-kit',
    'kalimba-thumb-piano',
    'wooden-mechanical-model-kit',
    'led-strip-lights',
    'dnd-starter-set',
    'concert-ukulele',
    'ancestry-dna-kit',
    'diy-terrarium-kit',
    'childrens-illustrated-world-atlas',
    'star-wars-visual-dictionary',
    'ticket-to-ride-board-game',
  ]);
  it('a teenager of whom nothing is said gets at most one of them', () => {
    for (const args of [
      { age: 15, relationship: 'niece', occasion: 'birthday', budget: 45 },
      { age: 17, relationship: 'grandson', occasion: 'christmas', budget: 60 },
    ])
      expect(ids(args).filter((id) => SERIAL.has(id)).length).toBeLessThanOrEqual(1);
  });

  it('a pursuit the catalog barely serves is followed by things anyone enjoys, not a calligraphy kit', () => {
    const list = ids({ age: 42, relationship: 'friend', occasion: 'birthday', budget: 40, interests: ['beekeeping'] });
    expect(list[0]).toBe('backyard-beekeeper-book');
    expect(list.filter((id) => SERIAL.has(id))).toEqual([]);
  });
});

describe('an item for one artist is for that artist’s fan', () => {
  it('a cellist and a jazz fan get no Taylor Swift album or Olivia Rodrigo record', () => {
    const artists = new Set([
      'taylor-swift-album-vinyl',
      'taylor-swift-eras-tour-book',
      'olivia-rodrigo-guts-vinyl',
      'hozier-unreal-unearth-vinyl',
    ]);
    for (const args of [
      {
        age: 30,
        relationship: 'my girlfriend',
        occasion: 'valentines day',
        budget: 100,
        interests: ['plays cello in a youth orchestra'],
      },
      { age: 45, relationship: 'husband', occasion: 'birthday', budget: 60, interests: ['jazz records'] },
    ]) {
      const r = index.rank({ ...args, count: 10 } as never);
      expect(r.gifts.map((g) => g.gift.id).filter((id) => artists.has(id))).toEqual([]);
    }
  });

  it('the fan who names them still gets them, by either name ("elvis", "Elvis Presley")', () => {
    expect(ids({ age: 70, relationship: 'mom', occasion: 'birthday', budget: 40, interests: ['elvis'] })).toContain(
      'last-train-to-memphis-elvis-biography',
    );
    const swift = ids({
      age: 14,
      relationship: 'daughter',
      occasion: 'birthday',
      budget: 40,
      interests: ['taylor swift'],
    });
    expect(swift).toContain('taylor-swift-album-vinyl');
  });
});
