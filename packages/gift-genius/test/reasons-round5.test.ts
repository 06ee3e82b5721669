// Reasons and matching, round 5 (issue 25): a sport named by an -ing word is not a thing of the same stem.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { stem, words } from '../dist/recommend/text.js';
import { readExclusions, readInterest, readOccasion, readRelationship } from '../dist/recommend/vocabulary.js';
import { unservedInterests } from '../eval/checks.mjs';

const catalog = loadBundledCatalog();
const index = GiftIndex.build(catalog);
/** How reasons.ts says a pick that meets the interest only loosely or through a broader tag. */
const HEDGED = /Not strictly for|[Bb]eyond|[Bb]roader than|apart from|loosely tied|a step away/;
/**
 * Whether a reason says a pick is for an interest it does not meet: it names the interest without a hedge. A pick
 * past a list's two hedges is said as a general pick, without the interest (round 7), which claims nothing.
 */
const claims = (reason: string, interest: RegExp) => interest.test(reason) && !HEDGED.test(reason);

describe('an -ing word that names a sport of its own', () => {
  it('is not stemmed to the thing it sounds like: boxing is no box, bowling no bowl', () => {
    for (const [sport, thing] of [
      ['boxing', 'box'],
      ['bowling', 'bowl'],
      ['rowing', 'row'],
      ['evening', 'even'],
      ['clothing', 'cloth'],
    ])
      expect(stem(sport), sport).not.toBe(stem(thing));
    // Ordinary -ing forms still meet their verb: "running" is "run".
    expect(stem('running')).toBe(stem('run'));
    expect(stem('gardening')).toBe(stem('garden'));
  });

  it('a puzzle box is never reasoned as a match for boxing, nor a bowl for bowling', () => {
    for (const [sport, word] of [
      ['boxing', /\bboxing\b/i],
      ['bowling', /\bbowling\b/i],
    ] as const) {
      for (const who of [
        { age: 30, relationship: 'friend' },
        { age: 13, relationship: 'son' },
      ]) {
        const r = index.rank({ ...who, occasion: 'birthday', interests: [sport], budget: 80 });
        for (const g of r.gifts) {
          const text = `${g.gift.title} ${g.gift.description} ${(g.gift.keywords ?? []).join(' ')}`;
          // A pick that does not say boxing is a well-liked pick under the unmet note; one that says it must hedge.
          if (word.test(text) || !word.test(g.reason)) continue;
          expect(g.reason, `${sport}: ${g.gift.id}: ${g.reason}`).toMatch(HEDGED);
        }
      }
    }
  });
});

describe('the people who care for us are read as who they are (held-out-4: "him" for a health aide, bath bombs for a surgeon)', () => {
  const formal = new Set(['colleague', 'boss', 'teacher', 'neighbor', 'host']);

  it('a professional named with a clause or a possessive is the professional: no gender borrowed from the clause', () => {
    for (const text of [
      "my dad's home health aide",
      'the surgeon who operated on my son',
      "my son's pediatrician",
      "my mom's nurse",
      'our mail carrier',
      'my therapist',
      'my hairdresser',
      'the vet who saved our dog',
      'my personal trainer',
      'our pastor',
      'my dentist',
      "my grandma's caregiver",
      'my personal trainer',
    ]) {
      const r = readRelationship(text);
      expect(r, text).toBeDefined();
      expect(formal.has(r!.role), `${text}: ${r!.role}`).toBe(true);
      expect(r!.gender, text).toBeUndefined();
    }
    // A trainer is thanked as a client would, not as a teacher (a teacher's name stamp is for teachers only).
    expect(readRelationship('my personal trainer')!.role).toBe('colleague');
    // The clause still says nothing when the head is a relationship: "my nephew who's leaving" is a nephew.
    expect(readRelationship("my nephew who's leaving for basic training")).toMatchObject({
      role: 'child',
      gender: 'male',
    });
  });

  it('nothing personal (care, a size, intimacy) and no he/him for them', () => {
    for (const relationship of ["my dad's home health aide", 'the surgeon who operated on my son', "my mom's nurse"]) {
      const r = index.rank({ age: 50, relationship, occasion: 'thank you', budget: 60 });
      expect(r.gifts.length).toBeGreaterThan(0);
      for (const g of r.gifts) {
        expect(g.gift.personal ?? [], `${relationship}: ${g.gift.id}`).toEqual([]);
        expect(g.reason, g.reason).not.toMatch(/\b(him|his|he|her|she)\b/);
      }
    }
  });
});

