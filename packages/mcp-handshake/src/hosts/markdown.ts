/**
 * The host data as the README's table: one row per host, every cell from src/hosts/*.ts, so the README cannot
 * say what the data does not (test/readme-hosts.test.ts holds them equal; scripts/hosts-table.mjs writes it).
 * Pure.
 */
import { FAULT_CODES } from './fault-classes.js';
import { HOSTS_IN_ORDER } from './index.js';
import type { Fact, HostProfile } from './types.js';

const seconds = (ms: number) => `${ms >= 10_000 ? Math.round(ms / 1000) : (ms / 1000).toFixed(1)} s`;
const basis = (f: Fact<unknown>) => (f.basis === 'measured' ? '' : ' (reported)');
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function offers(h: HostProfile): string {
  const v = h.versionsOffered.value;
  const parts = [v.initialize && `initialize ${v.initialize}`, v.modern && `${v.modern} envelope`].filter(Boolean);
  return `${parts.join('; ') || 'not known'}${basis(h.versionsOffered)}`;
}

function discover(h: HostProfile): string {
  const d = h.discover.value;
  if (!d.probes) return `no${basis(h.discover)}`;
  const waits = Object.entries(d.silentWaitMs ?? {})
    .map(([t, ms]) => `${t} ${ms} ms`)
    .join(', ');
  return `yes (${d.on.join(', ')}); falls back on ${(d.fallsBackOn ?? []).join(', ') || 'not known'}${waits ? `; waits ${waits}` : ''}${basis(h.discover)}`;
}

function startup(h: HostProfile): string {
  const s = h.startupTimeout?.value;
  if (!s) return 'not known';
  const how =
    s.omitsAfterMs !== undefined
      ? `goes on without it after ${seconds(s.omitsAfterMs)}`
      : s.ms !== undefined
        ? `gives up at ${seconds(s.ms)}`
        : s.atLeastMs !== undefined
          ? `still waiting at ${seconds(s.atLeastMs)}`
          : 'not known';
  return `${how}${basis(h.startupTimeout!)}`;
}

function faults(h: HostProfile): string {
  let measured = 0;
  let reported = 0;
  for (const code of FAULT_CODES)
    for (const f of Object.values(h.faults[code] ?? {})) f?.basis === 'measured' ? measured++ : reported++;
  return [measured && `${measured} measured`, reported && `${reported} reported`].filter(Boolean).join(', ') || 'none';
}

export function hostsMarkdown(hosts: readonly HostProfile[] = HOSTS_IN_ORDER): string {
  const rows = hosts.map((h) =>
    [
      h.measuredHere && h.package
        ? `${h.name} ${h.package.version}`
        : `${h.name} (not run here: ${h.notMeasuredBecause ?? 'no headless mode'})`,
      h.transports.value.join(', '),
      offers(h),
      discover(h),
      startup(h),
      h.healthCheck ? `\`${h.healthCheck.value.command}\`` : 'none',
      faults(h),
    ]
      .map(cell)
      .join(' | '),
  );
  return [
    '| host | transports | offers | probes `server/discover` | a stdio server that never answers | health check | fault reactions |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r} |`),
  ].join('\n');
}
