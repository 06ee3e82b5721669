// Interests, round 8 (issue 25): phrasings held-out-2…7 typed that matched nothing although the catalog has the
// gifts (93 of 277 stated interests got "nothing in the catalog matches"; 40 still do, where it has none).
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { readInterest } from '../dist/recommend/vocabulary.js';

const index = GiftIndex.build(loadBundledCatalog());
const stated = (typed: string) =>
  [...readInterest(typed).interests].filter(([, weight]) => weight === 1).map(([interest]) => interest);

describe('a phrase that opens with a verb names the hobby the verb does', () => {
  it.each([
    ['reads a ton, mostly romantasy', ['reading']],
    ['she bakes bread every weekend', ['baking']],
    ['knits hats for everyone', ['knitting']],
    ['fishes every weekend', ['fishing']],
    ['paints watercolors', ['painting']],
    ['runs marathons', ['running']],
  ])('%s → %j', (typed, interests) => {
    expect(stated(typed)).toEqual(interests);
  });

  it('how much, when and for whom do not narrow the search ("a ton", "every weekend", "for everyone")', () => {
    expect(readInterest('reads a ton').terms).toEqual([]);
    expect(readInterest('fishes every weekend').terms).toEqual([]);
    expect(readInterest('knits hats for everyone').terms).toEqual(['hats']);
    expect(readInterest('training for her 3rd triathalon').terms).toEqual([]);
  });

  it('what someone rides is the interest, not the catalog\'s horse riding ("rides dirt bikes")', () => {
    expect(readInterest('rides dirt bikes with his dad').interests.has('horses')).toBe(false);
    const gifts = index.rank({
      age: 17,
      relationship: 'stepson',
      interests: ['rides dirt bikes with his dad'],
      count: 5,
    });
    expect(gifts.gifts.map((g) => g.gift.id).filter((id) => id.includes('horse'))).toEqual([]);
  });

  it('a noun that ends in s is not read as a verb past the phrase\'s first word ("loves dogs")', () => {
    expect(stated('loves dogs')).toEqual(['dogs']);
    expect(stated('leaves')).toEqual([]);
  });
});

describe('named activities whose gear the catalog carries are met by it', () => {
  const cases: [typed: string, age: number, expected: string][] = [
    ['ties his own flies', 74, 'fly-tying-kit'],
    ['roses, she has like 40 bushes', 68, 'ergonomic-garden-tool-set'],
    ['collects fountain pens', 35, 'fountain-pen-starter-set'],
    ['never misses Jeopardy', 70, 'trivia-party-game'],
    ['hosts poker night with his buddies', 63, 'clay-poker-chip-set'],
    ['speedcubing', 29, 'speed-cube-puzzle'],
    ['training for her 3rd triathalon', 40, 'bike-repair-tool-kit'],
    ['loves bubbles and being outside', 3, 'bubble-machine'],
    ['makes handmade greeting cards with rubber stamps', 64, 'wax-seal-stamp-kit'],
  ];
  it.each(cases)('%s (age %i) → %s, with no "nothing matches" note', (typed, age, expected) => {
    const r = index.rank({ age, relationship: 'friend', occasion: 'birthday', interests: [typed], count: 5 });
    expect(r.gifts.map((g) => g.gift.id)).toContain(expected);
    expect(r.unmet.filter((u) => u.kind === 'interest')).toEqual([]);
  });

  // Welding was the first such activity until round 68 gave the catalog welding gear (rank-round68 tests it met).
  it('an activity the catalog has no gear for still says so (blacksmithing, FPV drones)', () => {
    for (const typed of ['blacksmithing, he has a forge in the barn', 'flies fpv drones']) {
      const r = index.rank({ age: 40, relationship: 'husband', interests: [typed], budget: 120, count: 5 });
      expect(r.unmet.map((u) => u.message).join(' '), typed).toMatch(/Nothing in the catalog matches/);
    }
  });
});

