/**
 * `--profile <host>`: the named host's known risks become failures; `strict`: every warning does. Pure.
 */
import type { Finding } from '../types.js';
import { statusOf } from './finding.js';
import type { Profile } from './hosts.js';

export function applyProfile(entries: Finding[], profile: Profile | undefined): Finding[] {
  if (!profile) return entries;
  return entries.map((entry) => {
    let changed = false;
    const findings = entry.findings.map((f) => {
      if (f.severity !== 'warn' || (profile !== 'strict' && !(f.hosts as string[] | undefined)?.includes(profile)))
        return f;
      changed = true;
      return { ...f, severity: 'fail' as const, escalatedBy: profile };
    });
    if (!changed) return entry;
    const next = { ...entry, findings };
    const status = statusOf(next);
    const summary =
      status === entry.status
        ? entry.summary
        : findings
            .filter((f) => f.severity === 'fail')
            .map((f) => f.message)
            .join('; ');
    return { ...next, status, summary };
  });
}
