import type { Gift } from '../catalog/schema.js';
import type { ItemGroup } from './groups.js';

/* The candidate pool both ranking paths fill: the best item per signature, best first, at most POOL of them. */

export interface Candidate {
  gift: Gift;
  group: ItemGroup;
  score: number;
}

/** A chosen candidate with what its reason cites (signatureScore's facts, computed for the picks only). */
export interface Pick extends Candidate {
  phraseRel: number[];
  roleFits: boolean;
  occasionFits: boolean;
}

/** How many of the best candidates the diversity step chooses from. */
export const POOL = 40;

/** A phrase is met when a pick fits it this well (a stated interest tag, or a strong text match). */
export const MET = 0.5;

/** Best first: score desc, then id asc (a total order for distinct ids). */
export const byRank = (a: Candidate, b: Candidate) =>
  b.score - a.score || (a.gift.id < b.gift.id ? -1 : a.gift.id > b.gift.id ? 1 : 0);

/** Inserts a candidate in rank order, dropping the worst when the pool overflows (returned, if any). */
export function insertCandidate(pool: Candidate[], entry: Candidate): Candidate | undefined {
  let i = pool.length;
  while (i > 0 && byRank(entry, pool[i - 1]!) < 0) i--;
  pool.splice(i, 0, entry);
  return pool.length > POOL ? pool.pop() : undefined;
}
