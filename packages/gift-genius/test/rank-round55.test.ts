// Round 55 (issue 25): held-out-49's zeros as its blind judges graded them (scored on 0510082), and pend60's, in
// wordings of our own. Each case fails on 1b1bf4e; round 55b's (pend62's) fail on d441395.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readInterest, readOccasion } from '../dist/recommend/vocabulary.js';
import { saysAtWork } from './deed-pattern.js';

const index = GiftIndex.build(loadBundledCatalog());
const rank = (args: Record<string, unknown>) => index.rank({ count: 5, ...args } as never).gifts;
const reasons = (args: Record<string, unknown>) => rank(args).map((g) => g.reason);
const ids = (args: Record<string, unknown>) => rank(args).map((g) => g.gift.id);

describe('occasions read as what they are', () => {
  it('"he was named head of cardiology" is a promotion, "chief of surgery" no operation', () => {
    expect(readOccasion('he was named head of cardiology')).toMatchObject({
      occasion: 'graduation',
      named: 'promotion',
    });
    expect(readOccasion('she got named chief of surgery!')).toMatchObject({ named: 'promotion' });
    for (const r of reasons({ age: 45, relationship: 'my husband', occasion: 'named chief of surgery', budget: 300 }))
      expect(r).not.toMatch(/get-well|recovery|healing|rest/i);
  });

  it('home from the hospital after a stroke is a get-well', () => {
    expect(readOccasion('back home from the hospital after a stroke').occasion).toBe('get-well');
    expect(readOccasion('mom had a stroke last week').occasion).toBe('get-well');
  });

  it('a work anniversary is named as one, not a thank-you', () => {
    expect(readOccasion('15 year work anniversary')).toMatchObject({
      occasion: 'thank-you',
      named: 'work anniversary',
    });
    for (const r of reasons({ age: 50, relationship: 'my coworker', occasion: '15 year work anniversary', budget: 40 }))
      expect(r).not.toMatch(/thank-you/);
  });
});

describe('said of the person as they said it', () => {
  it('"she\'s in a cover group" is said "who is in …", never "is into she\'s in"', () => {
    const all = [20, 21, 22, 23, 24].flatMap((age) =>
      reasons({ age, relationship: 'my niece', occasion: 'bday', interests: ["she's in a kpop dance cover group"] }),
    );
    expect(all.join(' ')).not.toMatch(/into (?:he|she)'s|enjoys (?:he|she)'s/i);
  });

  it('two verbs joined are a verb phrase: "flips and resells vintage sneakers"', () => {
    const all = reasons({
      age: 18,
      relationship: 'my cousin',
      interests: ['he flips and resells sneakers'],
      budget: 60,
    });
    expect(all.join(' ')).not.toMatch(/into flips|enjoys flips/);
  });

  it('a commissioner is someone: "is a fantasy football commissioner"', () => {
    const all = reasons({ age: 45, relationship: 'my dad', interests: ['fantasy football commissioner'], budget: 50 });
    expect(all.join(' ')).not.toMatch(/enjoys fantasy football commissioner|into fantasy football commissioner/);
  });
});

describe('what a phrase names', () => {
  it('"runs a free library" is no running; "runs a marathon" still is', () => {
    expect(readInterest('she runs the little free library on our street').interests.has('running')).toBe(false);
    expect(readInterest('he runs the church food pantry').interests.has('running')).toBe(false);
    expect(readInterest('runs a marathon every spring').interests.has('running')).toBe(true);
    const picks = rank({ age: 40, relationship: 'my aunt', interests: ['she runs a little free library'], budget: 30 });
    for (const g of picks) expect(g.gift.interests).not.toContain('running');
  });

  it('travel hockey is hockey, not travel', () => {
    expect(readInterest('he plays travel hockey').interests.has('travel')).toBe(false);
    const picks = rank({ age: 12, relationship: 'my grandson', interests: ['travel baseball'], budget: 60 });
    for (const g of picks) expect(g.gift.interests).not.toContain('travel');
  });

  it('a diving team dives off a board: no scuba', () => {
    for (const id of ids({ age: 13, relationship: 'my niece', interests: ['she made the dive team'], budget: 75 }))
      expect(id).not.toMatch(/scuba|dive-light/);
  });

  it('bouldering needs no rope', () => {
    for (const id of ids({ age: 26, relationship: 'my girlfriend', interests: ['bouldering'], budget: 40 }))
      expect(id).not.toBe('knot-tying-practice-kit');
  });

  it('smoking brisket is a barbecue, not a tabletop raclette', () => {
    const picks = rank({
      age: 41,
      relationship: 'my husband',
      interests: ['the seattle mariners', 'smoking brisket'],
      budget: 250,
    });
    // Said as loose at most ("Not strictly for smoking brisket, but …"), never as picked for it.
    for (const g of picks)
      if (g.gift.id === 'tabletop-raclette-grill' && /brisket/.test(g.reason))
        expect(g.reason).toMatch(/^Not strictly/);
  });

  it('a lap dog is a dog: its bed is for it, and says nothing of its age', () => {
    const picks = rank({ age: 75, relationship: 'my mom', interests: ['her lap dog'], budget: 100 });
    const bed = picks.find((g) => g.gift.id === 'orthopedic-dog-bed');
    if (bed) expect(bed.reason).not.toMatch(/not strictly|ageing|aging|older/i);
  });
});

describe('someone leaving work is not told of the working day', () => {
  it('a teacher retiring this year gets no work deed', () => {
    const gifts = rank({
      age: 62,
      relationship: "my son's teacher, she's retiring in june",
      occasion: 'end of the year',
      budget: 40,
    });
    for (const g of gifts) expect(g.reason).not.toMatch(/working (?:day|week)|on the job|before work|at work/);
  });
});

describe('round 55b (pend62): who has a working day, and what a boss reads', () => {
  it('"my boss, hes a big reader" is a reader, typed without the apostrophe', () => {
    const gifts = rank({ age: 48, relationship: 'my manager, shes a big reader', occasion: 'christmas', budget: 50 });
    expect(gifts.some((g) => /reader/.test(g.reason))).toBe(true);
  });

  it('a night-shift coworker, an HOA president and a Toastmasters mentor are told of no working day', () => {
    for (const relationship of [
      'my coworker on the night shift',
      'our hoa president',
      'my toastmasters mentor',
      'the volunteer who drives my mom to dialysis',
    ])
      for (const g of rank({ age: 50, relationship, occasion: 'thank you', budget: 40 }))
        expect(saysAtWork(g), `${relationship}: ${g.reason}`).toBe(false);
  });
});
