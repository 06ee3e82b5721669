// Computed checks of a suggestion list (issue 25), beside the judged figures: not judged, so any ranker's list
// can be checked the same way.
//   sameKind(list)            pairs of items in one list that share a catalog `kind` (two LEGO sets)
//   unservedInterests(...)    stated interests the list leaves out although an item the request allows meets it
// "Meets" is read here with the vocabulary's stated interests (a tag the phrase names), or for a phrase that names
// none, its own words and search words in the item's title or keywords: a plain reading, not the ranker's scores.
import {
  ageFor,
  excludes,
  exclusionWords,
  forAnotherArtist,
  forAnotherFranchise,
  forAnotherLanguage,
  gate,
  parseQuery,
} from '../dist/recommend/score.js';
import { words } from '../dist/recommend/text.js';

/** Kinds held by more than one item of the list (each listed once). */
export function sameKind(list) {
  const seen = new Map();
  for (const gift of list) if (gift.kind) seen.set(gift.kind, (seen.get(gift.kind) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([kind]) => kind);
}

const named = new WeakMap();
/** Words of an item's title and keywords (its name), stemmed as the ranker's text is. */
function nameWords(gift) {
  let set = named.get(gift);
  if (!set) named.set(gift, (set = new Set(words(`${gift.title} ${(gift.keywords ?? []).join(' ')}`))));
  return set;
}

/**
 * Whether an item meets an interest phrase: a tag the phrase states, or all its words (or a search word) in the
 * item's name, with a related tag when the phrase names catalog interests ("cars": a toy car garage).
 */
export function meets(gift, reading) {
  // One artist's album is music for that artist's fan only: no match for a cellist, another singer's fan or a
  // collector of other records (held-out-24 and -27's judges graded such albums 1).
  if (forAnotherArtist(gift, reading)) return false;
  // One game's or one show's things (a Fortnite figure, a Gilmore Girls cookbook) are for its own fans (rounds 32, 33).
  if (forAnotherFranchise(gift, reading)) return false;
  // A reader in one language is for that language's learner (round 49).
  if (forAnotherLanguage(gift, reading)) return false;
  for (const [interest, weight] of reading.interests)
    if (weight === 1 && gift.interests.includes(interest)) return true;
  // A phrase that names catalog interests needs at least a related one for a match by name.
  if (reading.named && !gift.interests.some((i) => reading.interests.has(i))) return false;
  const own = words(reading.words.join(' '));
  const name = nameWords(gift);
  if (own.length && own.every((w) => name.has(w))) return true;
  return reading.terms.some((t) => {
    const ws = words(t);
    return ws.length > 0 && ws.every((w) => name.has(w));
  });
}

/** Whether the request allows an item at all: budget, age (a baby's gift at a new baby at the baby's), exclusions, gate. */
export function allowed(gift, q) {
  if (q.budget !== undefined && gift.price > q.budget) return false;
  // What the person owns one of ("his air fryer") is not offered again (q.owned), so it cannot be left out either.
  if (q.owned.includes(gift.id) || q.owned.includes(gift.kind ?? '')) return false;
  const age = ageFor(gift, q);
  if (age < gift.ageMin || age > gift.ageMax) return false;
  const itemWords = exclusionWords(gift);
  if (q.exclusions.some((e) => excludes(gift, e, itemWords))) return false;
  return gate(gift, q, itemWords) === undefined;
}

/** The request's stated interest phrases the catalog can serve (some allowed item meets them) and the list does not. */
export function unservedInterests(catalog, args, list) {
  const q = parseQuery(args);
  const out = { servable: 0, unserved: [] };
  for (const reading of q.interests) {
    if (!catalog.some((g) => meets(g, reading) && allowed(g, q))) continue;
    out.servable++;
    // Left out only if an allowed item could have joined: one whose kind the list does not hold already (a list
    // never has two of a kind, so "wine" and "cocktails" under $29 share one drinks book).
    const kinds = new Set(list.map((g) => g.kind ?? g.id));
    if (
      !list.some((g) => meets(g, reading)) &&
      catalog.some((g) => meets(g, reading) && allowed(g, q) && !kinds.has(g.kind ?? g.id))
    )
      out.unserved.push(reading.phrase);
  }
  return out;
}
