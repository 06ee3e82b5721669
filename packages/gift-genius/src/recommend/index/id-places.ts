import type { Gift } from '../../catalog/schema.js';

/*
 * Each id's place in the catalog, for the few ids a request names (skipped ids, exclusion words that are ids).
 * A snapshot lists its gifts in id order: then a check of that order (one comparison per item) proves the ids
 * unique and a binary search finds one, where a Map of a million ids cost 1.2-2 s to build and about 30 MiB.
 * Any other order keeps a Map.
 */
export class IdPlaces {
  /** No id is listed twice. */
  readonly unique: boolean;

  private constructor(
    private readonly catalog: readonly Gift[],
    private readonly map: ReadonlyMap<string, number> | undefined,
  ) {
    this.unique = map === undefined || map.size === catalog.length;
  }

  /** `ordered`: the outcome of this check when the caller made it already (groupCatalog's pass over the gifts). */
  static of(catalog: readonly Gift[], ordered?: boolean): IdPlaces {
    // Strictly ascending string ids (an off-schema id of another type takes the Map, whose lookups are exact).
    ordered ??= checkOrder(catalog);
    if (ordered) return new IdPlaces(catalog, undefined);
    // The last place for an id listed twice (duplicates are detected by size).
    const map = new Map<string, number>();
    catalog.forEach((g, i) => map.set(g.id, i));
    return new IdPlaces(catalog, map);
  }

  /** The id's place, or -1 when no item has it. */
  of(id: string): number {
    if (this.map) return this.map.get(id) ?? -1;
    const { catalog } = this;
    let lo = 0,
      hi = catalog.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (catalog[mid]!.id < id) lo = mid + 1;
      else hi = mid;
    }
    return lo < catalog.length && catalog[lo]!.id === id ? lo : -1;
  }

  has(id: string): boolean {
    return this.of(id) >= 0;
  }
}

function checkOrder(catalog: readonly Gift[]): boolean {
  let ordered = catalog.length === 0 || typeof catalog[0]!.id === 'string';
  for (let i = 1; i < catalog.length && ordered; i++) {
    const id = catalog[i]!.id;
    ordered = typeof id === 'string' && catalog[i - 1]!.id < id;
  }
  return ordered;
}
