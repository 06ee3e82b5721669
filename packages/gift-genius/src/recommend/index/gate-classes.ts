import type { Gift } from '../../catalog/schema.js';
import type { ItemGroup } from '../groups.js';
import { BoundedMemo } from '../memo.js';
import { BABY_AGE, gate, type ParsedQuery } from '../score.js';

import { MatchCounter } from './match-count.js';
import { readingNumber } from './reading-numbers.js';

/*
 * Groups alike in what `gate` reads besides exclusions (presumptions, gender, notFor, partner-only) pass or
 * fail together: a request gates one representative per class and counts each passing class's matched items
 * without visiting them.
 */
export class GateClasses {
  /** Each group's class number. */
  readonly classOf: Int32Array;
  private readonly reps: Gift[];
  private readonly counters: MatchCounter[];
  /**
   * Items per class covering an age within a budget, kept per (age, budget): requests repeat both, and a
   * count costs a binary search per distinct age in each class (several µs over the real catalog's classes).
   */
  private readonly counts = new BoundedMemo<string, Int32Array>(1024);
  private readonly passing = new BoundedMemo<string, Uint8Array>(1024);

  /** 1 for a class of gifts for the baby (the recipient is part of the class key). */
  private readonly forBaby: Uint8Array;

  private constructor(classOf: Int32Array, reps: Gift[], counters: MatchCounter[]) {
    this.classOf = classOf;
    this.reps = reps;
    this.counters = counters;
    this.forBaby = Uint8Array.from(reps, (r) => (r.recipient === 'baby' ? 1 : 0));
  }

  /** undefined when some item's range or price is off: then the index ranks by the reference loop. */
  static build(groups: readonly ItemGroup[]): GateClasses | undefined {
    const byKey = new Map<string, { rep: Gift; members: ItemGroup[]; number: number }>();
    const classOf = new Int32Array(groups.length);
    groups.forEach((g, i) => {
      const key = gateKey(g.rep);
      let entry = byKey.get(key);
      if (!entry) byKey.set(key, (entry = { rep: g.rep, members: [], number: byKey.size }));
      entry.members.push(g);
      classOf[i] = entry.number;
    });
    const reps: Gift[] = [];
    const counters: MatchCounter[] = [];
    for (const { rep, members } of byKey.values()) {
      const counter = MatchCounter.build(members.flatMap((g) => g.runs));
      if (!counter) return undefined;
      reps.push(rep);
      counters.push(counter);
    }
    return new GateClasses(classOf, reps, counters);
  }

  /**
   * Per class, 1 when it passes the request's gate apart from exclusions (read only). Apart from exclusions,
   * `gate` reads the role, the gender, whether the occasion is a new baby, the register's formality, whether the
   * words say medical work or weak eyes, and the interest phrases (what they state and say): kept per those, the
   * phrases by reading object (a reading is a pure function of its text).
   */
  passes(q: ParsedQuery): Uint8Array {
    let key = `${q.relationship?.role ?? ''}|${q.relationship?.gender ?? ''}|${q.occasion?.occasion === 'new-baby'}|${q.couple}|${q.medical}|${q.formal}|${q.eyes}|${q.dorm}`;
    for (const reading of q.interests) key += `|${readingNumber(reading)}`;
    return this.passing.get(key, () => {
      const ungated = q.exclusions.length ? { ...q, exclusions: [] } : q;
      const out = new Uint8Array(this.reps.length);
      for (let c = 0; c < this.reps.length; c++) if (!gate(this.reps[c]!, ungated, NO_WORDS)) out[c] = 1;
      return out;
    });
  }

  /**
   * Items of the passing classes that cover the age and fit the budget; with `baby` (a new baby for an adult),
   * the classes of gifts for the baby at the baby's age (ageFor).
   */
  matched(passes: Uint8Array, age: number, budget: number | undefined, baby: boolean): number {
    const counts = this.countsAt(age, budget);
    const babyCounts = baby ? this.countsAt(BABY_AGE, budget) : counts;
    let n = 0;
    for (let c = 0; c < counts.length; c++) if (passes[c]) n += this.forBaby[c] ? babyCounts[c]! : counts[c]!;
    return n;
  }

  private countsAt(age: number, budget: number | undefined): Int32Array {
    return this.counts.get(`${age}|${budget}`, () =>
      Int32Array.from(this.counters, (counter) => counter.count(age, budget)),
    );
  }
}

/** What `gate` reads of an item besides exclusions (so the same key gives the same outcome). */
const gateKey = (g: Gift) =>
  JSON.stringify([
    g.presumesInterest ?? null,
    g.presumes ?? null,
    g.gender ?? null,
    g.notFor ?? null,
    g.relationships.length === 1 && g.relationships[0] === 'partner',
    g.recipient ?? null,
    g.personal ?? null,
    g.presumes?.includes('names-its-hobby') ? (g.keywords ?? null) : null,
  ]);

const NO_WORDS: ReadonlySet<string> = new Set();
