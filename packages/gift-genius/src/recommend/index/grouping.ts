import type { Gift } from '../../catalog/schema.js';
import { type AgeRun, type ItemGroup, isPlain, signatureKey } from '../groups.js';
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
  /**
   * Per group of several runs, its items as one run sorted by (price, id) when sorted that way here (ids in
   * order, no NaN price): what GroupBounds would merge the runs into, for it to check; undefined otherwise.
   */
  byPrice: Array<SortedItems | undefined>;
  /** The ids are strings in strictly ascending order (checked in the same pass, for IdPlaces). */
  idOrder: boolean;
  profiles: TextProfile[];
  runs: number;
  bytes: number;
}

export type SortedItems = Pick<AgeRun, 'items' | 'prices' | 'logPrices'>;

interface Entry {
  group: ItemGroup;
  number: number;
  /** Its first item's place in `texts`. */
  text: number;
  /** Age key → the run's place in the group (first-seen order); `sizes` by the same places. */
  byAges: Map<number | string, number>;
  sizes: number[];
}

export function groupCatalog(catalog: readonly Gift[]): Grouping {
  const n = catalog.length;
  const itemTexts = new ItemTexts();
  // Distinct item texts in first-seen order, a row of variants sharing one ItemText listed once (profilesOf
  // numbers profiles the same way: it keeps the first text of each profile key).
  const texts: ItemText[] = [];
  const entries: Entry[] = [];
  const bySignature = new Map<string, Entry>();
  let entry: Entry | undefined;
  // Per item its group, its run's place in the group and its price, read in this one pass over the gifts (a
  // million gifts are a gigabyte or so: every further pass that touches them costs as much again in memory
  // traffic); what follows works on these typed arrays.
  const groupOf = new Int32Array(n);
  // A byte per item while no group has more than 256 age ranges (widened if one does): typed arrays are
  // memory outside the JS heap, and 64 MB of it made during a build starts a full collection of the heap
  // holding the catalog (0.5-0.8 s at a million gifts). The build stays under that: these temporaries too.
  let runOf: Uint8Array | Int32Array = new Uint8Array(n);
  const price = new Float64Array(n);
  let idOrder = true;
  let lastId = '';
  // The last item whose key was built: a later one with the same text derivation and alike tags has its
  // signature (variants of a product in a row, in id order), with no key to build. Any item with a group's
  // key is in that group, so comparing with this one gives what comparing with the previous item did.
  let ref: TagReference | undefined;
  for (let i = 0; i < n; i++) {
    const gift = catalog[i]!;
    // IdPlaces.of's test, made here where the id is read anyway: strictly ascending string ids.
    if (idOrder) {
      const id = gift.id;
      idOrder = typeof id === 'string' && (i === 0 || lastId < id);
      lastId = id;
    }
    const text = itemTexts.of(gift);
    if (text !== texts[texts.length - 1]) texts.push(text);
    const alike = ref !== undefined && text === ref.text && sameTags(ref, gift);
    const key = alike ? '' : signatureKey(gift, text);
    if (!alike) entry = bySignature.get(key);
    if (!entry) {
      const group: ItemGroup = {
        rep: gift,
        key,
        profile: -1, // numbered below, once every profile is known
        words: text.words,
        plain: isPlain(gift),
        traits: likenessTraits(gift),
        runs: [],
      };
      entry = { group, number: entries.length, text: texts.length - 1, byAges: new Map(), sizes: [] };
      bySignature.set(key, entry);
      entries.push(entry);
    }
    if (!alike) ref = tagReference(gift, text);
    groupOf[i] = entry.number;
    price[i] = gift.price;
    const ages = agesKey(gift.ageMin, gift.ageMax);
    let run = entry.byAges.get(ages);
    if (run === undefined) {
      entry.byAges.set(ages, (run = entry.sizes.push(0) - 1));
      if (run === 256 && runOf instanceof Uint8Array) runOf = Int32Array.from(runOf);
    }
    entry.sizes[run]!++;
    runOf[i] = run;
  }
  const { profiles, profileOf } = profilesOf(texts);
  for (const e of entries) e.group.profile = profileOf[e.text]!;

  // Each group's items in catalog order (a counting sort by group), then sorted and split into runs.
  const start = new Int32Array(entries.length + 1);
  for (let i = 0; i < n; i++) start[groupOf[i]! + 1]!++;
  for (let g = 0; g < entries.length; g++) start[g + 1]! += start[g]!;
  const allPrices = new Float64Array(n);
  const allLogs = new Float64Array(n);
  // The grouped positions live in the upper half of allLogs' bytes until the logarithms overwrite them: group
  // g's logarithms take int32 places [2 start[g], 2 start[g + 1]), its positions [n + start[g], ...), so a
  // group's logarithms never reach a later group's positions (that would need start[g + 1] > n), and its own
  // are read before its logarithms are written (see `members` below).
  const inGroups = new Int32Array(allLogs.buffer, 4 * n, n);
  const fill = start.slice(0, entries.length);
  for (let i = 0; i < n; i++) inGroups[fill[groupOf[i]!]!++] = i;
  const byPrice: Array<SortedItems | undefined> = new Array(entries.length).fill(undefined);
  // Buffers for one group's sort, reused (memory outside the heap, see runOf).
  let largest = 0;
  for (let g = 0; g < entries.length; g++) largest = Math.max(largest, start[g + 1]! - start[g]!);
  const scratch = { values: new Float64Array(largest), taken: new Int32Array(largest), out: new Int32Array(largest) };
  let runs = 0;
  for (const { group, number, sizes } of entries) {
    // Read in full before this group's logarithms are written over them (sortedByPrice's copy, `listed`).
    const members = inGroups.subarray(start[number]!, start[number + 1]!);
    // The runs' places in the buffers, in run order.
    const runAt: number[] = [];
    for (let r = 0, at = start[number]!; r < sizes.length; r++) runAt.push(at), (at += sizes[r]!);
    const runItems = sizes.map((size) => new Array<Gift>(size));
    const sorted = idOrder ? sortedByPrice(members, price, scratch) : undefined;
    if (sorted) {
      // Each run is the sorted group's subsequence of its age range: sorted by (price, id) too.
      const fillAt = runAt.slice();
      // The group as one run too, when it has several (loops: Float64Array.from with a map function was slow).
      const whole: SortedItems | undefined =
        sizes.length > 1
          ? {
              items: new Array<Gift>(members.length),
              prices: new Float64Array(members.length),
              logPrices: new Float64Array(members.length),
            }
          : undefined;
      for (let k = 0; k < sorted.length; k++) {
        const at = sorted[k]!;
        const r = runOf[at]!;
        const gift = catalog[at]!;
        const to = fillAt[r]!++;
        const p = price[at]!,
          log = Math.log(p);
        runItems[r]![to - runAt[r]!] = gift;
        allPrices[to] = p;
        allLogs[to] = log;
        if (whole) (whole.items[k] = gift), (whole.prices[k] = p), (whole.logPrices[k] = log);
      }
      byPrice[number] = whole;
    } else {
      // Ids out of order or a NaN price: each run sorted with the comparator, as the items themselves would be.
      const listed = sizes.map((): number[] => []);
      for (const at of members) listed[runOf[at]!]!.push(at);
      listed.forEach((positions, r) => {
        const order = byPriceAndId(positions, price, catalog);
        for (let k = 0; k < order.length; k++) {
          const at = order[k]!;
          runItems[r]![k] = catalog[at]!;
          allPrices[runAt[r]! + k] = price[at]!;
          allLogs[runAt[r]! + k] = Math.log(price[at]!);
        }
      });
    }
    for (let r = 0; r < sizes.length; r++) {
      const items = runItems[r]!;
      const from = runAt[r]!,
        to = from + sizes[r]!;
      const prices = allPrices.subarray(from, to);
      const logPrices = allLogs.subarray(from, to);
      group.runs.push({ ageMin: items[0]!.ageMin, ageMax: items[0]!.ageMax, items, prices, logPrices });
      runs++;
    }
  }
  const groups = entries.map((e) => e.group);
  return { groups, groupOf, byPrice, idOrder, profiles, runs, bytes: allPrices.byteLength + allLogs.byteLength };
}

