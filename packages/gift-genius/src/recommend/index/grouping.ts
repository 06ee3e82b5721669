import type { Gift } from '../../catalog/schema.js';
import { type ItemGroup, isPlain, signatureKey, sorted } from '../groups.js';
import { type ItemText, ItemTexts, profilesOf } from '../item-text.js';
import { likenessTraits } from '../likeness.js';
import type { TextProfile } from '../text.js';

/*
 * A catalog as groups of alike items (one per signature), each split into runs of one age range sorted by
 * (price, id), in first-seen order. All run prices live in one buffer, runs as views on it in group order:
 * a request reads them front to back.
 */
export interface Grouping {
  groups: ItemGroup[];
  /** Each catalog item's group number. */
  groupOf: Int32Array;
  profiles: TextProfile[];
  runs: number;
  bytes: number;
}

export function groupCatalog(catalog: readonly Gift[]): Grouping {
  type Entry = { group: ItemGroup; first: number; byAges: Map<number | string, number[]>; number: number };
  const itemTexts = new ItemTexts();
  const texts: ItemText[] = [];
  const bySignature = new Map<string, Entry>();
  let entry: Entry | undefined;
  const groupOf = new Int32Array(catalog.length);
  // Each item's price, read in this one pass over the items (a million gifts are a gigabyte or so: every
  // further pass that touches them costs as much again in memory traffic); runs hold positions until sorted.
  const price = new Float64Array(catalog.length);
  // The last item whose key was built: a later one with the same text derivation and alike tags has its
  // signature (variants of a product in a row, in id order), with no key to build. Any item with a group's
  // key is in that group, so comparing with this one gives what comparing with the previous item did.
  let ref: TagReference | undefined;
  catalog.forEach((gift, i) => {
    const text = itemTexts.of(gift);
    texts.push(text);
    const alike = ref !== undefined && text === ref.text && sameTags(ref, gift);
    const key = alike ? '' : signatureKey(gift, text);
    if (!alike) entry = bySignature.get(key);
    if (!entry) {
      entry = {
        group: {
          rep: gift,
          key,
          profile: -1, // numbered below, once every profile is known
          words: text.words,
          plain: isPlain(gift),
          traits: likenessTraits(gift),
          runs: [],
        },
        first: i,
        byAges: new Map(),
        number: bySignature.size,
      };
      bySignature.set(key, entry);
    }
    if (!alike) ref = tagReference(gift, text);
    groupOf[i] = entry.number;
    price[i] = gift.price;
    const ages = agesKey(gift.ageMin, gift.ageMax);
    const run = entry.byAges.get(ages);
    if (run) run.push(i);
    else entry.byAges.set(ages, [i]);
  });
  const { profiles, profileOf } = profilesOf(texts);
  let runs = 0;
  const allPrices = new Float64Array(catalog.length);
  const allLogs = new Float64Array(catalog.length);
  let offset = 0;
  const groups = [...bySignature.values()].map(({ group, first, byAges }) => {
    group.profile = profileOf[first]!;
    for (const listed of byAges.values()) {
      const order = byPriceAndId(listed, price, catalog);
      const items = order.map((at) => catalog[at]!);
      const prices = allPrices.subarray(offset, offset + items.length);
      const logPrices = allLogs.subarray(offset, offset + items.length);
      for (let i = 0; i < items.length; i++) {
        prices[i] = price[order[i]!]!;
        logPrices[i] = Math.log(prices[i]!);
      }
      offset += items.length;
      group.runs.push({ ageMin: items[0]!.ageMin, ageMax: items[0]!.ageMax, items, prices, logPrices });
      runs++;
    }
    return group;
  });
  return { groups, groupOf, profiles, runs, bytes: allPrices.byteLength + allLogs.byteLength };
}

/**
 * Catalog positions (in catalog order) sorted by their items' (price, id), the prices read from a typed
 * array: a comparator reading gift.price (gifts come in many shapes: a megamorphic load each time) was the
 * slowest step of a million-item build. The same comparisons in the same order as sorting the items
 * themselves (Array.prototype.sort on as many elements), so the same order, ties and NaN prices included.
 */
function byPriceAndId(positions: number[], price: Float64Array, catalog: readonly Gift[]): number[] {
  return positions.sort((a, b) => {
    const d = price[a]! - price[b]!;
    if (d) return d;
    const x = catalog[a]!.id,
      y = catalog[b]!.id;
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** A run's key: a number for the usual whole ages (no string per item), else the two values as text. */
const agesKey = (min: number, max: number): number | string =>
  Number.isInteger(min) && Number.isInteger(max) && min >= 0 && max >= 0 && min < 4096 && max < 4096
    ? min * 4096 + max
    : `${min}-${max}`;

/** The tags signatureKey reads of one item, each set also sorted (as the key writes it), made once per key built. */
interface TagReference {
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
}
interface TagSet {
  given: readonly string[];
  sorted: readonly string[];
}
const tagSet = (xs: readonly string[] | undefined): TagSet => ({ given: xs ?? NONE, sorted: sorted(xs) });

const tagReference = (g: Gift, text: ItemText): TagReference => ({
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
});

/** The tags signatureKey reads are equal to the reference's (lists compared as signatureKey sorts them). */
function sameTags(a: TagReference, b: Gift): boolean {
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
    sameSet(a.notFor, b.notFor)
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
  let strings = true;
  for (let i = 0; i < given.length && strings; i++) strings = typeof given[i] === 'string';
  if (!strings) return sameList(a.sorted, sorted(given));
  for (const x of given) if (count(a.sorted, x) !== count(given, x)) return false;
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
