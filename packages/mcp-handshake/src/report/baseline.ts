import type { Finding } from '../types.js';

/**
 * A baseline lists check ids (or finding codes) whose failures are known and accepted:
 * `{"accept": ["initialize-format", "message-schema/result", …]}` or a bare array. Written by --write-baseline.
 */
export function parseBaseline(text: string): Set<string> {
  const data = JSON.parse(text) as unknown;
  const list = Array.isArray(data) ? data : (data as { accept?: unknown }).accept;
  if (!Array.isArray(list) || !list.every((x) => typeof x === 'string'))
    throw new Error('a baseline is {"accept": ["check-id", …]} or an array of check ids');
  return new Set(list as string[]);
}

/**
 * A failing check is baselined when its id is accepted, or when the code of every failing finding it has is
 * (`"message-schema/result"` accepts those findings and no others of the check).
 */
export function applyBaseline(findings: Finding[], accepted: Set<string>): Finding[] {
  const covered = (f: Finding) => {
    const failing = f.findings.filter((d) => d.severity === 'fail');
    return accepted.has(f.id) || (failing.length > 0 && failing.every((d) => accepted.has(d.code)));
  };
  return findings.map((f) => (f.status === 'fail' && covered(f) ? { ...f, baselined: true } : f));
}

export function baselineFor(findings: Finding[]): string {
  return `${JSON.stringify({ accept: findings.filter((f) => f.status === 'fail').map((f) => f.id) }, null, 2)}\n`;
}
