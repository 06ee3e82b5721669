import type { RootCause } from '../diagnosis/root-cause.js';
import { CRASHED_SUFFIX } from '../findings/finding.js';
import type { OAuthHostRow } from '../oauth/stage.js';
import type { CheckStatus, Diagnostic, Era, Finding, Transcript, TransportKind } from '../types.js';
import type { Style } from './style.js';

/** Version 2 added findings (code, severity, args, cite, party) and profile; every @1 field is unchanged. */
export const REPORT_FORMAT = 'mcp-handshake/doctor@2';
/** The JSON Schema of REPORT_FORMAT, shipped in the package. */
export const REPORT_SCHEMA_FILE = 'schema/doctor-report@2.schema.json';

/** The documented --json shape (schema/doctor-report@2.schema.json). Add fields; never rename or remove them. */
export interface DoctorReport {
  format: typeof REPORT_FORMAT;
  /** The --profile the verdicts were judged with, if any. */
  profile?: string;
  tool: { name: 'mcp-handshake'; version: string };
  target: string;
  transport: TransportKind;
  startedAt: string;
  durationMs: number;
  /** What each era answered, in short. */
  eras: Array<{ era: Era; probed: boolean; served: string[] }>;
  /** `crashed`: checks that threw (a bug in mcp-handshake, not counted as `fail`). */
  summary: Record<CheckStatus, number> & { baselined: number; crashed: number };
  /** 0 no failure, 1 a check failed, 2 could not connect, 70 a check crashed (a bug in mcp-handshake). */
  exitCode: 0 | 1 | 2 | 70;
  /** Why connecting (or the handshake) failed, when it did: the first thing to read. */
  rootCause?: RootCause;
  checks: Array<
    Pick<Finding, 'id' | 'title' | 'status' | 'summary' | 'evidence' | 'why' | 'fix' | 'spec'> & {
      baselined: boolean;
      findings: Diagnostic[];
    }
  >;
  /** A protected endpoint: how far each known host gets through its OAuth discovery (the oauth-* checks say why). */
  oauth?: { hosts: OAuthHostRow[] };
}

export function buildReport(
  transcript: Transcript,
  findings: Finding[],
  served: { legacy: string[]; modern: string[] },
  connected: boolean,
  toolVersion: string,
  profile?: string,
  rootCause?: RootCause,
): DoctorReport {
  const summary = { pass: 0, warn: 0, fail: 0, skip: 0, info: 0, baselined: 0, crashed: 0 };
  // A check that threw says nothing about the server: it is our bug, reported apart (exit 70).
  const crashed = (f: Finding) => f.findings?.some((d) => d.code.endsWith(CRASHED_SUFFIX)) ?? false;
  for (const f of findings) {
    if (crashed(f)) summary.crashed++;
    else summary[f.status]++;
    if (f.baselined) summary.baselined++;
  }
  const failing = findings.some((f) => f.status === 'fail' && !f.baselined && !crashed(f));
  return {
    format: REPORT_FORMAT,
    ...(profile && { profile }),
    tool: { name: 'mcp-handshake', version: toolVersion },
    target: transcript.target,
    transport: transcript.transport,
    startedAt: transcript.startedAt,
    durationMs: transcript.durationMs,
    eras: (['legacy', 'modern'] as const).map((era) => ({
      era,
      probed: transcript.options.eras.includes(era),
      served: served[era],
    })),
    summary,
    // A root cause while connected (the handshake timed out while another probe was answered) is printed as
    // "handshake failed": it fails the run too, though the checks it stopped are skips, not failures.
    exitCode: !connected ? 2 : summary.crashed ? 70 : failing || rootCause ? 1 : 0,
    ...(rootCause && { rootCause }),
    checks: findings.map((f) => ({
      id: f.id,
      title: f.title,
      status: f.status,
      summary: f.summary,
      evidence: f.evidence,
      why: f.why,
      fix: f.fix,
      spec: f.spec,
      baselined: Boolean(f.baselined),
      findings: f.findings,
    })),
  };
}

const ICON: Record<CheckStatus, string> = { pass: '✔', warn: '!', fail: '✖', skip: '-', info: 'i' };

