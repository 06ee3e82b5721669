import type { Gift } from '../../catalog/schema.js';
import { type ItemGroup, isPlain, signatureKey } from '../groups.js';
import { type ItemText, ItemTexts, profilesOf } from '../item-text.js';
import { likenessTraits } from '../likeness.js';
import type { TextProfile } from '../text.js';
import { sameTags, type TagReference, tagReference } from './same-tags.js';

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
