// Reasons, round 9 (issue 25): what held-out-11's judges graded 0, each tried on wordings of its own (not the
// held-out requests), so a fix holds for the kind of request rather than for one sentence.
import { describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';

const catalog = loadBundledCatalog();
const index = GiftIndex.build(catalog);
const reasons = (args: Record<string, unknown>) =>
  index.rank({ count: 5, ...args } as never).gifts.map((g) => g.reason);

describe('the person, named as a sentence names them', () => {
  it('"a family from our mosque" is "the family from your mosque", never "the a family"', () => {
    for (const relationship of [
      'a family from our mosque, they just arrived',
      'a couple from our church who just moved here',
      'an old man from my building',
    ]) {
      const all = reasons({ age: 40, relationship, occasion: 'welcome gift', budget: 60 }).join('\n');
      expect(all, relationship).not.toMatch(/\b[Tt]he an? /);
    }
  });

  it('a lady or a woman is who the gift is for, whoever the clause after her mentions (not the user\'s son: never "him")', () => {
    const lady = reasons({
      age: 62,
      relationship: "the crossing guard lady who walks my son across every morning so he's safe",
      occasion: 'end of school year',
      budget: 25,
    }).join('\n');
    // The user's own clause, echoed, keeps its "he" (the son); what the reasons say of her does not.
    expect(lady.replaceAll("your son across every morning so he's safe", '')).not.toMatch(/\b(?:him|his|he)\b/);
    expect(lady).toMatch(/\bher\b/);
    const woman = reasons({
      age: 57,
      relationship: 'the woman whose bakery i am taking over, she trained me for a month',
      occasion: 'thank you',
      budget: 50,
    }).join('\n');
    // Read as someone (a woman), not left as "the woman" with "their": her own pronouns, her clause kept.
    expect(woman).toMatch(/\bwhose bakery you are taking over\b/);
    expect(woman).not.toMatch(/\btheir\b/);
  });

  it('degrees and places the user typed in lower case are written as names ("PhD", "Nagoya")', () => {
    const phd = reasons({ age: 29, relationship: 'my phd advisor', occasion: 'thank you', budget: 60 }).join('\n');
    expect(phd).toMatch(/\bPhD advisor\b/);
    expect(phd).not.toMatch(/\bphd\b/);
    const place = reasons({ age: 45, relationship: 'our supplier in yokohama', budget: 80 }).join('\n');
    expect(place).toMatch(/\bYokohama\b/);
  });
});

describe("the user's words said as a sentence says them", () => {
  it('a verb after an adverb is still a verb ("still plays minecraft"), said as its -ing form where a noun goes', () => {
    for (const interests of [
      ['still plays minecraft every weekend'],
      ['always bakes sourdough on sundays'],
      ['still plays the sims'],
    ]) {
      const all = reasons({ age: 70, relationship: 'mom', occasion: 'christmas', interests }).join('\n');
      expect(all, interests[0]).not.toMatch(/(?:into|enjoys|than|[Bb]eyond|for|from) (?:still|always)\b/);
    }
  });

  it('a second verb takes the -ing form with the first ("going to every home game and keeping the stats")', () => {
    const all = reasons({
      age: 66,
      relationship: 'grandpa',
      occasion: 'birthday',
      interests: ['goes to every home game and keeps the stats in a notebook'],
      budget: 45,
    }).join('\n');
    expect(all).not.toMatch(/going to [^.]* and keeps\b/);
    expect(all).not.toMatch(/into goes|enjoys goes/);
  });

  it('a position someone holds is said with "is a" ("is a goalie for her hockey team"), never "into goalie"', () => {
    for (const [relationship, interests] of [
      ['niece', ['goalie for her hockey team']],
      ['son', ['drummer in a garage band']],
    ] as const) {
      const all = reasons({ age: 14, relationship, interests: [...interests], budget: 50 }).join('\n');
      expect(all, interests[0]).not.toMatch(/(?:into|enjoys|than|[Bb]eyond) (?:goalie|drummer)\b/);
    }
  });
});

describe('occasions as the user lives them', () => {
  it('"my last day": the user is leaving, so the gift thanks those who stay (no "next stop" for them)', () => {
    const all = reasons({
      age: 41,
      relationship: 'my coworkers in the lab',
      occasion: 'my last day at the company',
      budget: 50,
    }).join('\n');
    expect(all).toMatch(/\bgoodbye\b/);
    expect(all).not.toMatch(/next (?:stop|desk|job|chapter)|new (?:commute|job|colleagues|neighbo)|farewell/);
  });

  it('an anniversary keepsake for an unmarried couple does not presume a wedding night', () => {
    const star = catalog.find((g) => g.id === 'custom-star-map-print')!;
    expect(star.marks?.anniversary).toBeDefined();
    expect(star.marks!.anniversary).not.toMatch(/wedding/);
    const all = reasons({ age: 27, relationship: 'my boyfriend', occasion: 'our 3 year anniversary', budget: 80 });
    expect(all.join('\n')).not.toMatch(/wedding/);
  });
});

describe('what a deed says of the person is what any recipient of the gift can be', () => {
  it('no deed or occasion line presumes a trait, a vehicle or a listener the user never named', () => {
    const PRESUMES =
      /someone who never (?:stops|takes a break)|van, boat|read aloud,? a chapter a night|easy first instrument|long travel days and moves/;
    const lines = catalog.flatMap((g) => [
      g.does ?? '',
      ...Object.values(g.marks ?? {}),
      ...Object.values(g.serves ?? {}),
    ]);
    expect(lines.filter((l) => PRESUMES.test(l))).toEqual([]);
  });
});

describe("held-out-12's zeros, each on wordings of its own", () => {
  it('no "\'s" after words that follow the person ("the coach you played for\'s", "… from Japan\'s")', () => {
    for (const [relationship, occasion] of [
      ['the coach i played for in college', 'retirement party'],
      ['our exchange student from japan', 'birthday'],
      ['the neighbor we shared a fence with', 'farewell'],
    ]) {
      const all = reasons({ age: 40, relationship, occasion, budget: 50 }).join('\n');
      expect(all, relationship).not.toMatch(
        /\b(?:for|from|with|in|at)'s\b|\b[A-Z][a-z]+'s (?:retirement|birthday|farewell)\b/,
      );
    }
  });

  it('"just learning to ride a bike" is a situation ("is just learning"), never "who just learning"', () => {
    const all = reasons({
      age: 6,
      relationship: 'nephew',
      occasion: 'birthday',
      interests: ['just learning to ride a bike', 'dinosaurs'],
      budget: 40,
    }).join('\n');
    expect(all).toMatch(/who is just learning to ride a bike/);
    expect(all).not.toMatch(/(?:who|nephew) just learning/);
  });

  it('a title ending in a number is no verb ("halo 3"), and Roman numerals and known names keep their capitals', () => {
    const all = reasons({ age: 19, relationship: 'brother', interests: ['halo 3', 'final fantasy xiv raiding'] }).join(
      '\n',
    );
    expect(all).not.toMatch(/your brother halo/i);
    expect(all).not.toMatch(/fantasy xiv/);
    const gate = reasons({ age: 24, relationship: 'girlfriend', interests: ['baldurs gate 3'], budget: 60 }).join('\n');
    expect(gate).not.toMatch(/girlfriend baldur/i);
  });

  it('a lady friend is a woman wherever she is ("my uncle\'s lady friend from his church": her, never him)', () => {
    const all = reasons({
      age: 80,
      relationship: "my uncle's lady friend from his church",
      occasion: 'christmas',
      budget: 15,
    });
    expect(all.join('\n')).not.toMatch(/\b(?:him|his)\b(?! church)/);
    expect(all.join('\n')).toMatch(/\bher\b/);
  });

  it('places, languages and letters typed in lower case are written as names (Riyadh, Tamil, ASL)', () => {
    expect(reasons({ age: 50, relationship: 'our client in riyadh', budget: 100 }).join('\n')).toMatch(/\bRiyadh\b/);
    expect(reasons({ age: 45, relationship: 'aunt', interests: ['tamil movies'], budget: 40 }).join('\n')).not.toMatch(
      /\btamil\b/,
    );
    expect(reasons({ age: 36, relationship: 'the asl teacher at my school', budget: 40 }).join('\n')).toMatch(
      /\bASL teacher\b/,
    );
  });

  it('"teaching herself ukulele off youtube": she learns it; no teacher, no video creator in what it means', async () => {
    const { parseQuery } = await import('../dist/recommend/score.js');
    const [reading] = parseQuery({
      age: 30,
      relationship: 'wife',
      interests: ['teaching herself ukulele off youtube'],
    }).interests;
    expect(reading!.terms).not.toContain('teacher');
    expect(reading!.terms).not.toContain('creator');
    expect(reading!.terms).toContain('ukulele');
  });
});

describe('a farewell says a move only when the user does', () => {
  it('someone retiring or stepping down goes nowhere ("the next stop", "the move" were graded 0); a move keeps its lines', () => {
    for (const relationship of [
      "my manager, she's retiring after 30 years at the company",
      "the principal at my kids school, he's stepping down",
    ]) {
      const all = reasons({ age: 60, relationship, occasion: 'farewell lunch', budget: 60 }).join('\n');
      expect(all, relationship).not.toMatch(
        /next stop|the move|journey|new neighbou?rs|new commute|next desk|somewhere new/,
      );
    }
    const moving = reasons({
      age: 29,
      relationship: 'coworker who is moving to Denver',
      occasion: 'farewell',
      budget: 40,
    });
    expect(moving.join('\n')).toMatch(/next desk|the move|journey|new commute|new neighbou?rs/);
  });
});

describe('occasions people name by their own name', () => {
  it('"sweet 16" and "sweet sixteen" are a sixteenth birthday, not an occasion it could not tell', () => {
    for (const occasion of ['sweet 16', 'her sweet sixteen party']) {
      const r = index.rank({ count: 5, age: 16, relationship: 'niece', occasion, budget: 60 } as never);
      expect(r.occasion, occasion).toBe('birthday');
      expect(r.unmet.map((u) => u.message).join('\n'), occasion).not.toMatch(/Could not tell which occasion/);
      expect(r.gifts.map((g) => g.reason).join('\n'), occasion).toMatch(/16th birthday/);
    }
  });
});

describe('a game by name is met only by what names it', () => {
  it('"minecraft", "fortnite": a gaming pick that does not name the game is said as broader, never "because … into Minecraft"', () => {
    for (const [game, budget] of [
      ['minecraft', 30],
      ['fortnite', 40],
    ] as const) {
      const picks = index.rank({
        count: 5,
        age: 12,
        relationship: 'grandson',
        interests: [game],
        budget,
      } as never).gifts;
      for (const g of picks) {
        if (new RegExp(game, 'i').test(`${g.gift.title} ${g.gift.description}`)) continue;
        expect(g.reason, `${game}: ${g.gift.id}`).not.toMatch(new RegExp(`(?:into|enjoys) ${game}\\b`, 'i'));
      }
    }
  });
});

describe('what the person owns is loved, not "into"', () => {
  it('"her roses", "his old truck": "loves her roses", never "is into her roses" or "enjoys his old truck"', () => {
    for (const [relationship, interests] of [
      ['grandma', ['her roses']],
      ['dad', ['his old truck']],
    ] as const) {
      const all = reasons({ age: 68, relationship, occasion: 'birthday', interests: [...interests], budget: 60 }).join(
        '\n',
      );
      expect(all, interests[0]).not.toMatch(/(?:into|enjoys) (?:her|his) /);
    }
  });
});

describe('the words of a clause about the person, said to the user', () => {
  it('holidays keep their capitals ("Christmas Eve", "Thanksgiving") and "us" after a verb is "you" ("gave you a ride")', () => {
    const eve = reasons({
      age: 50,
      relationship: 'the plumber who came out on christmas eve',
      occasion: 'thank you',
      budget: 40,
    });
    expect(eve.join('\n')).toMatch(/Christmas Eve/);
    const ride = reasons({
      age: 66,
      relationship: 'the neighbor who gave us a ride to the airport at thanksgiving',
      occasion: 'thank you',
      budget: 40,
    }).join('\n');
    expect(ride).toMatch(/gave you a ride/);
    expect(ride).toMatch(/Thanksgiving/);
    expect(ride).not.toMatch(/gave us\b/);
    // "US" the country is left alone.
    expect(reasons({ age: 45, relationship: 'a US citizen friend', budget: 30 }).join('\n')).toMatch(/US citizen/);
  });
});
