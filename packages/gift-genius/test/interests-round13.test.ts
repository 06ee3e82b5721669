// Round 13 (issue 25): interests many people name, served by more than two or three items, and interest phrases
// that read as nothing though the catalog serves them. Wordings of our own, not a split's.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readInterest } from '../dist/recommend/vocabulary.js';

const catalog = loadBundledCatalog();
const index = GiftIndex.build(catalog);
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);
/** Reasons that claim the pick is for the interest as a plain match (not hedged). */
const CLAIMED = /[Pp]icked because|a good fit for|[Ss]ince your|, so this|, who(?:'s| is)? |enjoys|who's into/;

describe('a common interest fills a list of five with its own gifts', () => {
  // Before: 6 golf items (two of one kind, two over $199), 3 tennis, 4 football, 7 fishing (two of one kind): a
  // golfer's list ran out of golf after three or four and filled up with unrelated picks.
  const cases: Array<[string, Record<string, unknown>]> = [
    ['golf', { age: 58, relationship: 'dad', occasion: "father's day", budget: 80, interests: ['golf'] }],
    ['tennis', { age: 52, relationship: 'friend', budget: 80, interests: ['tennis'] }],
    ['fishing', { age: 45, relationship: 'husband', occasion: 'christmas', budget: 50, interests: ['fishing'] }],
    ['football', { age: 40, relationship: 'brother', occasion: 'christmas', budget: 60, interests: ['watches nfl'] }],
    ['knitting', { age: 66, relationship: 'mom', occasion: "mother's day", budget: 40, interests: ['knitting'] }],
    ['guitar', { age: 16, relationship: 'nephew', occasion: 'birthday', budget: 60, interests: ['plays guitar'] }],
  ];
  for (const [tag, args] of cases)
    it(`${tag}: all five picks are ${tag} gifts, each within budget and of its own kind`, () => {
      const r = rank(args);
      const own = r.gifts.filter((g) => g.gift.interests.includes(tag as never));
      expect(
        own.length,
        r.gifts.map((g) => g.gift.id),
      ).toBe(5);
      for (const g of r.gifts) expect(g.gift.price).toBeLessThanOrEqual(args.budget as number);
      expect(new Set(r.gifts.map((g) => g.gift.kind ?? g.gift.id)).size).toBe(r.gifts.length);
    });
});

describe('interest phrases that read as nothing though the catalog serves them', () => {
  const reads: Array<[string, string]> = [
    ['grows dahlias in the backyard', 'gardening'],
    ['her peonies', 'gardening'],
    ['smokes brisket on his offset', 'cooking'],
    ['carves wooden spoons', 'woodworking'],
    ['whittling', 'woodworking'],
    ['ceramics', 'crafts'],
    ['wheel throwing on weekends', 'crafts'],
    ['astrophotography', 'astronomy'],
    ['snorkeling', 'swimming'],
    ['keeps a lemon tree in a pot', 'plants'],
  ];
  for (const [phrase, tag] of reads)
    it(`"${phrase}" reads as ${tag}`, () => {
      expect(readInterest(phrase).interests.get(tag as never)).toBe(1);
    });

  it('a brisket smoker gets barbecue gifts said as his, and a spoon carver a whittling kit', () => {
    const bbq = rank({
      age: 50,
      relationship: 'brother in law',
      budget: 80,
      interests: ['smokes brisket on his offset'],
    });
    const claimed = bbq.gifts.filter((g) => CLAIMED.test(g.reason));
    expect(claimed.length).toBeGreaterThanOrEqual(2);
    for (const g of claimed) expect(g.gift.interests).toContain('cooking');
    const carver = rank({ age: 35, relationship: 'friend', budget: 40, interests: ['carves wooden spoons'] });
    expect(carver.gifts.map((g) => g.gift.id)).toContain('whittling-kit');
  });

  it('learning a language by name is a language gift, never a Spanish reader for Korean', () => {
    for (const phrase of ['learning korean for a trip', 'learning italian on duolingo', 'learning asl']) {
      const r = rank({ age: 30, relationship: 'sister', budget: 100, interests: [phrase] });
      expect(r.gifts.map((g) => g.gift.id)).toContain('language-learning-app-subscription');
      for (const g of r.gifts) if (CLAIMED.test(g.reason)) expect(g.gift.id, g.reason).not.toBe('easy-spanish-stories');
    }
  });

  it('a beer league is where a sport is played: no beer gift for it, hedged or not', () => {
    for (const phrase of ['plays hockey in a beer league', 'beer league softball']) {
      expect(readInterest(phrase).interests.has('beer')).toBe(false);
      const r = rank({ age: 34, relationship: 'brother', occasion: 'birthday', budget: 60, interests: [phrase] });
      for (const g of r.gifts) expect(g.gift.interests, g.reason).not.toContain('beer');
    }
  });
});
