import { type Candidate, POOL } from './candidates.js';
import { likeness } from './likeness.js';
import { priceBand } from './result.js';

/*
 * Choosing the list from the candidates: MMR (maximal marginal relevance: each pick trades score against
 * likeness to the picks before it), under three rules. No two picks of one kind (two LEGO sets, two baking
 * books); a board game and a puzzle are two kinds. Every interest phrase some candidate meets is met by a
 * pick before any phrase gets a second one, and after that the phrases take turns (a pick that deepens a
 * phrase already served more than another pays BALANCE per pick ahead). A list no interest pulls one way
 * also spreads over categories (finish.ts: at most 2 of 5 picks per category).
 */

/**
 * Likeness of two candidates, 0..1: the same group is a near-duplicate. Candidates are distinct groups (both
 * paths keep the best item per signature).
 */
const alike = (a: Candidate, b: Candidate) =>
  a.group === b.group ? 1 : likeness(a.gift, a.group.traits, b.gift, b.group.traits);

/** What one pick's likeness to the closest earlier pick costs. */
const LIKENESS_COST = 2;
/** What a pick costs per pick its phrases are ahead of the least-served phrase (turns, not a hard rule). */
const BALANCE = 1.0;
/**
 * Without a budget, what a pick costs per earlier pick in its price band beyond the second (PRICE_BANDS): the
 * ideas then span price ranges around the usual spend where the candidates allow.
 */
const BAND_COST = 1.2;

/**
 * `candidates`: best first (score desc, id asc). `meets[i]`: the phrases candidate i meets, as bits (phrase p
 * is bit p; at most 10 phrases). `perCategory`: at most this many picks share a first category while a
 * candidate of another is left (finish.ts sets it when no interest pulls the list one way). Why: likeness to
 * the closest pick alone let fillers of one category in after a first pick of it (a 5-year-old's list for an
 * adult occasion: four toys of five).
 */
export function diversify(
  candidates: readonly Candidate[],
  count: number,
  meets: ArrayLike<number>,
  phrases: number,
  perCategory = Infinity,
  spreadPrices = false,
): Candidate[] {
  const picks: Candidate[] = [];
  const n = candidates.length;
  // Scratch space reused across calls (ranking is synchronous): typed arrays cost more to make than to fill.
  if (n > scratch.taken.length) scratch = makeScratch(n);
  const { taken, closest, compared } = scratch;
  taken.fill(0, 0, n);
  closest.fill(0, 0, n);
  compared.fill(0, 0, n);
  // A NaN score (never seen) breaks the order: then every candidate is scanned, as before.
  let sorted = true;
  for (let i = 0; i < n; i++) if (Number.isNaN(candidates[i]!.score)) sorted = false;
  const bands = [0, 0, 0, 0];
  const served = new Array<number>(phrases).fill(0);
  const full = (c: Candidate) => {
    if (perCategory >= picks.length + 1) return false;
    const category = c.gift.categories[0];
    let same = 0;
    for (const p of picks) if (p.gift.categories[0] === category) same++;
    return same >= perCategory;
  };
  // Each candidate's kind, from its group's traits (gifts come in many shapes: reading one is a slow load);
  // a candidate of a kind already picked is closed (marked taken).
  const kindOf: (string | undefined)[] = [];
  for (let i = 0; i < n; i++) kindOf.push(candidates[i]!.group.traits.kind);
  let capped = perCategory < count;
  while (picks.length < count) {
    // The phrases some open candidate meets, and of those the ones no pick meets yet and the fewest picks any serves.
    let reachable = 0;
    if (phrases) for (let i = 0; i < n; i++) if (!taken[i]) reachable |= meets[i]!;
    let unmet = 0,
      least = Infinity;
    for (let p = 0; p < phrases; p++) {
      if (!(reachable & (1 << p))) continue;
      if (served[p] === 0) unmet |= 1 << p;
      least = Math.min(least, served[p]!);
    }
    let best = -1,
      bestValue = -Infinity;
    for (let i = 0; i < n; i++) {
      if (taken[i] || (capped && full(candidates[i]!))) continue;
      // Coverage first: while a reachable phrase has no pick, only its candidates are chosen from.
      if (unmet && !(meets[i]! & unmet)) continue;
      const score = candidates[i]!.score;
      if (sorted && score <= bestValue) break;
      for (let k = compared[i]!; k < picks.length; k++)
        closest[i] = Math.max(closest[i]!, alike(candidates[i]!, picks[k]!));
      compared[i] = picks.length;
      let value = score - LIKENESS_COST * closest[i]! - BALANCE * ahead(meets[i]!, served, least);
      if (spreadPrices) value -= BAND_COST * Math.max(0, bands[priceBand(candidates[i]!.gift.price)]! - 2);
      if (value > bestValue) (best = i), (bestValue = value);
    }
    if (best < 0) {
      if (!capped) break; // nothing open is left
      capped = false; // every candidate left is of a full category: the cap gives way to the count
      continue;
    }
    taken[best] = 1;
    const pick = candidates[best]!;
    picks.push(pick);
    const kind = kindOf[best];
    if (kind !== undefined) for (let i = 0; i < n; i++) if (kindOf[i] === kind) taken[i] = 1;
    if (spreadPrices) bands[priceBand(pick.gift.price)]!++;
    for (let p = 0; p < phrases; p++) if (meets[best]! & (1 << p)) served[p]!++;
  }
  return picks;
}

/** How many picks ahead of the least-served phrase the least-served of a candidate's phrases is (0 for none). */
function ahead(bits: number, served: readonly number[], least: number): number {
  if (!bits || !Number.isFinite(least)) return 0;
  let fewest = Infinity;
  for (let p = 0; p < served.length; p++) if (bits & (1 << p)) fewest = Math.min(fewest, served[p]!);
  return Number.isFinite(fewest) ? Math.max(0, fewest - least) : 0;
}

/** Per candidate: picked (or of a kind picked) yet, likeness to the closest pick, how many picks that likeness has seen. */
const makeScratch = (n: number) => ({
  taken: new Uint8Array(n),
  closest: new Float64Array(n),
  compared: new Int32Array(n),
});
let scratch = makeScratch(POOL + 32);
