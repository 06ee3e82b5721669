import type { InterestReading } from '../vocabulary.js';

/**
 * A number per interest reading object, for memo keys: readings are memoised per phrase text (score.ts) and
 * pure, so one object always means one reading. A reading made again after eviction gets a new number.
 */
const numbers = new WeakMap<InterestReading, number>();
let last = 0;

export function readingNumber(reading: InterestReading): number {
  let n = numbers.get(reading);
  if (n === undefined) numbers.set(reading, (n = ++last));
  return n;
}
