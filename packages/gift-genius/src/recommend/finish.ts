import { byRank, type Candidate, MET, type Pick } from './candidates.js';
import { diversify } from './diversify.js';
import { type ItemGroup, upperBound } from './groups.js';
import { byName, listRecipient, reasonFor, unmetMessage } from './reasons.js';
import { priceBand, type Ranking, type Unmet } from './result.js';
import {
  ageFor,
  type GateFailure,
  type GiftQuery,
  gate,
  type ParsedQuery,
  phraseRelevance,
  pickFacts,
} from './score.js';

/* From the candidate pool (best first) and the match count to the answer: diversity, unmet, reasons. */

/** Phrases the coverage rule tracks (bits of an int); the schema allows 10. */
const MAX_PHRASES = 30;

/** n zeros, shared (read only). */
let ZEROS: readonly number[] = [];
const zeros = (n: number) => {
  if (ZEROS.length < n) ZEROS = new Array<number>(n * 2).fill(0);
  return ZEROS;
};

/**
 * The phrases a candidate meets (bits, the first MAX_PHRASES phrases), from the same doubles its score was
 * made of (pure): computed once and kept on the candidate (the pool's phrase counts and the diversity step
 * both read them).
 */
export function meetsOf(c: Candidate, q: ParsedQuery, relevance: readonly Float64Array[]): number {
  let bits = c.meets ?? -1;
  if (bits < 0) {
    bits = 0;
    const { rep, profile } = c.group;
    const phrases = Math.min(q.interests.length, MAX_PHRASES);
    // Met as the reasons say it (relevant enough and by name): a serving board near "sourdough baking" through
    // its text, said "not strictly for" it, does not cover the phrase while a bread cooker waits.
    for (let p = 0; p < phrases; p++)
      if (phraseRelevance(rep, q.interests[p]!, relevance[p]![profile]!) >= MET && byName(rep, q.interests[p]!))
        bits |= 1 << p;
    c.meets = bits;
  }
  return bits;
}

/** Whether a candidate meets phrase p (bits kept for the first MAX_PHRASES; computed past them). */
export const meetsPhrase = (c: Candidate, q: ParsedQuery, relevance: readonly Float64Array[], p: number) =>
  p < MAX_PHRASES
    ? (meetsOf(c, q, relevance) & (1 << p)) !== 0
    : phraseRelevance(c.group.rep, q.interests[p]!, relevance[p]![c.group.profile]!) >= MET &&
      byName(c.group.rep, q.interests[p]!);

/**
 * `touching(p)`: groups that include every group phrase p fits at all (the index passes the phrase's hits);
 * all groups by default. Why nothing fits a phrase is worked out over those only.
 */
export function finishRanking(
  groups: readonly ItemGroup[],
  q: ParsedQuery,
  relevance: Float64Array[],
  pool: readonly Candidate[],
  served: readonly (readonly Candidate[])[],
  matched: number,
  query: GiftQuery,
  skip: (id: string) => boolean,
  touching: (p: number) => Iterable<ItemGroup> = () => groups,
): Ranking {
  // The pool and each phrase's best candidates, once each, best first.
  let candidates: readonly Candidate[] = pool;
  if (served.some((c) => c.length)) {
    const inPool = new Set(pool.map((c) => c.group));
    const more = served.flat().filter((c) => !inPool.has(c.group) && (inPool.add(c.group), true));
    candidates = [...pool, ...more].sort(byRank);
  }
  // The phrases each candidate meets (bits), from the same doubles the scores were made of (pure).
  const phrases = Math.min(q.interests.length, MAX_PHRASES);
  const meets = phrases ? candidates.map((c) => meetsOf(c, q, relevance)) : zeros(candidates.length);
  // No interest pulling one way: no category takes more than 2 of 5 picks while another has a candidate.
  const perCategory = q.interests.length === 0 ? Math.ceil(q.count * 0.4) : Infinity;
  const picks: Pick[] = diversify(candidates, q.count, meets, phrases, perCategory, query.budget === undefined).map(
    (s) => {
      const f = pickFacts(s.group.rep, q, relevance, s.group.profile);
      return {
        gift: s.gift,
        group: s.group,
        score: s.score,
        phraseRel: f.phraseRel,
        roleFits: f.roleFits,
        occasionFits: f.occasionFits,
      };
    },
  );
  const unmet = findUnmet(touching, q, relevance, picks, candidates, matched, query, skip);
  const gifts = picks.map((s, i) => ({
    gift: s.gift,
    score: Math.round(s.score * 100) / 100,
    category: s.gift.categories[0]!,
    reason: reasonFor(s, q, i),
  }));
  // The answer's keys in this order, the optional ones only when set (literals, not spreads of `cond && {…}`:
  // those took the runtime's slow path to define properties, about 0.3 µs per call).
  const relationship = q.relationship?.role;
  const occasion = q.occasion?.occasion;
  // Said only when true: no budget was given and the ideas' prices fall in two price bands or more.
  const acrossPriceRanges = query.budget === undefined && new Set(gifts.map((g) => priceBand(g.gift.price))).size >= 2;
  const person = listRecipient(q);
  if (relationship !== undefined && occasion)
    return { gifts, matched, relationship, occasion, acrossPriceRanges, unmet, person };
  if (relationship !== undefined) return { gifts, matched, relationship, acrossPriceRanges, unmet, person };
  if (occasion) return { gifts, matched, occasion, acrossPriceRanges, unmet, person };
  return { gifts, matched, acrossPriceRanges, unmet, person };
}

