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

export class ItemTexts {
  private readonly byText = new Map<string, { descriptionWords: ReadonlySet<string>; text?: ItemText }>();
  /** The number of each distinct (sorted exclusion words, profile key), as JSON. */
  private readonly keys = new Map<string, number>();

  of(gift: Gift): ItemText {
    const code = codeCandidate(gift);
    const cut = code === undefined ? 0 : code.length + 1;
    const key = JSON.stringify([
      cut,
      cut ? gift.id.slice(0, -cut) : gift.id,
      cut ? gift.title.slice(0, -cut) : gift.title,
      gift.description.replace(/[0-9]+/g, '0'),
      gift.keywords ?? null,
      gift.interests,
    ]);
    let entry = this.byText.get(key);
    if (!entry) this.byText.set(key, (entry = { descriptionWords: new Set(words(gift.description)) }));
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

/** Distinct profiles of a catalog in key order, and each item's profile number. */
export function profilesOf(texts: readonly ItemText[]): { profiles: TextProfile[]; profileOf: Int32Array } {
  const byKey = new Map<string, TextProfile>();
  for (const t of texts) if (!byKey.has(t.profileKey)) byKey.set(t.profileKey, t.profile);
  const sorted = [...byKey.keys()].sort();
  const number = new Map(sorted.map((k, i) => [k, i]));
  const profileOf = Int32Array.from(texts, (t) => number.get(t.profileKey)!);
  return { profiles: sorted.map((k) => byKey.get(k)!), profileOf };
}
