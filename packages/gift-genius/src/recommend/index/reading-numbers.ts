/**
 * A number per reading object (interest, exclusion), for memo keys: readings are memoised per text
 * (score.ts) and pure, so one object always means one reading. A reading made again gets a new number.
 */
const numbers = new WeakMap<object, number>();
let last = 0;

export function readingNumber(reading: object): number {
  let n = numbers.get(reading);
  if (n === undefined) numbers.set(reading, (n = ++last));
  return n;
}
