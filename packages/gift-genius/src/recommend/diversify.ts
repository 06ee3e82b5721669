import { type Candidate, POOL } from './candidates.js';
import { likeness } from './likeness.js';

/*
 * Diversity by MMR (maximal marginal relevance): each pick trades score against likeness to the picks
 * before it, so an interest living in one category can fill the list without five near-copies; a list no
 * interest pulls one way also spreads over categories (finish.ts: at most 2 of 5 picks per category).
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
/**
 * `perCategory`: at most this many picks share a first category while a candidate of another is left (finish.ts
 * sets it when no interest pulls the list one way). Why: likeness to the closest pick alone let fillers of one
 * category in after a first pick of it (a 5-year-old's list for an adult occasion: four toys of five).
 */
export function diversify(pool: readonly Candidate[], count: number, perCategory = Infinity): Candidate[] {
  const picks: Candidate[] = [];
  const n = pool.length;
  // Scratch space reused across calls (ranking is synchronous): typed arrays cost more to make than to fill.
  if (n > scratch.taken.length) scratch = makeScratch(n);
  const { taken, closest, compared } = scratch;
  taken.fill(0, 0, n);
  closest.fill(0, 0, n);
  compared.fill(0, 0, n);
  // A NaN score (never seen) breaks the pool's order: then every candidate is scanned, as before.
  let sorted = true;
  for (let i = 0; i < n; i++) if (Number.isNaN(pool[i]!.score)) sorted = false;
  const full = (c: Candidate) => {
    if (perCategory >= picks.length + 1) return false;
    const category = c.gift.categories[0];
    let same = 0;
    for (const p of picks) if (p.gift.categories[0] === category) same++;
    return same >= perCategory;
  };
  let capped = perCategory < count;
  while (picks.length < count && picks.length < n) {
    let best = -1,
      bestValue = -Infinity;
    for (let i = 0; i < n; i++) {
      if (taken[i] || (capped && full(pool[i]!))) continue;
      if (best < 0) best = i;
      const score = pool[i]!.score;
      if (sorted && score <= bestValue) break;
      for (let k = compared[i]!; k < picks.length; k++) closest[i] = Math.max(closest[i]!, alike(pool[i]!, picks[k]!));
      compared[i] = picks.length;
      const value = score - LIKENESS_COST * closest[i]!;
      if (value > bestValue) (best = i), (bestValue = value);
    }
    if (best < 0) {
      capped = false; // every candidate left is of a full category: the cap gives way to the count
      continue;
    }
    taken[best] = 1;
    picks.push(pool[best]!);
  }
  return picks;
}

/** Per candidate: picked yet, likeness to the closest pick, how many picks that likeness has seen. */
const makeScratch = (n: number) => ({
  taken: new Uint8Array(n),
  closest: new Float64Array(n),
  compared: new Int32Array(n),
});
let scratch = makeScratch(POOL);
