import type { Occasion } from '../catalog/schema.js';
import { MET, type Pick } from './candidates.js';
import { BoundedMemo } from './memo.js';
import type { UnmetKind } from './result.js';
import type { ParsedQuery } from './score.js';

/*
 * Reasons: one or two sentences that tie an item to the facts the user gave, in the user's own words
 * (quoted when they are a phrase), and claim only what holds: an interest when a stated interest or a strong
 * text match ties it, the relationship or occasion only when the item is tagged for it. Wording varies
 * deterministically by item and position, so five reasons do not read as one template.
 */

const articles = new BoundedMemo<string, 'a' | 'an'>(256); // words are occasion names and a few adjectives
const article = (word: string) =>
  articles.get(word, () =>
    /^(8|11|18)/.test(word) || (/^[aeiou]/i.test(word) && !/^(uni|use|one|eu)/i.test(word)) ? 'an' : 'a',
  );
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const money = (n: number) => (Number.isInteger(n) ? `$${n}` : `$${n.toFixed(2)}`);

/** FNV-1a of `${id}|${position}`, hashed in place (no string made per reason). */
function seedOf(id: string, position: number): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  h = Math.imul(h ^ 124, 16777619); // '|'
  const digits = String(position);
  for (let i = 0; i < digits.length; i++) h = Math.imul(h ^ digits.charCodeAt(i), 16777619);
  return h >>> 0;
}
const pick = <T>(options: readonly T[], seed: number): T => options[seed % options.length]!;

/** "your sister", "your wife's dad"; "them" when the relationship was not understood. */
export function recipient(q: ParsedQuery): string {
  return q.relationship ? `your ${q.relationship.noun}` : 'them';
}

const OCCASION_NAMES = new Map<Occasion, string>([
  ['birthday', 'birthday'],
  ['christmas', 'Christmas'],
  ['hanukkah', 'Hanukkah'],
  ['anniversary', 'anniversary'],
  ['wedding', 'wedding'],
  ['housewarming', 'housewarming'],
  ['graduation', 'graduation'],
  ['valentines', "Valentine's Day"],
  ['mothers-day', "Mother's Day"],
  ['fathers-day', "Father's Day"],
  ['thank-you', 'thank-you'],
  ['retirement', 'retirement'],
  ['new-baby', 'new-baby'],
  ['get-well', 'get-well'],
  ['just-because', 'just-because'],
  ['secret-santa', 'Secret Santa'],
  ['farewell', 'farewell'],
  ['dinner-party', 'dinner party'],
]);

/** "50th birthday", "high school graduation", or the canonical name. */
function occasionName(q: ParsedQuery): string {
  const o = q.occasion!;
  const name = o.named ?? OCCASION_NAMES.get(o.occasion!)!;
  if (o.milestone !== undefined && (o.occasion === 'birthday' || o.occasion === 'anniversary'))
    return `${ordinal(o.milestone)} ${name}`;
  if (o.stage === 'send-off') return 'college send-off';
  if (o.occasion === 'graduation' && o.stage) return `${o.stage === 'school' ? 'high school' : 'college'} graduation`;
  return name;
}

