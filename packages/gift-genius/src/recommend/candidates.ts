import type { Gift } from '../catalog/schema.js';
import type { ItemGroup } from './groups.js';

/* The candidate pool both ranking paths fill: the best item per signature, best first, at most POOL of them. */

export interface Candidate {
  gift: Gift;
  group: ItemGroup;
  score: number;
  /**
   * The interest phrases the candidate meets, as bits (phrase p is bit p), once known (finish.ts, meetsOf);
   * unset or -1 until then. The index sets 0 for a group no phrase touches (its fact order: every phrase's
   * relevance is 0).
   */
  meets?: number;
}

/** A chosen candidate with what its reason cites (signatureScore's facts, computed for the picks only). */
export interface Pick extends Candidate {
  phraseRel: number[];
  roleFits: boolean;
  occasionFits: boolean;
}

/** How many of the best candidates the diversity step chooses from. */
export const POOL = 40;

/**
 * Per interest phrase, how many of the best candidates that meet it the diversity step can always choose
 * from (below the pool's worst when the pool holds fewer): a phrase whose matches score below another's
 * many matches is still served (a list covers each interest before it deepens one).
 */
export const PHRASE_POOL = 3;

/** A phrase is met when a pick fits it this well (a stated interest tag, or a strong text match). */
export const MET = 0.5;

/** Best first: score desc, then id asc (a total order for distinct ids). */
export const byRank = (a: Candidate, b: Candidate) =>
  b.score - a.score || (a.gift.id < b.gift.id ? -1 : a.gift.id > b.gift.id ? 1 : 0);

/**
 * Inserts a candidate in rank order (byRank), dropping the worst when the pool overflows (returned, if any).
 * Shifts the pool by hand with byRank written out: splice and a comparator call per step cost about 100 ns
 * per insert, and a request inserts about 50 (measured: 4-6 µs of a 15-25 µs call on the real catalog).
 */
export function insertCandidate(pool: Candidate[], entry: Candidate, capacity = POOL): Candidate | undefined {
  const score = entry.score;
  let i = pool.length;
  pool.push(entry);
  while (i > 0) {
    const prev = pool[i - 1]!;
    // byRank(entry, prev) < 0: a score difference decides unless it is 0 or NaN, then the ids do (read only
    // then: gifts come in many shapes, so each id read is a slow megamorphic load).
    const d = prev.score - score;
    if (!(d < 0 || (!(d > 0) && entry.gift.id < prev.gift.id))) break;
    pool[i] = prev;
    i--;
  }
  pool[i] = entry;
  return pool.length > capacity ? pool.pop() : undefined;
}
