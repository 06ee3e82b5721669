import type { ItemGroup } from '../groups.js';
import { phraseRelevance } from '../score.js';
import type { InterestReading } from '../vocabulary.js';

/*
 * The groups an interest phrase touches (a tag it names, or its words in the text): the only signatures whose
 * score a phrase changes. Kept per reading object (readings are memoised per phrase text, see score.ts), so a
 * phrase costs a pass over the groups once, not per request.
 */
export class PhraseHits {
  private readonly memo = new WeakMap<InterestReading, Int32Array>();

  constructor(private readonly groups: readonly ItemGroup[]) {}

  /** `text`: the phrase's text relevance per profile. */
  of(reading: InterestReading, text: Float64Array): Int32Array {
    let hits = this.memo.get(reading);
    if (!hits) {
      const out: number[] = [];
      this.groups.forEach((g, i) => {
        if (phraseRelevance(g.rep, reading, text[g.profile]!) > 0) out.push(i);
      });
      hits = Int32Array.from(out);
      this.memo.set(reading, hits);
    }
    return hits;
  }
}
