/** The fixture × host matrix the real-host tests print: what each host did with each fault fixture. */
import type { HostDriver } from './harness.js';
import type { Observation } from './observe.js';

const CELL: Record<string, string> = {
  'keeps-all': 'sees',
  'drops-bad-tools': 'drops bad',
  'drops-all-tools': 'connects, 0',
  'drops-server': 'no server',
  'drops-session': 'no session',
};

export function formatMatrix(observations: Observation[], drivers: HostDriver[]): string {
  const rows = [...new Set(observations.map((o) => `${o.fault} (${o.transport})`))].sort();
  const hosts = drivers.filter((d) => observations.some((o) => o.host === d.id));
  const cell = (row: string, host: string) => {
    const o = observations.find((x) => `${x.fault} (${x.transport})` === row && x.host === host);
    if (!o) return '-';
    return `${CELL[o.effect]} ${o.toolsSeen.length}/${o.offered.length}${o.health?.status === 'failed' ? ' ✘' : ''}`;
  };
  const header = ['fixture (transport)', ...hosts.map((h) => `${h.label} ${h.locate()?.version ?? ''}`.trim())];
  const table = [header, ...rows.map((r) => [r, ...hosts.map((h) => cell(r, h.id))])];
  const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)));
  const line = (row: string[]) => row.map((c, i) => c.padEnd(widths[i])).join(' │ ');
  return [
    'Real hosts × fault fixtures: what reached the model (tools seen / offered; ✘: its health check says failed)',
    line(header),
    widths.map((w) => '─'.repeat(w)).join('─┼─'),
    ...table.slice(1).map(line),
  ].join('\n');
}
