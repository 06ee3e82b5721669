import type { Gift } from '../catalog/schema.js';
import { exclusionWords } from './score.js';
import { codeCandidate, profileKey, stem, type TextProfile, textProfile, words } from './text.js';

/*
 * What ranking derives from an item's text (its word profile and its exclusion words), derived once per
 * distinct text of a catalog. Near-copies (a product listed with other ids, codes, prices: the benchmark's
 * generated catalogs) share one derivation: the key is the text with the listing code cut off and every run
 * of digits written as one 0, which gives the same words (a token holding a digit is never a word, and
 * digits change nothing else `words` does). Deriving costs tens of µs of regular expressions per item;
 * a lookup costs one pass over the text. Pure: the same catalog gives the same derivations.
 */
export interface ItemText {
  profile: TextProfile;
  profileKey: string;
  /** The words an exclusion is matched against. */
  words: ReadonlySet<string>;
  /** The text part of a signature: equal numbers for equal exclusion words and profiles (per ItemTexts). */
  key: number;
}

interface TextEntry {
  descriptionWords: ReadonlySet<string>;
  text?: ItemText;
}

export class ItemTexts {
  private readonly byText = new Map<string, TextEntry>();
  /** The number of each distinct (sorted exclusion words, profile key), as JSON. */
  private readonly keys = new Map<string, number>();

  /** The previous call's item, cut and entry: catalogs in id order list a product's variants in a row. */
  private last: { gift: Gift; cut: number; entry: TextEntry } | undefined;

  of(gift: Gift): ItemText {
    const code = codeCandidate(gift);
    const cut = code === undefined ? 0 : code.length + 1;
    const last = this.last;
    let entry: TextEntry | undefined;
    // The same key as the previous item's, compared field by field without building it.
    if (last && last.cut > 0 === cut > 0 && sameKey(last.gift, last.cut, gift, cut)) entry = last.entry;
    else {
      const key = JSON.stringify([
        cut > 0,
        cut ? gift.id.slice(0, -cut) : gift.id,
        cut ? gift.title.slice(0, -cut) : gift.title,
        gift.description.replace(/[0-9]+/g, '0'),
        gift.keywords ?? null,
        gift.interests,
      ]);
      entry = this.byText.get(key);
      if (!entry) this.byText.set(key, (entry = { descriptionWords: new Set(words(gift.description)) }));
    }
    if (last) (last.gift = gift), (last.cut = cut), (last.entry = entry);
    else this.last = { gift, cut, entry };
    // A code that is a word of the description is the product's (listingCode keeps it): id and title are
    // then the item's own, so its text is its own too.
    if (code !== undefined && entry.descriptionWords.has(stem(code))) return this.derive(gift);
    entry.text ??= this.derive(gift);
    return entry.text;
  }

  private derive(gift: Gift): ItemText {
    const profile = textProfile(gift);
    const key = profileKey(profile);
    const itemWords = exclusionWords(gift);
    const json = JSON.stringify([[...itemWords].sort(), key]);
    let number = this.keys.get(json);
    if (number === undefined) this.keys.set(json, (number = this.keys.size));
    return { profile, profileKey: key, words: itemWords, key: number };
  }
}

/** Whether two items, each with its code cut (or none for both), have the same text key (ItemTexts.of). */
function sameKey(a: Gift, cutA: number, b: Gift, cutB: number): boolean {
  return (
    sameHead(a.id, cutA, b.id, cutB) &&
    sameHead(a.title, cutA, b.title, cutB) &&
    sameDigitRuns(a.description, b.description) &&
    sameList(a.keywords, b.keywords) &&
    sameList(a.interests, b.interests)
  );
}

/** a without its last `cutA` characters equals b without its last `cutB`. */
function sameHead(a: string, cutA: number, b: string, cutB: number): boolean {
  const n = a.length - cutA;
  if (n !== b.length - cutB) return false;
  if (cutA === 0 && cutB === 0) return a === b;
  for (let i = n - 1; i >= 0; i--) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return true;
}

/** a and b are equal once every run of digits 0-9 is written as one 0 (as the key writes them). */
function sameDigitRuns(a: string, b: string): boolean {
  if (a === b) return true;
  let i = 0,
    j = 0;
  while (i < a.length && j < b.length) {
    const x = a.charCodeAt(i),
      y = b.charCodeAt(j);
    const dx = x >= 48 && x <= 57,
      dy = y >= 48 && y <= 57;
    if (dx !== dy || (!dx && x !== y)) return false;
    i++, j++;
    if (dx) {
      while (i < a.length && isDigit(a.charCodeAt(i))) i++;
      while (j < b.length && isDigit(b.charCodeAt(j))) j++;
    }
  }
  return i === a.length && j === b.length;
}
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Element-wise equal lists (both absent counts as equal; absent and empty do not, as in the key). */
function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Distinct profiles of a catalog in key order, and each item's profile number. */
export function profilesOf(texts: readonly ItemText[]): { profiles: TextProfile[]; profileOf: Int32Array } {
  const byKey = new Map<string, TextProfile>();
  for (const t of texts) if (!byKey.has(t.profileKey)) byKey.set(t.profileKey, t.profile);
  const sorted = [...byKey.keys()].sort();
  const number = new Map(sorted.map((k, i) => [k, i]));
  const profileOf = Int32Array.from(texts, (t) => number.get(t.profileKey)!);
  return { profiles: sorted.map((k) => byKey.get(k)!), profileOf };
}
