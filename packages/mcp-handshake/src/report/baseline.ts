import type { Finding } from '../types.js';

/**
 * A baseline lists check ids whose failures are known and accepted:
 * `{"accept": ["initialize-format", …]}` or a bare array. Written by --write-baseline.
 */
export function parseBaseline(text: string): Set<string> {
  const data = JSON.parse(text) as unknown;
  const list = Array.isArray(data) ? data : (data as { accept?: unknown }).accept;
  if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) throw new Error('a baseline is {"accept": ["check-id", …]} or an array of check ids');
  return new Set(list as string[]);
}

export function applyBaseline(findings: Finding[], accepted: Set<string>): Finding[] {
  return findings.map((f) => (f.status === 'fail' && accepted.has(f.id) ? { ...f, baselined: true } : f));
}

export function baselineFor(findings: Finding[]): string {
  return JSON.stringify({ accept: findings.filter((f) => f.status === 'fail').map((f) => f.id) }, null, 2) + '\n';
}
