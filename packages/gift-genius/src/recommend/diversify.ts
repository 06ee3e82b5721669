import type { Candidate } from './candidates.js';
import { likeness } from './likeness.js';

/*
 * Diversity by MMR (maximal marginal relevance): each pick trades score against likeness to the picks
 * before it, so an interest living in one category can fill the list without five near-copies.
 */

/**
 * Likeness of two candidates, 0..1: the same group is a near-duplicate. A pool holds one candidate per
 * signature (both paths keep the best item per key), so distinct candidates are distinct groups.
 */
const alike = (a: Candidate, b: Candidate) =>
  a.group === b.group ? 1 : likeness(a.gift, a.group.traits, b.gift, b.group.traits);

/**
 * MMR: each pick maximises score − 2 × likeness to the closest earlier pick (ties: rank order). The pool is
 * best first and a value never exceeds its score, so a scan stops at the first score that cannot beat the
 * best value so far; likeness to the picks is brought up to date only for the candidates a scan reaches
 * (a max over the same picks: the same value as updating every candidate after every pick).
 */
const LIKENESS_COST = 2;
export function diversify(pool: readonly Candidate[], count: number): Candidate[] {
  const picks: Candidate[] = [];
  const n = pool.length;
  const taken = new Uint8Array(n);
  const closest = new Float64Array(n);
  /** How many picks closest[i] has been compared with. */
  const compared = new Int32Array(n);
  // A NaN score (never seen) breaks the pool's order: then every candidate is scanned, as before.
  const sorted = pool.every((c) => !Number.isNaN(c.score));
  while (picks.length < count && picks.length < n) {
    let best = -1,
      bestValue = -Infinity;
    for (let i = 0; i < n; i++) {
      if (taken[i]) continue;
      if (best < 0) best = i;
      const score = pool[i]!.score;
      if (sorted && score <= bestValue) break;
      for (let k = compared[i]!; k < picks.length; k++) closest[i] = Math.max(closest[i]!, alike(pool[i]!, picks[k]!));
      compared[i] = picks.length;
      const value = score - LIKENESS_COST * closest[i]!;
      if (value > bestValue) (best = i), (bestValue = value);
    }
    taken[best] = 1;
    picks.push(pool[best]!);
  }
  return picks;
}