const ORDINAL_WORDS = [
  'zeroth',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
];
function ordinal(n: number): string {
  if (n <= 10) return ORDINAL_WORDS[n]!;
  const s =
    n % 100 >= 11 && n % 100 <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${s}`;
}

/** Occasions that read as a day to look back on, and ones that read as a noun after "your sister's". */
const LASTING = new Set<Occasion>([
  'birthday',
  'christmas',
  'hanukkah',
  'anniversary',
  'graduation',
  'wedding',
  'retirement',
  'valentines',
  'mothers-day',
  'fathers-day',
]);
const NOMINAL = new Set<Occasion>([
  'birthday',
  'anniversary',
  'graduation',
  'wedding',
  'retirement',
  'housewarming',
  'farewell',
]);

const AGE_WORDS = new Map([
  ['toddler', 'a toddler'],
  ['child', 'a child of that age'],
  ['teen', 'a teenager'],
  ['young adult', 'someone in their twenties'],
  ['adult', ''],
  ['senior', ''],
]);

/**
 * Whether the gift carries the interest in the user's own words (its tag, or its tag's plural): a tag with
 * its hyphens read as spaces equals the phrase, or the phrase less a final "s". Compared character by
 * character: a replace per tag per call cost about 0.1 µs each, a request's reasons make dozens.
 */
function carries(gift: Pick['gift'], phrase: string): boolean {
  for (const tag of gift.interests) {
    const n = tag.length;
    if (phrase.length !== n && !(phrase.length === n + 1 && phrase.charCodeAt(n) === 115)) continue; // 's'
    let same = true;
    for (let i = 0; i < n && same; i++) {
      const c = tag.charCodeAt(i);
      same = (c === 45 ? 32 : c) === phrase.charCodeAt(i); // '-' read as ' '
    }
    if (same) return true;
  }
  return false;
}

/*
 * The wordings a reason picks from, as functions: only the picked one is built (building every option and
 * keeping one was a third of a reason's cost, most of it string concatenation).
 */
type Wording = (phrase: string, also: () => string) => string;
const DIRECT: readonly Wording[] = [
  (phrase, also) => `Picked for ${phrase}${also()}`,
  (phrase) => `A direct match for ${phrase}`,
  (phrase) => `Chosen with ${phrase} in mind`,
  (phrase) => `Ties straight in with ${phrase}`,
];
const FITTING = ['a fitting', 'a natural', 'an easy'];
type Phrasing = (who: string, detail: string) => string;
const ROLE_ONLY: readonly Phrasing[] = [
  (who, warm) => `${capital(article(warm))} ${warm} pick for ${who}`,
  (who) => `Right in register for ${who}`,
  (who) => `A gift that suits ${who} well`,
];
const PLAIN: readonly Phrasing[] = [
  (who) => `A broadly well-liked gift that suits ${who}`,
  (who) => `A safe, well-liked choice for ${who}`,
];

export function reasonFor(s: Pick, q: ParsedQuery, position: number): string {
  const seed = seedOf(s.gift.id, position);
  const who = recipient(q);
  let line: string | undefined;
  // The interest the item fits best, if it truly fits.
  let best = -1;
  for (let p = 0; p < s.phraseRel.length; p++) {
    const r = s.phraseRel[p]!;
    if (r >= MET && (best < 0 || r > s.phraseRel[best]!)) best = p;
  }
  const occasion = s.occasionFits && q.occasion?.occasion ? occasionName(q) : undefined;
  if (best >= 0) {
    const phrase = `“${q.interests[best]!.phrase}”`;
    const reading = q.interests[best]!;
    const exact = carries(s.gift, reading.phrase);
    if (s.phraseRel[best]! >= 0.9 || exact) {
      // The item carries the interest and the user's own words: say so plainly.
      line = pick(DIRECT, seed)(phrase, () => alsoMet(s, q, best));
    } else {
      // A tag match only (a jigsaw for "crossword puzzles"): name what it shares, not more.
      const shared = s.gift.interests.find((i) => q.interests[best]!.interests.get(i) === 1);
      line = shared
        ? `Suits someone into ${INTEREST_NOUN.get(shared) ?? shared.replace(/-/g, ' ')}, as ${phrase} suggests`
        : `A good fit for ${phrase}`;
    }
  } else {
    // Near an interest: a related tag, or its words in the text at least half as strongly as a real match
    // (one incidental word, "build confidence" for "building things", is not near). Named: the nearest phrase.
    let near = -1;
    for (let p = 0; p < s.phraseRel.length; p++)
      if (s.phraseRel[p]! >= NEAR && (near < 0 || s.phraseRel[p]! > s.phraseRel[near]!)) near = p;
    if (near >= 0) line = `Close to “${q.interests[near]!.phrase}” without being a direct match`;
  }
  if (occasion) {
    const o0 = q.occasion!.occasion!;
    if (line) line = `${line}, and ${pick(FITTING, seed >>> 3)} ${occasion} gift for ${who}`;
    else {
      // The options in order: fitting, then lasting (some occasions), then nominal (some occasions).
      const lasting = LASTING.has(o0) && lasts(s.gift),
        nominal = NOMINAL.has(o0);
      const at = (seed >>> 3) % (1 + (lasting ? 1 : 0) + (nominal ? 1 : 0));
      if (at === 0) line = `A fitting ${occasion} gift for ${who}`;
      else if (at === 1 && lasting)
        line = `${capital(`${article(occasion)} ${occasion} gift`)} ${who === 'them' ? 'they' : who} can enjoy long after the day`;
      else line = `Well suited to ${who}'s ${occasion}`.replace("them's", 'their');
    }
  } else if (s.roleFits && q.relationship) {
    const role = q.relationship.role;
    const warm =
      role === 'partner'
        ? 'personal'
        : role === 'colleague' || role === 'boss'
          ? 'thoughtful but not too personal'
          : role === 'host' || role === 'neighbor'
            ? 'gracious'
            : role === 'teacher'
              ? 'appreciative'
              : 'well-judged';
    line = line ? `${line}, and ${article(warm)} ${warm} pick for ${who}` : pick(ROLE_ONLY, seed >>> 3)(who, warm);
  }
  if (!line) line = pick(PLAIN, seed >>> 3)(who, '');
  // Without a stated interest to point at, say what the item is: the first sentence of its description.
  if (best < 0) line = `${line} — ${descriptionClause(s.gift.description)}`;
  const price = s.gift.price;
  if (q.budget !== undefined) {
    const share = price / q.budget;
    const part = share >= 0.6 ? 'most' : share >= 0.3 ? 'about half' : 'a small part';
    return `${line}. At ${money(price)} it uses ${part} of your ${money(q.budget)} budget.`;
  }
  const band = AGE_WORDS.get(q.band);
  return band
    ? `${line}. It is right for ${band}.`
    : `${line}. At ${money(price)}, about what people usually spend on ${who}.`.replace(' on them.', '.');
}

