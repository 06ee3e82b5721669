import type { ItemGroup } from '../groups.js';
import { BoundedMemo } from '../memo.js';
import { excludes } from '../score.js';
import type { ExclusionReading } from '../vocabulary.js';
import { readingNumber } from './reading-numbers.js';

/*
 * The groups an exclusion rules out, kept per reading (memoised per word, see score.ts): "alcohol" or
 * "nuts" is matched against every group's contents and words once, not per request.
 */
export class ExclusionHits {
  /** Bounded by total size (group entries), like the phrase hits. */
  private readonly memo = new BoundedMemo<number, Int32Array>(2 ** 22, (h) => h.length + 64);

  constructor(private readonly groups: readonly ItemGroup[]) {}

  of(exclusion: ExclusionReading): Int32Array {
    return this.memo.get(readingNumber(exclusion), () => {
      const out: number[] = [];
      this.groups.forEach((g, i) => {
        if (excludes(g.rep, exclusion, g.words)) out.push(i);
      });
      return Int32Array.from(out);
    });
  }
}
