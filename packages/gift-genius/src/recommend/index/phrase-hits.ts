import { MET } from '../candidates.js';
import type { ItemGroup } from '../groups.js';
import { BoundedMemo } from '../memo.js';
import { type ParsedQuery, phraseRelevance, signatureScoreValue } from '../score.js';
import type { InterestReading } from '../vocabulary.js';
import type { GroupBounds } from './bounds.js';
import { readingNumber } from './reading-numbers.js';

/*
 * The groups a request's interest phrases touch (a tag a phrase names, or its words in the text): the only
 * signatures whose score the phrases change, scored and put in best-bound-first order. Which groups a phrase
 * touches is kept per reading object (readings are memoised per phrase text, see score.ts), and the scored
 * order per readings and fact-table key (the rest of what the score reads), like the fact tables themselves.
 */

/** Touched groups, best bound first (ties by group number), with their scores and bounds by position. */
export interface HitOrder {
  groups: Int32Array;
  score: Float64Array;
  bound: Float64Array;
  /** Per phrase, the positions (in this order) of the groups that meet it (phraseRelevance ≥ MET). */
  met: Int32Array[];
}

const HIT_ENTRIES = 2 ** 22;

export class PhraseHits {
  /** Bounded by total size (group entries), so a big catalog with broad phrases keeps fewer. */
  private readonly touched = new BoundedMemo<number, Int32Array>(HIT_ENTRIES, (h) => h.length + 64);
  private readonly orders = new BoundedMemo<string, HitOrder>(
    HIT_ENTRIES,
    (o) => o.groups.length + o.met.reduce((n, m) => n + m.length, 0) + 64,
  );

  constructor(
    private readonly groups: readonly ItemGroup[],
    private readonly bounds: GroupBounds,
  ) {}

  /** `relevance[p]`: phrase p's text relevance per profile; `factKey`: FactOrders.key(q). */
  scored(q: ParsedQuery, relevance: readonly Float64Array[], factKey: string): HitOrder {
    let key = factKey;
    for (const reading of q.interests) key += `|${readingNumber(reading)}`;
    return this.orders.get(key, () => this.score(q, relevance));
  }

  private score(q: ParsedQuery, relevance: readonly Float64Array[]): HitOrder {
    const seen = new Set<number>();
    relevance.forEach((text, p) => {
      for (const g of this.of(q.interests[p]!, text)) seen.add(g);
    });
    const touched = [...seen];
    const score = touched.map((g) => signatureScoreValue(this.groups[g]!.rep, q, relevance, this.groups[g]!.profile));
    const bound = touched.map((g, i) => {
      const ub = score[i]! + this.bounds.ageFitBound(g, q);
      return !Number.isNaN(ub) ? ub : Infinity; // a NaN score (never seen) is visited, as rankGroups would
    });
    const order = touched.map((_, i) => i).sort((x, y) => bound[y]! - bound[x]! || touched[x]! - touched[y]!);
    const groups = Int32Array.from(order, (i) => touched[i]!);
    const met = q.interests.map((reading, p) => {
      const at: number[] = [];
      groups.forEach((g, k) => {
        const group = this.groups[g]!;
        if (phraseRelevance(group.rep, reading, relevance[p]![group.profile]!) >= MET) at.push(k);
      });
      return Int32Array.from(at);
    });
    return {
      groups,
      score: Float64Array.from(order, (i) => score[i]!),
      bound: Float64Array.from(order, (i) => bound[i]!),
      met,
    };
  }

  /** The groups one phrase touches. `text`: its text relevance per profile. */
  of(reading: InterestReading, text: Float64Array): Int32Array {
    return this.touched.get(readingNumber(reading), () => {
      const out: number[] = [];
      this.groups.forEach((g, i) => {
        if (phraseRelevance(g.rep, reading, text[g.profile]!) > 0) out.push(i);
      });
      return Int32Array.from(out);
    });
  }
}
