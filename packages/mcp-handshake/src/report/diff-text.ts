/** `diff`'s text: every change, breaking first, then what it means for each host. Pure. */
import type { Change } from '../snapshot/change.js';
import type { HostImpact } from '../snapshot/host-impact.js';
import { oneLine } from './peer-text.js';

export function formatDiffText(r: {
  breaking: number;
  additive: number;
  changes: Change[];
  hosts: HostImpact[];
}): string {
  if (r.changes.length === 0) return 'No changes.';
  const lines = [...r.changes]
    .sort((a, b) => (a.class === b.class ? 0 : a.class === 'breaking' ? -1 : 1))
    .map(
      (c) =>
        `${c.class === 'breaking' ? 'BREAKING' : 'additive'}  ${oneLine(c.subject, 200)}: ${oneLine(c.message, 400)}  [${c.code}]`,
    );
  lines.push('', `${r.breaking} breaking, ${r.additive} additive`, '', 'What it means for hosts:');
  for (const h of r.hosts)
    lines.push(
      `  ${h.host}${h.when === 'breaking' ? ' (breaking changes)' : ''}: ${h.says}.`,
      `    source (${h.basis}): ${h.source}`,
    );
  return lines.join('\n');
}