interface SortScratch {
  values: Float64Array;
  taken: Int32Array;
  out: Int32Array;
}

/**
 * A group's catalog positions (ascending) sorted by price, ties in position order (in scratch.out, valid until the
 * next call), or undefined when a price is NaN. With ids in ascending catalog order that is the (price, id) order byPriceAndId gives (it is a total
 * order then, so every correct sort gives it). The prices are sorted natively and each position placed by a
 * binary search in them: a comparator called from Array.prototype.sort was most of a million-item build's
 * sorting time.
 */
function sortedByPrice(members: Int32Array, price: Float64Array, scratch: SortScratch): Int32Array | undefined {
  const m = members.length;
  const values = scratch.values.subarray(0, m);
  for (let k = 0; k < m; k++) {
    const p = price[members[k]!]!;
    if (Number.isNaN(p)) return undefined;
    values[k] = p;
  }
  values.sort();
  // taken[j]: how many positions were placed at the equal prices starting at sorted place j (the first
  // place of a price, numerically: -0 and 0 are one price, as in the comparator).
  const taken = scratch.taken.subarray(0, m).fill(0);
  const out = scratch.out.subarray(0, m);
  for (let k = 0; k < m; k++) {
    const p = price[members[k]!]!;
    let lo = 0,
      hi = m;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (values[mid]! < p) lo = mid + 1;
      else hi = mid;
    }
    out[lo + taken[lo]!++] = members[k]!;
  }
  return out;
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