/**
 * ", “x” and “y”": the other interests a pick plainly meets too, by name (only those: naming a loose match
 * would claim one that is not there, and "and more than one thing you mentioned" read as if the user had
 * said one thing).
 */
function alsoMet(s: Pick, q: ParsedQuery, best: number): string {
  const others = q.interests
    .filter(
      (reading, p) =>
        p !== best && s.phraseRel[p]! >= MET && (s.phraseRel[p]! >= 0.9 || carries(s.gift, reading.phrase)),
    )
    .map((i) => `“${i.phrase}”`);
  return others.length === 0
    ? ''
    : others.length === 1
      ? ` and ${others[0]}`
      : others.length === 2
        ? `, ${others[0]} and ${others[1]}`
        : ` and ${others.length} other things you mentioned`;
}

/** Names that open catalog descriptions and keep their capital (the catalog review keeps this list current). */
const PROPER = new Set(['Tolkien', 'Samin', 'Chad', 'Eric', 'James', 'Dav', 'LEGO', 'Mary', 'Carl', 'Yuval']);

/**
 * "A box of handmade truffles …." → "a box of handmade truffles …" (no final stop); proper names keep their
 * capital. Kept per description (bounded: one entry per catalog text), as a request cites up to ten.
 */
const clauses = new Map<string, string>();
function descriptionClause(description: string): string {
  let clause = clauses.get(description);
  if (clause === undefined) {
    const first = /^.*?[.!?](?=\s|$)/.exec(description)?.[0] ?? description;
    const word = first.split(/[\s,']/)[0]!;
    clause = (PROPER.has(word) ? first : first.charAt(0).toLowerCase() + first.slice(1)).replace(/[.!?]$/, '');
    if (clauses.size < 100_000) clauses.set(description, clause);
  }
  return clause;
}

export const unmetMessage = {
  occasion: (q: ParsedQuery) => `Could not tell which occasion “${q.occasion!.words}” is, so the ideas ignore it.`,
  interest: (kind: UnmetKind, phrase: string, q: ParsedQuery, cheapest: number) => {
    const instead = `these are well-liked picks for ${recipient(q)} instead.`;
    switch (kind) {
      case 'budget':
        return (
          `The closest matches for “${phrase}” cost more than ${money(q.budget!)} ` +
          `(from ${money(cheapest)}); ${instead}`
        );
      case 'exclusion':
        return `What matches “${phrase}” is ruled out by what you asked to avoid; ${instead}`;
      case 'age':
        return `What matches “${phrase}” is not made for age ${q.age}; ${instead}`;
      default:
        return `Nothing in the catalog matches “${phrase}” well; ${instead}`;
    }
  },
  nothing: (q: ParsedQuery) =>
    `Nothing in the catalog fits age ${q.age} within ${money(q.budget!)}; a higher budget would help.`,
  few: (n: number, q: ParsedQuery) =>
    `Only ${n} ${n === 1 ? 'idea fits' : 'ideas fit'} everything you asked for ${recipient(q)}; ` +
    'fewer exclusions or a wider budget would give more.',
};

/** Interest tags that read badly as "into …" ("into food"). */
const INTEREST_NOUN = new Map<string, string>([['food', 'good food']]);

/** phraseRelevance of a related tag alone (0.75 × 0.5), or of text relevance 0.5 alone. */
const NEAR = 0.375 - 1e-9;

/** Whether an item outlasts the occasion: not food or drink, not cut flowers (a LEGO bouquet lasts). */
const lasts = (gift: Pick['gift']) =>
  !gift.categories.includes('food-drink') && !(gift.categories.includes('garden') && /\bbouquet\b/i.test(gift.title));
