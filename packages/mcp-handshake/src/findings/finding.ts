/**
 * Findings as data: how a check builds them, how a check's status follows from them, and how a check
 * written against the older shape ({status, summary, evidence} only) is adapted. Pure.
 */
import type {
  Check,
  CheckResult,
  CheckStatus,
  Citation,
  Diagnostic,
  Finding,
  HostId,
  Party,
  Severity,
} from '../types.js';

export const SPEC_BASE = 'https://modelcontextprotocol.io/specification';

/** A section of one revision: `cite('2025-11-25', 'basic/lifecycle#initialization')`. */
export function cite(revision: string | undefined, section: string): Citation {
  return {
    ...(revision && { revision }),
    section,
    url: revision ? `${SPEC_BASE}/${revision}/${section}` : `${SPEC_BASE}/${section}`,
  };
}

/** The citation a spec URL stands for (the older checks name their section by URL). */
export function citeUrl(url: string): Citation {
  const m = /^https:\/\/modelcontextprotocol\.io\/specification\/(?:(\d{4}-\d{2}-\d{2}|draft)\/)?(.*)$/.exec(url);
  if (!m) return { section: url, url };
  return { ...(m[1] && { revision: m[1] }), section: m[2], url };
}

export interface FindingOptions {
  args?: Record<string, unknown>;
  evidence?: string[];
  party?: Party;
  hosts?: HostId[];
}

export function finding(
  code: string,
  severity: Severity,
  message: string,
  where: Citation,
  options: FindingOptions = {},
): Diagnostic {
  return {
    code,
    severity,
    message,
    args: options.args ?? {},
    evidence: options.evidence ?? [],
    cite: where,
    party: options.party ?? 'server',
    ...(options.hosts?.length && { hosts: options.hosts }),
  };
}

const RANK: Record<CheckStatus, number> = { skip: 0, info: 1, pass: 2, warn: 3, fail: 4 };
const worse = (a: CheckStatus, b: CheckStatus): CheckStatus => (RANK[b] > RANK[a] ? b : a);

/**
 * A check's result from its findings: the worst severity (pass when there is only `info`, or nothing),
 * the summary from the findings that matter, and the check's own evidence followed by theirs.
 */
export function verdict(
  findings: Diagnostic[],
  ok: { summary: string; evidence?: string[]; status?: 'pass' | 'info' },
): CheckResult {
  const status = findings.reduce<CheckStatus>(
    (s, f) => (f.severity === 'info' ? s : worse(s, f.severity)),
    ok.status ?? 'pass',
  );
  const serious = findings.filter((f) => f.severity === status);
  const summary = status === 'fail' || status === 'warn' ? serious.map((f) => f.message).join('; ') : ok.summary;
  const evidence = [...(ok.evidence ?? []), ...findings.flatMap((f) => f.evidence)];
  return { status, summary, evidence, findings };
}

/**
 * Findings of a result, adapting one without them: a fail/warn/info result becomes one finding coded by the
 * check id.
 */
export function findingsOf(check: Pick<Check, 'id' | 'spec'>, result: CheckResult): Diagnostic[] {
  if (result.findings) return result.findings;
  if (result.status !== 'fail' && result.status !== 'warn' && result.status !== 'info') return [];
  return [finding(check.id, result.status, result.summary, citeUrl(check.spec), { evidence: result.evidence })];
}

/** The status a report entry has once its findings may have changed (a profile, a baseline). */
export function statusOf(entry: Pick<Finding, 'status' | 'findings'>): CheckStatus {
  return entry.findings.reduce<CheckStatus>((s, f) => (f.severity === 'info' ? s : worse(s, f.severity)), entry.status);
}