describe('a relationship typed with a clause (held-out-4: "basic training\'s farewell", one clause five times)', () => {
  it('the possessive drops the clause, and the clause is said once per list', () => {
    const cases = [
      { age: 18, relationship: "my nephew who's leaving for army basic training", occasion: 'going away', budget: 50 },
      {
        age: 63,
        relationship: 'aunt who hosts christmas for the whole family every year',
        occasion: 'Christmas',
        budget: 50,
      },
      { age: 40, relationship: 'coworker who is moving to another team', occasion: 'farewell', budget: 30 },
    ];
    for (const args of cases) {
      const reasons = index.rank(args).gifts.map((g) => g.reason);
      expect(reasons.length).toBeGreaterThan(2);
      const clause = /\b(who's|who is|who) .*$/.exec(args.relationship)![0];
      expect(reasons.join(' '), args.relationship).not.toMatch(/(training|year|team)'s\b/);
      expect(reasons.filter((r) => r.includes(clause)).length, reasons.join('\n')).toBeLessThanOrEqual(1);
    }
  });
});

describe('a person the relationship word leaves without a gender', () => {
  it('takes the one the user’s own words give (held-out-4: "makes his own hot sauce", then "their dishes")', () => {
    const he = index.rank({
      age: 39,
      relationship: 'old friend from high school',
      interests: ['makes his own hot sauce'],
      budget: 40,
    });
    const text = he.gifts.map((g) => g.reason).join(' ');
    expect(text).toMatch(/\b(him|his)\b/);
    expect(text).not.toMatch(/\b(them|their|her)\b/);
    const she = index.rank({ age: 39, relationship: 'coworker', interests: ['her sourdough'], budget: 40 });
    expect(she.gifts.map((g) => g.reason).join(' ')).not.toMatch(/\b(him|his)\b/);
    // Both, or neither: no guess.
    const both = index.rank({ age: 39, relationship: 'friend', interests: ['his dog', 'her garden'], budget: 40 });
    expect(both.gifts.map((g) => g.reason).join(' ')).not.toMatch(/\b(him|he)\b/);
  });
});

describe('the catalog serves interests that found nothing (round 5: 222 items)', () => {
  // Each of these got "Nothing in the catalog matches" before the items were added.
  const interests = [
    'baseball',
    'hockey',
    'volleyball',
    'dance',
    'ballet',
    'archery',
    'bowling',
    'triathlon',
    'rowing',
    'sailing',
    'scuba diving',
    'motorcycles',
    'pilates',
    'metal detecting',
    'geocaching',
    'marvel',
    'disney',
    'pokemon',
    'studio ghibli',
    'taylor swift',
    'opera',
    'true crime',
    'magic tricks',
    'model kits',
    'coin collecting',
    'stamp collecting',
    'sea glass',
    'film photography',
    'ham radio',
    'architecture',
    'backyard chickens',
    'foraging',
    'sushi',
    'ramen',
    'kombucha',
    'cheese making',
    'mocktails',
    'philosophy',
    'investing',
    'violin',
    'drums',
    'fantasy football',
    'karaoke',
    'boxing',
    'leather working',
    'cross-stitch',
    'van life',
    'beekeeping',
  ];
  it('each gets a pick said as a match for it, for an adult', () => {
    const missing: string[] = [];
    for (const interest of interests) {
      const r = index.rank({
        age: 35,
        relationship: 'friend',
        occasion: 'birthday',
        interests: [interest],
        budget: 150,
      });
      const met = r.gifts.filter(
        (g) =>
          g.reason
            .toLowerCase()
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .includes(interest) && !HEDGED.test(g.reason),
      );
      if (met.length === 0 || r.unmet.some((u) => u.kind === 'interest')) missing.push(interest);
    }
    expect(missing).toEqual([]);
  });

  it('"fantasy football" is one thing: the Harry Potter search word "fantasy" does not find a draft board', () => {
    expect(words('fantasy football league')).toEqual(['fantasyfootball', 'league']);
    const r = index.rank({
      age: 23,
      relationship: 'girlfriend',
      // $25: since round 38 a $30 Hogwarts scarf fits $40 (the test is of what the answer says when nothing does).
      budget: 25,
      interests: ['harry potter'],
      occasion: 'anniversary',
    });
    for (const g of r.gifts) expect(g.gift.id).not.toMatch(/fantasy-football/);
    // Nothing Harry Potter fits $25 for her, and the answer says so (a D&D set near "fantasy" is no match by name).
    expect(r.unmet.map((u) => u.kind)).toEqual(['budget']);
    const hot = index.rank({ age: 8, relationship: 'son', budget: 40, interests: ['hot wheels'] });
    for (const g of hot.gifts) expect(g.gift.id).not.toBe('cast-iron-skillet');
  });

  it('a niche item does not take a broad interest’s list (an egg basket for "cooking", a baseball book for "history")', () => {
    const niche = new Set([
      'wire-egg-collecting-basket',
      'bamboo-drawer-dividers',
      'mushroom-foraging-knife',
      'the-baseball-100-book',
      'bluetooth-sleep-headphones',
    ]);
    for (const interest of ['cooking', 'history', 'music', 'reading', 'home decor'])
      for (const age of [30, 60]) {
        const r = index.rank({ age, relationship: 'friend', interests: [interest], budget: 100 });
        for (const g of r.gifts) expect(niche.has(g.gift.id), `${interest}: ${g.gift.id}`).toBe(false);
      }
  });
});

describe('what the words around an interest say (held-out-3: a beading kit "for craft cocktails")', () => {
  it('"craft cocktails" is cocktails, not crafts; "wants to learn piano" is piano, not the learning tag', () => {
    expect([...readInterest('craft cocktails').interests.keys()]).toEqual(['cocktails']);
    const piano = readInterest('says she finally wants to learn piano');
    expect(piano.interests.has('learning')).toBe(false);
    expect(piano.interests.get('music')).toBe(1);
    for (const w of ['says', 'finally', 'wants', 'she']) expect(piano.terms).not.toContain(w);
    const r = index.rank({
      age: 40,
      relationship: "my sister's husband",
      occasion: 'Christmas',
      interests: ['Warhammer 40k', 'craft cocktails'],
      budget: 65,
    });
    for (const g of r.gifts)
      if (g.reason.includes('craft cocktails') && !HEDGED.test(g.reason))
        expect(g.gift.interests, `${g.gift.id}: ${g.reason}`).toContain('cocktails');
  });
});

describe('held-out-4, read again: what people say about a person', () => {
  it('a dog by its breed is a dog; national parks and audiobooks find theirs; "she\'s keto" gives the pronoun', () => {
    const dog = index.rank({
      age: 52,
      relationship: 'aunt',
      occasion: 'christmas',
      interests: ['her golden retriever, Biscuit'],
      budget: 45,
    });
    expect(dog.gifts.filter((g) => g.gift.interests.includes('dogs')).length).toBeGreaterThanOrEqual(2);
    expect(dog.unmet.map((u) => u.kind)).not.toContain('interest');
    const parks = index.rank({
      age: 67,
      relationship: 'father-in-law',
      occasion: 'retirement',
      interests: ['wants to visit every national park'],
      budget: 120,
    });
    expect(parks.gifts.slice(0, 2).map((g) => g.gift.id)).toContain('national-parks-annual-pass');
    expect(parks.unmet).toEqual([]);
    const audio = index.rank({
      age: 45,
      relationship: 'husband',
      interests: ['listens to audiobooks on his commute'],
      budget: 100,
    });
    expect(audio.gifts.map((g) => g.gift.id)).toContain('audiobook-subscription');
    const keto = index.rank({
      age: 30,
      relationship: 'my best friend',
      occasion: 'birthday',
      interests: ['crossfit'],
      budget: 50,
      exclude: ["she's keto, no sweets"],
    });
    expect(keto.gifts.map((g) => g.reason).join(' ')).not.toMatch(/\b(them|their)\b/);
    expect(readOccasion('welcome baby').occasion).toBe('new-baby');
  });
});

describe('two words that name one thing (held-out-4: WWII books "for Civil War history", a hunting beanie for sea glass)', () => {
  it('a Civil War is no World War, and "sea glass hunting" hunts no game', () => {
    const war = index.rank({
      age: 71,
      relationship: 'grandpa',
      occasion: 'birthday',
      interests: ['Civil War history'],
      budget: 80,
    });
    for (const g of war.gifts)
      if (/world war|wwii|spitfire|axis/i.test(`${g.gift.title} ${g.gift.description}`))
        expect(claims(g.reason, /civil war/i), g.reason).toBe(false);
    expect(readInterest('sea glass hunting').interests.has('camping')).toBe(false);
    const glass = index.rank({
      age: 41,
      relationship: 'cousin',
      occasion: 'christmas',
      interests: ['sea glass hunting'],
      budget: 30,
    });
    for (const g of glass.gifts) expect(g.gift.id).not.toBe('blaze-orange-beanie');
    // Deer hunting is still hunting.
    expect(readInterest('deer hunting').terms).toContain('hunting');
  });
});

describe('work words and the words around an instrument (held-out-4)', () => {
  it('"my direct report", "new hire on my team", "board chair of our nonprofit" are named, never "the person you are shopping for"', () => {
    for (const [relationship, said] of [
      ['my direct report, she just wrapped up a huge project', 'your direct report'],
      ['new hire on my team, starts monday', 'your new hire on your team'],
      ['board chair of our nonprofit', 'the board chair of your nonprofit'],
    ]) {
      const reasons = index
        .rank({ age: 40, relationship, occasion: 'thank you', budget: 50 })
        .gifts.map((g) => g.reason);
      expect(reasons.join(' '), relationship).not.toMatch(/person you are shopping for/);
      expect(reasons.join(' ').toLowerCase(), relationship).toContain(said);
      expect(['colleague', 'boss']).toContain(readRelationship(relationship)!.role);
    }
  });

  it('"plays drums in the school band" is drums: a "Suzuki Violin School" book is not said to be for it', () => {
    const r = index.rank({
      age: 14,
      relationship: 'my daughter',
      occasion: 'birthday',
      interests: ['plays drums in the school band'],
      budget: 100,
    });
    for (const g of r.gifts)
      if (/violin|ukulele|piano/i.test(g.gift.title)) expect(claims(g.reason, /drums/i), g.reason).toBe(false);
    expect(r.gifts[0]!.gift.id).toMatch(/drum|cajon/);
  });
});

describe('held-out-3, read again', () => {
  it('"training for her first marathon" is running, not trains; a "baby sprinkle" is a new baby', () => {
    const r = readInterest('training for her first marathon');
    expect(r.interests.get('running')).toBe(1);
    expect(r.terms).not.toContain('train');
    expect(readOccasion('baby sprinkle').occasion).toBe('new-baby');
  });
});

describe('exclusions as people type them (found grading held-out-2: "gluten free please" excluded nothing)', () => {
  const contents = (text: string) => readExclusions(text).flatMap((e) => e.contents);
  it('"X free", "allergic to X", "X allergy", diets and "doesn\'t drink" name what they rule out', () => {
    expect(contents('gluten free please')).toContain('gluten');
    expect(contents('gluten-free')).toContain('gluten');
    expect(contents('she is gluten free')).toContain('gluten');
    expect(contents('celiac')).toContain('gluten');
    expect(contents('dairy free')).toContain('dairy');
    expect(contents('lactose intolerant')).toContain('dairy');
    expect(contents('allergic to nuts')).toEqual(expect.arrayContaining(['nuts', 'peanuts']));
    expect(contents('peanut allergy')).toContain('peanuts');
    expect(contents('she does not drink')).toContain('alcohol');
    expect(contents("he doesn't drink")).toContain('alcohol');
    expect(contents('alcohol free')).toContain('alcohol');
    expect(readExclusions("doesn't drink coffee").flatMap((e) => e.interests)).toContain('coffee');
  });

  it('"she\'s keto, no sweets" rules out sweets: every clause that names a thing counts, a reason after a comma does not', () => {
    const sweets = readExclusions("she's keto, no sweets");
    expect(sweets.some((e) => e.textWords.includes('chocolate'))).toBe(true);
    expect(readExclusions('no food, everything tastes off to her').map((e) => e.word)).toEqual(['food']);
    const r = index.rank({
      age: 30,
      relationship: 'best friend',
      occasion: 'birthday',
      budget: 50,
      exclude: ["she's keto, no sweets"],
    });
    for (const g of r.gifts)
      expect(`${g.gift.title} ${g.gift.description}`).not.toMatch(/chocolate|candy|truffle|fudge|caramel|marshmallow/i);
    const gf = index.rank({
      age: 48,
      relationship: 'sister-in-law',
      interests: ['baking'],
      budget: 50,
      exclude: ['gluten free please'],
    });
    for (const g of gf.gifts) expect(g.gift.contains ?? []).not.toContain('gluten');
  });
});

describe('held-out-5 notes: what the user typed, said back right', () => {
  const reasons = (args: Parameters<typeof index.rank>[0]) => index.rank(args).gifts.map((g) => g.reason);
  it('an interest is what comes before its comma; "our", "my", "me" are said as "your", "you"; a "theater kid" is into theater', () => {
    const bowling = reasons({
      age: 44,
      relationship: 'husband',
      occasion: 'christmas',
      interests: ["bowling, he's in a tuesday night league"],
      budget: 150,
    }).join(' ');
    expect(bowling).not.toMatch(/tuesday|he's in/);
    expect(bowling).toMatch(/bowling/);
    const gym = reasons({
      age: 31,
      relationship: 'boyfriend',
      interests: ['working out in our garage gym'],
      budget: 100,
    }).join(' ');
    expect(gym).not.toMatch(/\bour\b/);
    const baking = reasons({
      age: 8,
      relationship: 'daughter',
      occasion: 'birthday',
      interests: ['baking with me'],
      budget: 80,
    }).join(' ');
    expect(baking).not.toMatch(/\bme\b/);
    const theater = reasons({
      age: 17,
      relationship: 'niece',
      occasion: 'birthday',
      interests: ["theater kid, she's in every school musical"],
      budget: 50,
    }).join(' ');
    expect(theater).not.toMatch(/theater kid|school musical/);
    expect(reasons({ age: 10, relationship: 'nephew', interests: ['nerf wars'], budget: 40 }).join(' ')).toMatch(
      /Nerf/,
    );
  });

  it('plural people take plural verbs; a clause is never followed by "that …"; a team is your team; a work anniversary is no couple', () => {
    const teachers = reasons({
      age: 42,
      relationship: "my son's daycare teachers (3 of them)",
      occasion: 'holidays',
      budget: 60,
    }).join(' ');
    expect(teachers).not.toMatch(/teachers gets/);
    const neighbors = reasons({
      age: 56,
      relationship: 'our neighbors across the street, married 30 years',
      occasion: 'vow renewal',
      budget: 80,
    }).join(' ');
    expect(neighbors).not.toMatch(/neighbor's|neighbors gets/);
    const prof = reasons({
      age: 58,
      relationship: 'my old professor who wrote my grad school recommendations',
      occasion: 'thank you',
    });
    expect(prof.join(' ')).not.toMatch(/recommendations that/);
    const team = reasons({
      age: 35,
      relationship: 'my team at work (8 people)',
      occasion: 'end of year team gift',
      budget: 100,
    }).join(' ');
    expect(team).not.toMatch(/person you are shopping for/);
    const work = index.rank({ age: 47, relationship: 'coworker', occasion: '10 year work anniversary', budget: 30 });
    for (const g of work.gifts) expect(g.reason).not.toMatch(/two of them|the couple|you both/);
  });

  it('a deed never invents what the person owns: a tuner tunes their instrument, not "her violin, ukulele or bass"', () => {
    const r = reasons({
      age: 50,
      relationship: 'aunt',
      occasion: 'birthday',
      interests: ['just started learning ukulele'],
      budget: 50,
    }).join(' ');
    expect(r).not.toMatch(/violin, ukulele or bass/);
    const uke = index.rank({ age: 50, relationship: 'aunt', interests: ['just started learning ukulele'], budget: 50 });
    for (const g of uke.gifts)
      if (!/ukulele|uke|tuner/i.test(`${g.gift.title} ${g.gift.description}`))
        expect(claims(g.reason, /ukulele/i), g.reason).toBe(false);
  });
});

describe('the property "each servable phrase is met" (two counterexamples fast-check found in CI)', () => {
  it('a phrase is covered by a pick that meets it by name, not one near it by text (a serving board for "sourdough baking")', () => {
    const q = {
      age: 43,
      relationship: 'my cousin and her fiancé',
      budget: 252,
      interests: ['gadgets', 'skincare', 'sourdough baking'],
      occasion: '40th anniversary',
      exclude: ['nuts', 'gluten'],
      count: 3,
    };
    const list = index.rank(q).gifts.map((g) => g.gift);
    expect(unservedInterests(catalog, q, list).unserved).toEqual([]);
  });

  it('a phrase only one kind can serve is not "left out" when that kind already serves another (one drinks book for wine and cocktails)', () => {
    const q = {
      age: 31,
      relationship: 'partner',
      budget: 29,
      interests: ['cocktails', 'wine', 'running'],
      occasion: 'farewell',
      count: 4,
    };
    const list = index.rank(q).gifts.map((g) => g.gift);
    expect(list.some((g) => g.kind === 'drinks-book')).toBe(true);
    expect(unservedInterests(catalog, q, list).unserved).toEqual([]);
  });
});
