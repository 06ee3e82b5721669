/** `replay --against`'s text: one line per recorded answer, and where each differs. Pure. */
import type { ReplayComparison } from '../replay/against.js';
import { oneLine } from './peer-text.js';

export function formatReplayText(comparisons: ReplayComparison[]): string {
  const lines: string[] = [];
  for (const c of comparisons) {
    lines.push(`${c.outcome === 'same' ? 'same     ' : c.outcome.padEnd(9)} ${oneLine(c.method, 100)}`);
    for (const d of c.differences) lines.push(`            ${oneLine(d, 400)}`);
  }
  const same = comparisons.filter((c) => c.outcome === 'same').length;
  lines.push(`${same} of ${comparisons.length} answers the same`);
  return `${lines.join('\n')}\n`;
}