export function formatDoctorText(report: DoctorReport, style: Style, verbose = false): string {
  const paint: Record<CheckStatus, (s: string) => string> = {
    pass: style.green,
    warn: style.yellow,
    fail: style.red,
    skip: style.dim,
    info: style.blue,
  };
  const lines: string[] = [];
  lines.push(
    style.bold(`mcp-handshake doctor ${report.target}${report.profile ? ` (profile ${report.profile})` : ''}`),
  );
  lines.push(
    style.dim(
      `${report.transport}, ${report.durationMs} ms; ${report.eras.map((e) => `${e.era}: ${e.probed ? e.served.join(', ') || 'none' : 'not probed'}`).join('; ')}`,
    ),
  );
  lines.push('');
  const cause = report.rootCause;
  if (cause) {
    lines.push(
      style.red(style.bold(`✖ ${report.exitCode === 2 ? 'could not connect' : 'handshake failed'}: ${cause.summary}`)),
    );
    for (const e of cause.evidence) lines.push(style.dim(`      ${e}`));
    lines.push(`      ${cause.hint}`);
    lines.push(style.dim('      (the doctor stopped here: further probes would only repeat this)'));
    lines.push('');
  }
  for (const c of report.checks) {
    const mark = paint[c.status](`${ICON[c.status]} ${c.status.padEnd(4)}`);
    lines.push(`${mark} ${style.bold(c.id)}  ${c.summary}${c.baselined ? style.dim(' (baselined)') : ''}`);
    const detailed = c.status === 'fail' || c.status === 'warn' || verbose;
    if (!detailed) continue;
    for (const e of c.evidence.slice(0, verbose ? 50 : 8)) lines.push(style.dim(`      ${e}`));
    // A finding adapted from a check's plain result says what its summary says: not repeated.
    const own = c.findings.filter((f) => !(f.code === c.id && f.message === c.summary));
    for (const f of own.filter((f) => verbose || f.severity !== 'info')) {
      lines.push(findingLine(f, style, paint, f.message !== c.summary));
    }
    if (c.status === 'fail' || c.status === 'warn') {
      lines.push(`      why: ${c.why}`);
      lines.push(`      fix: ${c.fix}`);
      lines.push(style.dim(`      spec: ${c.spec}`));
    }
  }
  if (report.oauth) lines.push('', ...oauthTable(report.oauth.hosts, style));
  const s = report.summary;
  lines.push('');
  lines.push(
    `${s.pass} passed, ${s.fail} failed, ${s.warn} warned, ${s.info} info, ${s.skip} skipped${s.baselined ? ` (${s.baselined} baselined)` : ''}`,
  );
  if (s.crashed)
    lines.push(
      style.red(
        `${s.crashed} check(s) crashed: a bug in mcp-handshake, not in the server — please report it with --dump-wire`,
      ),
    );
  if (report.exitCode === 2)
    lines.push(style.red(`could not connect to the server${cause ? `: ${cause.summary}` : ''}`));
  return lines.join('\n');
}

/** `      ✖ fail [tool-schemas/…] message — 2025-11-25 server/tools#tool (escalated by --profile chatgpt)` */
function findingLine(
  f: Diagnostic,
  style: Style,
  paint: Record<CheckStatus, (s: string) => string>,
  withMessage: boolean,
): string {
  const where = `${f.cite.revision ? `${f.cite.revision} ` : ''}${f.cite.section}`;
  const hosts = f.hosts?.length ? ` hosts: ${f.hosts.join(', ')};` : '';
  const escalated = f.escalatedBy ? ` (a failure under --profile ${f.escalatedBy})` : '';
  const code = paint[f.severity](`${ICON[f.severity]} ${f.code}`);
  return `      ${code}${withMessage ? ` ${f.message}` : ''}${style.dim(` —${hosts} ${where}${escalated}`)}`;
}

/** The OAuth stage, one row per host: how far it gets before the user's login. */
function oauthTable(rows: OAuthHostRow[], style: Style): string[] {
  const width = Math.max(...rows.map((r) => r.name.length));
  const how: Record<string, string> = {
    cimd: 'its client-id URL',
    dcr: 'registered',
    preregistered: 'a pasted client id',
  };
  const outcome = (r: OAuthHostRow) =>
    r.outcome === 'login'
      ? style.green(`reaches the login page${r.registration ? ` (${how[r.registration]})` : ''}`)
      : r.outcome === 'stopped'
        ? style.red(`fails: ${r.code}`)
        : style.dim(`stops before the login page: ${r.step ?? 'not tried'}`);
  return [style.bold('OAuth, as each host walks it:'), ...rows.map((r) => `  ${r.name.padEnd(width)}  ${outcome(r)}`)];
}
