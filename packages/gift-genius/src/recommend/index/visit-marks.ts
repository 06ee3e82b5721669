/**
 * A set of group numbers cleared in O(1) per request: group g is in the set when `marks[g]` equals the
 * request's generation, so starting a request is one increment, not a pass over the groups. Read inline
 * (`marks[g] === generation`) in the index's loops.
 */
export class VisitMarks {
  readonly marks: Int32Array;
  private generation = 0;

  constructor(size: number) {
    this.marks = new Int32Array(size);
  }

  /** The generation of a new, empty set (the previous one is no longer valid). */
  next(): number {
    if (++this.generation === 0x7fffffff) this.marks.fill(0), (this.generation = 1);
    return this.generation;
  }
}
