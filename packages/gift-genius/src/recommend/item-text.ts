import type { Gift } from '../catalog/schema.js';
import { exclusionWords } from './score.js';
import { codeLength, profileKey, stem, type TextProfile, textProfile, words } from './text.js';

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

  /**
   * The last item whose key was built, in the parts the key compares: catalogs in id order list a product's
   * variants in a row, and an item with the same key parts takes its entry without building the key. (Any
   * item with an entry's key gets that entry, so comparing with this one gives what comparing with the
   * previous item did.)
   */
  private reference: Reference | undefined;

  of(gift: Gift): ItemText {
    const length = codeLength(gift);
    const cut = length === 0 ? 0 : length + 1;
    let entry: TextEntry;
    const ref = this.reference;
    if (ref && sameKey(ref, gift, cut)) entry = ref.entry;
    else {
      const key = JSON.stringify([
        cut > 0,
        cut ? gift.id.slice(0, -cut) : gift.id,
        cut ? gift.title.slice(0, -cut) : gift.title,
        gift.description.replace(/[0-9]+/g, '0'),
        gift.keywords ?? null,
        gift.interests,
      ]);
      let found = this.byText.get(key);
      if (!found) this.byText.set(key, (found = { descriptionWords: new Set(words(gift.description)) }));
      entry = found;
      this.reference = referenceOf(gift, cut, entry);
    }
    // A code that is a word of the description is the product's (listingCode keeps it): id and title are
    // then the item's own, so its text is its own too. A code holding a digit never is (words drops tokens
    // with digits; stem keeps them), so most codes take no stem and no lookup.
    if (
      length > 0 &&
      !hasDigit(gift.id, gift.id.length - length) &&
      entry.descriptionWords.has(stem(gift.id.slice(-length)))
    )
      return this.derive(gift);
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

/** An item's key parts, made once per reference so that each later item compares strings natively. */
interface Reference {
  coded: boolean;
  /** The id and title with the code cut. */
  id: string;
  title: string;
  /** The description split at its digit runs (the key writes each run as one 0). */
  description: string[];
  keywords: readonly string[] | undefined;
  interests: readonly string[];
  entry: TextEntry;
}

const referenceOf = (gift: Gift, cut: number, entry: TextEntry): Reference => ({
  coded: cut > 0,
  id: gift.id.slice(0, gift.id.length - cut),
  title: gift.title.slice(0, gift.title.length - cut),
  description: gift.description.split(/[0-9]+/),
  keywords: gift.keywords,
  interests: gift.interests,
  entry,
});

/**
 * Whether an item (its code `cut` characters long with the space, or 0) has the reference's key (ItemTexts.of).
 * Strings are compared as slices with ===: a loop over characters cost about 1 µs per 300-character
 * description, a slice compared natively about a tenth of that.
 */
function sameKey(ref: Reference, b: Gift, cut: number): boolean {
  return (
    ref.coded === cut > 0 &&
    sameHead(b.id, cut, ref.id) &&
    sameHead(b.title, cut, ref.title) &&
    sameDigitRuns(ref.description, b.description) &&
    sameList(ref.keywords, b.keywords) &&
    sameList(ref.interests, b.interests)
  );
}

/** s without its last `cut` characters equals head. */
const sameHead = (s: string, cut: number, head: string) =>
  s.length - cut === head.length && (cut === 0 ? s === head : s.slice(0, head.length) === head);

/**
 * b equals the text split into `parts` at its digit runs once every run of digits 0-9 is written as one 0 (as
 * the key writes them): the parts in order, each pair separated by a run of at least one digit.
 */
function sameDigitRuns(parts: readonly string[], b: string): boolean {
  if (parts.length === 1) return b === parts[0];
  let at = 0;
  for (let k = 0; k < parts.length; k++) {
    if (k > 0) {
      // The run between parts k-1 and k (the parts hold no digit at their ends: runs are maximal).
      if (!isDigit(b.charCodeAt(at))) return false;
      do at++;
      while (isDigit(b.charCodeAt(at)));
    }
    const part = parts[k]!;
    if (b.length - at < part.length || (part.length > 0 && b.slice(at, at + part.length) !== part)) return false;
    at += part.length;
  }
  return at === b.length;
}
const isDigit = (c: number) => c >= 48 && c <= 57;

/** s from `from` on holds a digit 0-9. */
function hasDigit(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) if (isDigit(s.charCodeAt(i))) return true;
  return false;
}

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
  // Variants in a row share one ItemText: its number is looked up once per run of them.
  const profileOf = new Int32Array(texts.length);
  let last: ItemText | undefined;
  let lastNumber = 0;
  texts.forEach((t, i) => {
    if (t !== last) (last = t), (lastNumber = number.get(t.profileKey)!);
    profileOf[i] = lastNumber;
  });
  return { profiles: sorted.map((k) => byKey.get(k)!), profileOf };
}
