// One row from several rounds of the same load cell (runLoad results): medians of the rates and latencies,
// sums of the counts (so one failed answer in any round flags the row), each round kept for the JSON.
import { median } from './common.mjs';

const COUNTS = [
  'requests',
  'non2xx',
  'socketErrors',
  'timeouts',
  'jsonRpcErrors',
  'toolErrors',
  'badBodies',
  'idMismatch',
  'errors',
];

/**
 * @param {object[]} rs successful rounds (at least one), each a runLoad result plus rps and load1
 * @param {{ medians?: string[], kept?: string[] }} [keys] fields to take the median of; fields kept per round
 */
export function combineRounds(
  rs,
  { medians = ['rps', 'p50', 'p90', 'p99', 'load1'], kept = ['rps', 'p50', 'p99', 'errors', 'load1'] } = {},
) {
  const row = { ...rs[0] };
  if (rs.length < 2) return row;
  for (const k of medians) row[k] = median(rs.map((r) => r[k]).filter((v) => v != null)) ?? null;
  for (const k of COUNTS) row[k] = rs.reduce((a, r) => a + (r[k] ?? 0), 0);
  row.max = Math.max(...rs.map((r) => r.max));
  row.flagged = rs.some((r) => r.flagged);
  row.firstError = rs.find((r) => r.firstError)?.firstError ?? null;
  row.rounds = rs.map((r) => Object.fromEntries(kept.map((k) => [k, r[k]])));
  return row;
}
