import type { Gift } from '../../catalog/schema.js';
import { sorted } from '../groups.js';
import type { ItemText } from '../item-text.js';

/*
 * Whether an item has the same signature as a reference item whose key was built (grouping.ts): the same
 * text derivation and the tags signatureKey reads, compared in place, so that a product's variants listed in
 * a row need no key of their own. A false "no" only costs building the key; a "yes" is exact.
 */

/** The tags signatureKey reads of one item, each set also sorted (as the key writes it), made once per key built. */
export interface TagReference {
  text: ItemText;
  categories: readonly string[];
  interests: TagSet;
  relationships: TagSet;
  occasions: TagSet;
  giftability: number;
  contains: TagSet;
  presumesInterest: TagSet;
  presumes: TagSet;
  gender: string;
  notFor: TagSet;
  kind: string;
  recipient: string;
  personal: TagSet;
}
interface TagSet {
  given: readonly string[];
  sorted: readonly string[];
  /** The last other list found equal (the other order of a product's variants: one list comparison next time). */
  seen: readonly string[];
}
const tagSet = (xs: readonly string[] | undefined): TagSet => ({ given: xs ?? NONE, sorted: sorted(xs), seen: NONE });

export const tagReference = (g: Gift, text: ItemText): TagReference => ({
  text,
  categories: g.categories,
  interests: tagSet(g.interests),
  relationships: tagSet(g.relationships),
  occasions: tagSet(g.occasions),
  giftability: g.giftability ?? 3,
  contains: tagSet(g.contains),
  presumesInterest: tagSet(g.presumesInterest),
  presumes: tagSet(g.presumes),
  gender: g.gender ?? '',
  notFor: tagSet(g.notFor),
  kind: g.kind ?? '',
  recipient: g.recipient ?? '',
  personal: tagSet(g.personal),
});

/** The tags signatureKey reads are equal to the reference's (lists compared as signatureKey sorts them). */
export function sameTags(a: TagReference, b: Gift): boolean {
  return (
    sameList(a.categories, b.categories) &&
    sameSet(a.interests, b.interests) &&
    sameSet(a.relationships, b.relationships) &&
    sameSet(a.occasions, b.occasions) &&
    a.giftability === (b.giftability ?? 3) &&
    sameSet(a.contains, b.contains) &&
    sameSet(a.presumesInterest, b.presumesInterest) &&
    sameSet(a.presumes, b.presumes) &&
    a.gender === (b.gender ?? '') &&
    sameSet(a.notFor, b.notFor) &&
    a.kind === (b.kind ?? '') &&
    a.recipient === (b.recipient ?? '') &&
    sameSet(a.personal, b.personal)
  );
}

/**
 * Equal once sorted (absent as empty), as signatureKey writes them. Equal as given, or else the same strings
 * as many times each (what sorting both and comparing tells, without a sorted copy per item: half the
 * generated catalog lists its occasions reversed); lists holding other values are sorted and compared.
 */
function sameSet(a: TagSet, b: readonly string[] | undefined): boolean {
  const given = b ?? NONE;
  if (sameList(a.given, given)) return true;
  if (a.sorted.length !== given.length) return false;
  if (a.seen !== NONE && sameList(a.seen, given)) return true;
  let strings = true;
  for (let i = 0; i < given.length && strings; i++) strings = typeof given[i] === 'string';
  if (!strings) return sameList(a.sorted, sorted(given));
  for (const x of given) if (count(a.sorted, x) !== count(given, x)) return false;
  a.seen = given;
  return true;
}
const count = (xs: readonly string[], x: string) => {
  let n = 0;
  for (const y of xs) if (y === x) n++;
  return n;
};
const NONE: readonly string[] = [];

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
