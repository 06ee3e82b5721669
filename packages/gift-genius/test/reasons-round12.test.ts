// Round 12 (issue 25): what held-out-14's judges graded 0 or 1, each held here on wordings of our own.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { parseQuery } from '../dist/recommend/score.js';
import { readInterest, readRelationship } from '../dist/recommend/vocabulary.js';

const catalog = loadBundledCatalog();
const index = GiftIndex.build(catalog);
const byId = new Map(catalog.map((g) => [g.id, g]));
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never);
/** Reasons that claim the pick is for the interest as a plain match (not hedged). */
const CLAIMED = /[Pp]icked because|a good fit for|[Ss]ince your|, so this|, who(?:'s| is)? |enjoys|who's into/;

describe('a word in common is no match', () => {
  it('soap operas are drama on a screen, not opera: no opera glasses or classical music claimed for them', () => {
    expect(readInterest('watches korean soap operas every evening').interests.has('music')).toBe(false);
    const r = rank({
      age: 70,
      relationship: 'grandma',
      budget: 60,
      interests: ['watches korean soap operas every evening'],
    });
    for (const g of r.gifts)
      if (CLAIMED.test(g.reason)) expect(g.gift.id, g.reason).not.toMatch(/opera|classical|symphony/);
  });

  it('old-time radio shows are shows, not radios: no ham licence manual or transceiver claimed', () => {
    const r = rank({ age: 80, relationship: 'grandpa', budget: 50, interests: ['listens to old time radio shows'] });
    for (const g of r.gifts) if (CLAIMED.test(g.reason)) expect(g.gift.id, g.reason).not.toMatch(/ham|radio/);
  });

  it('sharpening knives is no call for more knives: no cheese-board knives or pocket knife claimed', () => {
    const r = rank({ age: 35, relationship: 'brother', budget: 80, interests: ['sharpens knives on whetstones'] });
    for (const g of r.gifts) if (CLAIMED.test(g.reason)) expect(g.gift.id, g.reason).not.toMatch(/knife|cheese/);
  });

  it('cross stitch and embroidery are not leathercraft "to hand-stitch"', () => {
    for (const interest of ['counted cross stitch', 'hardanger embroidery']) {
      const r = rank({ age: 60, relationship: 'mom', budget: 60, interests: [interest] });
      for (const g of r.gifts) if (CLAIMED.test(g.reason)) expect(g.gift.id, g.reason).not.toMatch(/leather/);
    }
  });

  it('a cookbook, a drinks guide or a craft manual is no reader’s book: not claimed for "reads a ton"', () => {
    for (const id of [
      'salt-fat-acid-heat-cookbook',
      'the-wine-bible',
      'vogue-knitting-book',
      'nightwatch-stargazing-book',
    ])
      expect(byId.get(id)!.interests, id).not.toContain('reading');
    const r = rank({
      age: 60,
      relationship: 'mom',
      occasion: 'birthday',
      interests: ['reads a ton, mostly mysteries'],
    });
    for (const g of r.gifts)
      expect(g.gift.kind, g.gift.id).not.toMatch(/cookbook|drinks-book|craft-book|astronomy-book/);
  });
});

describe('who the person is', () => {
  it('a name, a comma, then who they are: read from what follows the comma', () => {
    expect(readRelationship("mrs. okafor, my son's piano teacher")?.role).toBe('teacher');
    expect(readRelationship('dana, my coworker from accounting')?.role).toBe('colleague');
    const text = rank({ age: 50, relationship: "thu, my daughter's tutor at the weekend school", budget: 30 })
      .gifts.map((g) => g.reason)
      .join(' ');
    expect(text).toContain("your daughter's tutor");
    expect(text).not.toMatch(/your thu\b/i);
  });

  it('someone named by title only is named so, never "the person you are shopping for"', () => {
    const text = rank({ age: 60, relationship: 'mr. adeyemi, runs the print shop we order from', budget: 80 })
      .gifts.map((g) => g.reason)
      .join(' ');
    expect(text).toContain('Mr Adeyemi');
    expect(text).not.toContain('the person you are shopping for');
  });

  it('someone named by what they do takes a colleague’s register, and nothing personal', () => {
    const q = parseQuery({ age: 45, relationship: 'the night doorman at our building' });
    expect(q.registerName).toBe('colleague');
    for (const g of rank({ age: 45, relationship: 'the night doorman at our building', budget: 60 }).gifts)
      expect(g.gift.personal, g.gift.id).toBeUndefined();
  });
});

describe('words as a sentence writes them', () => {
  it('"4 yrs" is four years; a city and an author keep their capitals', () => {
    const carpenter = rank({ age: 60, relationship: 'the plumber i trained under for 3 yrs', budget: 60 })
      .gifts.map((g) => g.reason)
      .join(' ');
    expect(carpenter).toContain('for 3 years');
    expect(carpenter).not.toMatch(/\byrs\b/);
    const aunt = rank({
      age: 70,
      relationship: 'my aunt in kolkata',
      budget: 60,
      interests: ['reading cormac mccarthy'],
    })
      .gifts.map((g) => g.reason)
      .join(' ');
    expect(aunt).not.toMatch(/kolkata|cormac mccarthy/);
  });
});

describe('whom and when', () => {
  it("someone else's couple gets nothing only one of them can wear; your own partner still may", () => {
    for (const g of rank({ age: 29, relationship: 'my son and his fiancée', occasion: 'engagement', budget: 500 })
      .gifts)
      expect(g.gift.personal ?? [], g.gift.id).not.toContain('intimate');
    const wife = rank({ age: 40, relationship: 'wife', occasion: 'our anniversary', budget: 500 });
    expect(wife.gifts.length).toBe(5);
    expect(
      index
        .rank({ age: 40, relationship: 'wife', occasion: 'our anniversary', budget: 500, count: 30 } as never)
        .gifts.some((g) => g.gift.personal?.includes('intimate')),
    ).toBe(true);
  });

  it('a dorm kit only for someone off to college, not a graduate already hired', () => {
    const hired = rank({
      age: 20,
      relationship: 'my nephew, finished his hvac certificate at community college and already has a job lined up',
      occasion: 'graduation',
      budget: 100,
    });
    expect(hired.gifts.map((g) => g.gift.id)).not.toContain('dorm-essentials-caddy');
    expect(byId.get('dorm-essentials-caddy')!.presumes).toContain('dorm-life');
    const off = index.rank({
      age: 18,
      relationship: 'my niece',
      occasion: 'off to college in august',
      budget: 60,
      count: 30,
    } as never);
    expect(off.gifts.map((g) => g.gift.id)).toContain('dorm-essentials-caddy');
  });

  it('a day marked by a loss is a time for comfort, not that day’s gift', () => {
    const r = rank({
      age: 40,
      relationship: 'my cousin, her mom passed in june',
      occasion: "first mother's day without her",
      budget: 50,
    });
    const text = r.gifts.map((g) => g.reason).join(' ');
    expect(text).not.toMatch(/Mother's Day gift|Mother's Day pick/);
    expect(text).toMatch(/sympathy/);
  });
});

describe('off to college, in the words of the relationship', () => {
  it('"starting college in the fall" takes a dorm kit at a graduation that does not say it', () => {
    expect(parseQuery({ age: 18, relationship: 'my nephew, starting college in the fall' }).dorm).toBe(true);
    const r = index.rank({
      age: 18,
      relationship: 'my nephew, starting college in the fall',
      occasion: 'graduation',
      budget: 60,
      count: 30,
    } as never);
    expect(r.gifts.map((g) => g.gift.id)).toContain('dorm-essentials-caddy');
  });
});

describe('held-out-15: words as a sentence writes them', () => {
  it('a possessive inside the place owns the place: "the 5-year-old boy in your son\'s kindergarten class"', () => {
    const text = rank({ age: 5, relationship: "a boy in my son's kindergarten class", budget: 20 })
      .gifts.map((g) => g.reason)
      .join(' ');
    expect(text).toContain("the 5-year-old boy in your son's kindergarten class");
    expect(text).not.toMatch(/your boy in|5-year-old kindergarten/);
  });

  it('Tucson, Saturdays and CPR keep their capitals; a trowel takes its article', () => {
    const text = rank({
      age: 60,
      relationship: 'the man who teaches cpr at our rec center on saturdays, he lives in tucson',
      budget: 40,
      interests: ['gardening'],
    })
      .gifts.map((g) => g.reason)
      .join(' ');
    expect(text).not.toMatch(/\b(?:tucson|saturdays|cpr)\b/);
    expect(byId.get('ergonomic-garden-tool-set')!.does).toContain('a comfortable trowel');
  });
});

describe('held-out-15: someone named only with their clause keeps it', () => {
  it('"the woman who runs the food pantry …" is never "the woman" alone', () => {
    const reasons = rank({
      age: 64,
      relationship: 'the woman who runs the soup kitchen where i help out',
      budget: 30,
    }).gifts.map((g) => g.reason);
    for (const r of reasons) expect(r).toMatch(/woman who runs the soup kitchen/i);
  });
});
