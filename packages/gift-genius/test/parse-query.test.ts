// parseQuery reads the request's fields one by one, each kept per text (issue 24: joining them into one string
// per request cost ~2 of its ~5 µs). What it reads must be what the joined text says: pronouns over the
// relationship, interests and exclusions, then (round 37) those the occasion's clauses start with when those say
// none and the relationship names no one else; medical work over the relationship, interests and occasion only.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery, relationshipReading } from '../dist/recommend/score.js';
import { readRelationship } from '../dist/recommend/vocabulary.js';

const HE = /\b(he|him|his|he's|himself)\b/i;
const SHE = /\b(she|her|hers|she's|herself)\b/i;
const MEDICAL =
  /\b(nurses?|nursing|doctors?|medical|medicine|hospital|icu|er|rn|paramedics?|physicians?|surgeons?|residency|med school|emt|cna)\b/i;

const WORDS = [
  'he',
  "She's",
  'his',
  'her',
  'nurse',
  'ER',
  'doctor',
  'coffee',
  'friend',
  'hiking',
  'no',
  'gluten',
  'mom',
];
// The occasion's reading, written apart from the code's: the pronouns its clauses start with, one gender's only.
const CLAUSE_START = /(?:^|[,;(:]\s*)(?:(she|her|she's|shes)|he|his|he's|hes)\b/gi;
const OTHER_PERSON =
  /\w(?:'s|s')(?:\s|$)|\b(?:son|daughter|kid|child|wife|husband|mom|mum|dad|mother|father|brother|sister|niece|nephew|grand\w*|girlfriend|boyfriend|fianc\w*|partner|baby|friends|parents)s?\b/i;
const occasionGender = (relationship: string, occasion: string | undefined) => {
  if (!occasion || readRelationship(relationship)?.gender || OTHER_PERSON.test(relationship)) return undefined;
  let he = false;
  let she = false;
  for (const m of occasion.matchAll(CLAUSE_START)) m[1] ? (she = true) : (he = true);
  return he === she ? undefined : he ? 'male' : 'female';
};

const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));

describe('parseQuery reads fields one by one as the joined text reads', () => {
  it('pronouns and medical work (property)', () => {
    fc.assert(
      fc.property(
        text,
        fc.array(text, { maxLength: 3 }),
        fc.array(text, { maxLength: 2 }),
        fc.option(text, { nil: undefined }),
        (relationship, interests, exclude, occasion) => {
          const q = parseQuery({ age: 40, relationship, interests, exclude, occasion });
          const said = [relationship, ...interests, ...exclude].join(' ');
          const he = HE.test(said);
          const she = SHE.test(said);
          const fromOccasion = he || she ? undefined : occasionGender(relationship, occasion);
          expect(q.saidGender).toBe(he === she ? fromOccasion : he ? 'male' : 'female');
          expect(q.medical).toBe(MEDICAL.test(`${relationship} ${interests.join(' ')} ${occasion ?? ''}`));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('an exclusion that names medical work does not make the person a medic', () => {
    expect(parseQuery({ age: 40, relationship: 'my aunt', exclude: ['no nurse stuff'] }).medical).toBe(false);
    expect(parseQuery({ age: 40, relationship: 'my aunt', occasion: 'nursing school graduation' }).medical).toBe(true);
  });

  it("the answer's summary reads the relationship through the same kept reading as the ranking", () => {
    const text = 'my wifes dad';
    expect(relationshipReading(text)).toBe(relationshipReading(text));
    expect(relationshipReading(text)).toBe(parseQuery({ age: 60, relationship: text }).relationship);
    expect(relationshipReading(text)).toEqual(readRelationship(text));
  });
});