describe('a verb phrase is said as one (held-out-8: "who\'s into roasts his own coffee beans", graded 0 by both judges)', () => {
  const reasons = (relationship: string, interest: string, age = 40) =>
    index.rank({ age, relationship, interests: [interest], budget: 60, count: 5 }).gifts.map((g) => g.reason);

  it.each([
    ['brother', 'roasts his own coffee beans', /roasting his own coffee beans|roasts his own coffee beans/],
    ['aunt', 'cans everything from her garden', /canning everything from her garden|cans everything from her garden/],
  ])('%s who %s', (relationship, interest, said) => {
    const all = reasons(relationship, interest).join('\n');
    expect(all).toMatch(said);
    expect(all).not.toMatch(/into (?:roasts|cans)|(?:beyond|than|from) (?:roasts|cans)\b/);
  });

  it('"obsessed w" is "obsessed with", and a film called "demon hunters" is not hunting', () => {
    const all = reasons('niece', 'obsessed w K-pop demon hunters', 10);
    expect(all.join('\n')).not.toMatch(/obsessed w\b/);
    expect(readInterest('obsessed w K-pop demon hunters').interests.has('fishing')).toBe(false);
    for (const r of all) expect(r).not.toMatch(/treasure hunts|hidden caches/);
  });

  it('a plural noun before "and" stays a noun ("dogs and cats")', () => {
    expect(reasons('dad', 'dogs and cats', 60).join('\n')).toMatch(/into dogs and cats/);
  });
});

describe('a match is claimed only where the pick says what the user named (held-out-8: 34 claims graded 0 by both judges)', () => {
  const CLAIMED = /[Pp]icked because|a good fit for|[Ss]ince your|, so this|, who(?:'s| is)? |enjoys/;
  const HEDGED = /Not strictly for|[Bb]eyond|[Bb]roader than|apart from|loosely tied|a step away/;
  const reasonOf = (args: Record<string, unknown>, id: string) =>
    index.rank({ count: 5, ...args } as never).gifts.find((g) => g.gift.id === id)?.reason;

  it.each([
    // A title is not its genre: a Pokémon game and a gaming mouse are not for Elden Ring.
    [
      { age: 26, relationship: 'boyfriend', interests: ['elden ring'], budget: 90 },
      'pokemon-switch-game',
      'Elden Ring',
    ],
    // A word before the tag narrows it: Mary Oliver is poetry, not Persian poetry; a DNA kit is not WW2 history.
    [
      { age: 63, relationship: 'mom', interests: ['persian poetry, esp hafez'], budget: 60 },
      'mary-oliver-devotions',
      'Persian poetry',
    ],
    [{ age: 70, relationship: 'dad', interests: ['ww2 history, esp the pacific'] }, 'ancestry-dna-kit', 'WW2 history'],
    // A phrase that states no tag is met by what it names: a fabric shaver is not for a Pyrex collector.
    [
      { age: 55, relationship: 'wife', interests: ['collects vintage pyrex'], budget: 80 },
      'rechargeable-fabric-shaver',
      'Pyrex',
    ],
  ])('%o: %s is not claimed for %s', (args, id, named) => {
    const reason = reasonOf(args, id);
    if (reason === undefined) return; // not in the list at all is fine too
    if (reason.includes(named)) expect(reason).toMatch(HEDGED);
    else expect(reason).not.toMatch(CLAIMED);
  });

  it('the pick that says it is still claimed: a WWII Spitfire model for WW2 history, a 35 mm camera for film photography', () => {
    const spitfire = reasonOf(
      { age: 70, relationship: 'dad', occasion: 'fathers day', interests: ['ww2 history, esp the pacific'] },
      'spitfire-scale-model-kit',
    );
    expect(spitfire).toMatch(/WW2 history/);
    expect(spitfire).not.toMatch(HEDGED);
    const film = index.rank({ age: 30, relationship: 'friend', interests: ['film photography'], count: 5 });
    expect(film.unmet).toEqual([]);
  });
});

describe("the user's words said with the capitals a sentence gives them", () => {
  it.each([
    ['real madrid', 'Real Madrid'],
    ['trips to mexico city', 'trips to Mexico City'],
    ['muay thai', 'Muay Thai'],
    ['ww2 history', 'WW2 history'],
    ['plays fifa on his ps5', 'plays FIFA on his PS5'],
    ['bollywood dance classes', 'Bollywood dance classes'],
    ['deer hunting every november', 'deer hunting every November'],
    ['may flowers', 'may flowers'],
  ])('%s → %s', (typed, shown) => {
    expect(readInterest(typed).shown).toBe(shown);
  });
});