function findUnmet(
  touching: (p: number) => Iterable<ItemGroup>,
  q: ParsedQuery,
  relevance: Float64Array[],
  picks: Pick[],
  candidates: readonly Candidate[],
  matched: number,
  query: GiftQuery,
  skip: (id: string) => boolean,
): Unmet[] {
  const unmet: Unmet[] = [];
  if (q.occasion && !q.occasion.occasion) unmet.push({ kind: 'occasion', message: unmetMessage.occasion(q) });
  // Met as the reasons say it: relevant enough and by name (a D&D set near "harry potter" through the word
  // "fantasy" is said as a step away, so the note that nothing matches must still be given).
  const meets = (s: Pick, p: number) => s.phraseRel[p]! >= MET && byName(s.gift, q.interests[p]!);
  q.interests.forEach((reading, p) => {
    if (picks.some((s) => meets(s, p))) return;
    // What the list is instead: the other phrases its picks meet, and whether some picks meet none.
    const others = q.interests.filter((_, o) => o !== p && picks.some((s) => meets(s, o)));
    const fillers = picks.filter((s) => !s.phraseRel.some((_, o) => meets(s, o))).length;
    const instead = { others: others.map((r) => r.phrase), fillers, picks: picks.length };
    // A match that fits everything was left out: the list had no room for it (fewer ideas than interests).
    const fits = candidates.some(
      (c) =>
        phraseRelevance(c.group.rep, reading, relevance[p]![c.group.profile]!) >= MET && byName(c.group.rep, reading),
    );
    if (fits) {
      unmet.push({ kind: 'interest', message: unmetMessage.room(reading.phrase, q) });
      return;
    }
    // Why nothing fits: the first reason found among the items that do match the phrase.
    let cause: GateFailure | 'budget' | 'age' | undefined;
    let cheapest = Infinity;
    // The order does not matter: an exclusion wins over age, age over budget, the cheapest is a minimum.
    for (const group of touching(p)) {
      if (phraseRelevance(group.rep, reading, relevance[p]![group.profile]!) < MET || !byName(group.rep, reading))
        continue;
      const failure = gate(group.rep, q, group.words);
      if (failure === 'exclusion') cause = 'exclusion';
      else if (!failure) {
        const age = ageFor(group.rep, q);
        for (const run of group.runs) {
          if (age < run.ageMin || age > run.ageMax) {
            if (cause !== 'exclusion') cause = 'age';
            continue;
          }
          if (q.budget === undefined) continue;
          let i = upperBound(run.prices, q.budget);
          while (i < run.items.length && skip(run.items[i]!.id)) i++;
          if (i < run.items.length) cheapest = Math.min(cheapest, run.prices[i]!);
        }
      }
    }
    if (cause !== 'exclusion' && Number.isFinite(cheapest)) cause = 'budget';
    const kind =
      cause === 'budget' ? 'budget' : cause === 'exclusion' ? 'exclusion' : cause === 'age' ? 'age' : 'interest';
    unmet.push({ kind, message: unmetMessage.interest(kind, reading.phrase, q, cheapest, instead) });
  });
  if (picks.length < q.count) {
    unmet.push(
      matched === 0 && query.budget !== undefined
        ? { kind: 'budget', message: unmetMessage.nothing(q) }
        : {
            kind: 'catalog',
            message:
              candidates.length > picks.length && picks.length > 0
                ? unmetMessage.kinds(picks.length, q)
                : unmetMessage.few(picks.length, q),
          },
    );
  }
  return unmet;
}
