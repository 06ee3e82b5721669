import type { ItemGroup } from '../groups.js';
import { excludes } from '../score.js';
import type { ExclusionReading } from '../vocabulary.js';

/*
 * The groups an exclusion rules out, kept per reading object (memoised per word, see score.ts): "alcohol" or
 * "nuts" is matched against every group's contents and words once, not per request.
 */
export class ExclusionHits {
  private readonly memo = new WeakMap<ExclusionReading, Int32Array>();

  constructor(private readonly groups: readonly ItemGroup[]) {}

  of(exclusion: ExclusionReading): Int32Array {
    let hits = this.memo.get(exclusion);
    if (!hits) {
      const out: number[] = [];
      this.groups.forEach((g, i) => {
        if (excludes(g.rep, exclusion, g.words)) out.push(i);
      });
      hits = Int32Array.from(out);
      this.memo.set(exclusion, hits);
    }
    return hits;
  }
}
