import type { ItemGroup } from '../groups.js';
import { BoundedMemo } from '../memo.js';
import { factScore, type ParsedQuery } from '../score.js';
import type { GroupBounds } from './bounds.js';

/*
 * The score of a signature no interest phrase touches depends on six things of a request only: the
 * relationship's role, the occasion, the register, the age band (a senior's bonus, a child's freedom from the
 * unasked-pursuit penalty), whom the occasion is for, and whether it is a partner's own anniversary with pursuits
 * named. Per combination (a few in practice), every signature's
 * score and its groups in
 * best-bound-first order, computed once; a request then walks that order and never scores those signatures.
 */
export interface FactOrder {
  /** Per group: factScore with no phrase term, the same double signatureScoreValue gives it. */
  score: Float64Array;
  /** Per group: score + the best age bonus of its runs (Infinity for a NaN score, so it is visited). */
  bound: Float64Array;
  /** Group numbers by bound, best first (ties by number). */
  order: Int32Array;
}

const TABLE_ENTRIES = 2 ** 22;

export class FactOrders {
  /** At most 256 tables, and about 4M group entries in all (80 MB) whatever the catalog's size. */
  private readonly memo = new BoundedMemo<string, FactOrder>(TABLE_ENTRIES, (t) => Math.max(t.order.length, 16_384));

  constructor(
    private readonly groups: readonly ItemGroup[],
    private readonly bounds: GroupBounds,
  ) {}

  /**
   * What a table depends on: role, occasion, register, age band (seniors, children), whom the occasion is for, and a
   * partner's own anniversary with pursuits named (factScore halves the day's terms then).
   */
  static key(q: ParsedQuery): string {
    return `${q.relationship?.role ?? ''}|${q.occasion?.occasion ?? ''}|${q.registerName ?? ''}|${q.band}|${+q.couple}${+q.baby}${+q.household}${+q.ownDayWithPursuits}`;
  }

  /** `key`: FactOrders.key(q). */
  for(q: ParsedQuery, key: string): FactOrder {
    return this.memo.get(key, () => {
      const n = this.groups.length;
      const score = new Float64Array(n);
      const bound = new Float64Array(n);
      for (let g = 0; g < n; g++) {
        score[g] = factScore(this.groups[g]!.rep, q, 0);
        const ub = score[g]! + this.bounds.ageFitBound(g, q);
        bound[g] = !Number.isNaN(ub) ? ub : Infinity;
      }
      const order = Int32Array.from({ length: n }, (_, g) => g).sort((x, y) => bound[y]! - bound[x]! || x - y);
      return { score, bound, order };
    });
  }
}
