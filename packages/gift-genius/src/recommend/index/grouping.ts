import type { Gift } from '../../catalog/schema.js';
import { type ItemGroup, isPlain, signatureKey, sorted } from '../groups.js';
import { ItemTexts, profilesOf } from '../item-text.js';
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
  const itemTexts = new ItemTexts();
  const texts = catalog.map((gift) => itemTexts.of(gift));
  const { profiles, profileOf } = profilesOf(texts);
  const bySignature = new Map<string, { group: ItemGroup; byAges: Map<number | string, Gift[]>; number: number }>();
  let entry: { group: ItemGroup; byAges: Map<number | string, Gift[]>; number: number } | undefined;
  const groupOf = new Int32Array(catalog.length);
  catalog.forEach((gift, i) => {
    // The previous item's signature when the text is the same derivation and the tags are alike (variants
    // of a product in a row, in id order): no key to build.
    const alike = entry && texts[i] === texts[i - 1] && sameTags(catalog[i - 1]!, gift);
    const key = alike ? '' : signatureKey(gift, texts[i]!);
    if (!alike) entry = bySignature.get(key);
    if (!entry) {
      entry = {
        group: {
          rep: gift,
          key,
          profile: profileOf[i]!,
          words: texts[i]!.words,
          plain: isPlain(gift),
          traits: likenessTraits(gift),
          runs: [],
        },
        byAges: new Map(),
        number: bySignature.size,
      };
      bySignature.set(key, entry);
    }
    groupOf[i] = entry.number;
    const ages = agesKey(gift.ageMin, gift.ageMax);
    const run = entry.byAges.get(ages);
    if (run) run.push(gift);
    else entry.byAges.set(ages, [gift]);
  });
  let runs = 0;
  const allPrices = new Float64Array(catalog.length);
  const allLogs = new Float64Array(catalog.length);
  let offset = 0;
  const groups = [...bySignature.values()].map(({ group, byAges }) => {
    for (const items of byAges.values()) {
      items.sort((a, b) => a.price - b.price || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const prices = allPrices.subarray(offset, offset + items.length);
      const logPrices = allLogs.subarray(offset, offset + items.length);
      items.forEach((g, i) => {
        prices[i] = g.price;
        logPrices[i] = Math.log(g.price);
      });
      offset += items.length;
      group.runs.push({ ageMin: items[0]!.ageMin, ageMax: items[0]!.ageMax, items, prices, logPrices });
      runs++;
    }
    return group;
  });
  return { groups, groupOf, profiles, runs, bytes: allPrices.byteLength + allLogs.byteLength };
}

/** A run's key: a number for the usual whole ages (no string per item), else the two values as text. */
const agesKey = (min: number, max: number): number | string =>
  Number.isInteger(min) && Number.isInteger(max) && min >= 0 && max >= 0 && min < 4096 && max < 4096
    ? min * 4096 + max
    : `${min}-${max}`;

/** The tags signatureKey reads are equal (lists compared as signatureKey sorts them). */
function sameTags(a: Gift, b: Gift): boolean {
  return (
    sameList(a.categories, b.categories) &&
    sameSet(a.interests, b.interests) &&
    sameSet(a.relationships, b.relationships) &&
    sameSet(a.occasions, b.occasions) &&
    (a.giftability ?? 3) === (b.giftability ?? 3) &&
    sameSet(a.contains, b.contains) &&
    sameSet(a.presumesInterest, b.presumesInterest) &&
    sameSet(a.presumes, b.presumes) &&
    (a.gender ?? '') === (b.gender ?? '') &&
    sameSet(a.notFor, b.notFor)
  );
}

/** Equal once sorted (absent as empty), as signatureKey writes them; sorted only when they differ as given. */
const sameSet = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  sameList(a ?? NONE, b ?? NONE) || sameList(sorted(a), sorted(b));
const NONE: readonly string[] = [];

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
