import type { Gift } from '../catalog/schema.js';
import { BoundedMemo } from './memo.js';
import { words } from './text.js';

/*
 * What an item's own text says, word by word (stemmed, kept per item): the reasons' "does this pick say it" and the
 * score's "a pick that says what the phrase narrows to" ask the same question here.
 */

/** A word or title as the item's text keeps its words (stemmed), per text. */
const stemmed = new BoundedMemo<string, string[]>(4096);
const nameText = (gift: Gift) => `${gift.title} ${(gift.keywords ?? []).join(' ')}`;
/** The words of the item's title and keywords, kept per item. */
export const nameWords = wordsOf(nameText);
/** The words of the item's title, keywords and description, kept per item. */
const itemWords = wordsOf((gift) => `${nameText(gift)} ${gift.description}`);

/** A gift's words from some of its text, made once per gift (catalog snapshots keep their objects). */
function wordsOf(text: (gift: Gift) => string): (gift: Gift) => Set<string> {
  const kept = new WeakMap<Gift, Set<string>>();
  return (gift) => {
    let set = kept.get(gift);
    if (!set) kept.set(gift, (set = new Set(words(text(gift)))));
    return set;
  };
}

/** Whether the item's title, keywords or description say a word or a title (each of its words, or their plurals). */
export function saysWord(gift: Gift, said: string): boolean {
  const text = itemWords(gift);
  // The words as the item's text keeps them (stemmed): "brewing" is "brew" there, and a search word said raw
  // ("brewing", "bouldering") never met its own item (a home brewing kit was "not strictly for homebrewing").
  const stems = stemmed.get(said, (t) => {
    const ws = words(t);
    return ws.length ? ws : t.split(' ');
  });
  return stems.every((w) => {
    if (text.has(w) || text.has(`${w}s`) || (w.endsWith('s') && text.has(w.slice(0, -1)))) return true;
    // "grill" in "grilling", "bake" in "bakers": a word of four letters or more as the start of one.
    if (w.length < 4) return false;
    for (const t of text) if (t.startsWith(w)) return true;
    return false;
  });
}
