import type { RootCause } from '../diagnosis/root-cause.js';
import { CRASHED_SUFFIX } from '../findings/finding.js';

import { decisiveCodes, type HostVerdict } from '../hosts/verdict.js';
import type { OAuthHostRow } from '../oauth/stage.js';

import type { CheckStatus, Diagnostic, Era, Finding, Transcript, TransportKind } from '../types.js';
import { oneLine } from './peer-text.js';
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
  /** Which hosts see the server's tools, and if not, why (hosts/verdict.ts): the table the report opens with. */
  hosts?: HostVerdict[];
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
  hosts?: HostVerdict[],
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
  // --profile <a host of the table>: that host's row decides (it sees every tool, or the run fails).
  const hostProfile = profile ? hosts?.find((h) => h.host === profile) : undefined;
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
    exitCode: !connected
      ? 2
      : summary.crashed
        ? 70
        : hostProfile
          ? hostProfile.outcome === 'sees-all'
            ? 0
            : 1
          : failing || rootCause
            ? 1
            : 0,
    ...(rootCause && { rootCause }),
    ...(hosts && { hosts }),
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

const HOST_MARK: Record<HostVerdict['outcome'], string> = {
  'sees-all': '✔',
  'loses-some': '◐',
  'sees-none': '✖',
  'does-not-connect': '✖',
  'does-not-apply': '-',
};

/** Where a host fact comes from, in a few words: measured here (on which version) or reported (where). */
const sourceOf = (v: HostVerdict) => {
  const e = v.decidedBy?.evidence;
  if (!e) return '';
  return e.basis === 'measured' ? `measured on ${v.name} ${e.hostVersion}` : `reported: ${e.url}`;
};

/**
 * The report, in the order a user asks: which hosts see the tools (and why not), what they trip on, the spec
 * violations no host exercises (still failures), then warnings; passing checks fold into one line.
 */
export function formatDoctorText(report: DoctorReport, style: Style, verbose = false): string {
  const paint: Record<CheckStatus, (s: string) => string> = {
    pass: style.green,
    warn: style.yellow,
    fail: style.red,
    skip: style.dim,
    info: style.blue,
  };
  const s = report.summary;
  const lines: string[] = [];
  lines.push(
    style.bold(`mcp-handshake doctor ${oneLine(report.target)}${report.profile ? ` (profile ${report.profile})` : ''}`),
  );
  lines.push(
    style.dim(
      `${report.transport}, ${report.durationMs} ms; ${report.eras.map((e) => `${e.era}: ${e.probed ? oneLine(e.served.join(', '), 200) || 'none' : 'not probed'}`).join('; ')}`,
    ),
  );
  const counts = `${s.fail} failed, ${s.warn} warned, ${s.pass} passed${s.baselined ? ` (${s.baselined} baselined)` : ''}`;
  lines.push(
    report.exitCode === 0
      ? style.green(`✔ ${counts}`)
      : report.exitCode === 2
        ? style.red(style.bold('✖ could not connect'))
        : style.red(style.bold(`✖ ${counts}`)),
  );
  lines.push('');
  const cause = report.rootCause;
  if (cause) {
    lines.push(
      style.red(
        style.bold(`✖ ${report.exitCode === 2 ? 'could not connect' : 'handshake failed'}: ${oneLine(cause.summary)}`),
      ),
    );
    for (const e of cause.evidence) lines.push(style.dim(`      ${oneLine(e, 400)}`));
    lines.push(`      ${oneLine(cause.hint)}`);
    lines.push(style.dim('      (the doctor stopped here: further probes would only repeat this)'));
    lines.push('');
  }
  const hosts = report.hosts ?? [];
  if (hosts.length > 0) {
    const of = hosts[0].of;
    lines.push(style.bold(`Hosts (the server lists ${of} tool${of === 1 ? '' : 's'})`));
    const width = Math.max(...hosts.map((h) => `${h.name}${h.version ? ` ${h.version}` : ''}`.length));
    for (const h of hosts) {
      // Seen by what is known, but with a fault nobody measured on this host: a question mark, not a tick.
      const mark = h.outcome === 'sees-all' && h.unknown.length > 0 ? '?' : HOST_MARK[h.outcome];
      const colour =
        h.outcome === 'sees-all'
          ? style.green
          : h.outcome === 'does-not-apply'
            ? style.dim
            : h.outcome === 'loses-some'
              ? style.yellow
              : style.red;
      const who = `${h.name}${h.version ? ` ${h.version}` : ''}`.padEnd(width);
      lines.push(
        `  ${colour(mark)} ${who}  ${h.outcome === 'does-not-apply' ? style.dim(oneLine(h.summary)) : oneLine(h.summary)}`,
      );
      if (h.decidedBy && h.outcome !== 'sees-all' && h.outcome !== 'does-not-apply')
        lines.push(style.dim(`  ${' '.repeat(width + 4)}${oneLine(h.decidedBy.note, 200)} (${sourceOf(h)})`));
    }
    lines.push('');
  }
  // A protected endpoint: how far each host gets through its OAuth discovery, before any MCP.
  if (report.oauth) lines.push(...oauthTable(report.oauth.hosts, style), '');
  const decisive = decisiveCodes(hosts);
  const decides = (c: DoctorReport['checks'][number]) => c.findings.some((f) => decisive.has(f.code));
  const shown = (c: DoctorReport['checks'][number]) =>
    c.status === 'fail' || c.status === 'warn' || c.status === 'info';
  const groups: Array<{ title: string; checks: DoctorReport['checks'] }> = [
    { title: 'What hosts trip on', checks: report.checks.filter((c) => shown(c) && c.status !== 'info' && decides(c)) },
    {
      title: 'Spec violations no host above exercises (still failures)',
      checks: report.checks.filter((c) => c.status === 'fail' && !decides(c)),
    },
    { title: 'Warnings', checks: report.checks.filter((c) => c.status === 'warn' && !decides(c)) },
    { title: 'Notes', checks: report.checks.filter((c) => c.status === 'info') },
  ];
  for (const g of groups) {
    if (g.checks.length === 0) continue;
    lines.push(style.bold(g.title));
    for (const c of g.checks) checkLines(c, lines, style, paint, verbose);
    lines.push('');
  }
  const passed = report.checks.filter((c) => c.status === 'pass');
  const skipped = report.checks.filter((c) => c.status === 'skip');
  if (verbose) for (const c of [...passed, ...skipped]) checkLines(c, lines, style, paint, verbose);
  else {
    if (passed.length > 0) lines.push(style.green(`✔ ${passed.length} passed: ${passed.map((c) => c.id).join(', ')}`));
    if (skipped.length > 0)
      lines.push(style.dim(`- ${skipped.length} skipped: ${skipped.map((c) => c.id).join(', ')} (--verbose says why)`));
  }
  if (s.crashed)
    lines.push(
      style.red(
        `${s.crashed} check(s) crashed: a bug in mcp-handshake, not in the server — please report it with --dump-wire`,
      ),
    );
  if (report.exitCode === 2)
    lines.push(style.red(`could not connect to the server${cause ? `: ${oneLine(cause.summary)}` : ''}`));
  return lines.join('\n');
}

function checkLines(
  c: DoctorReport['checks'][number],
  lines: string[],
  style: Style,
  paint: Record<CheckStatus, (s: string) => string>,
  verbose: boolean,
): void {
  const mark = paint[c.status](`${ICON[c.status]} ${c.status.padEnd(4)}`);
  lines.push(`${mark} ${style.bold(c.id)}  ${oneLine(c.summary)}${c.baselined ? style.dim(' (baselined)') : ''}`);
  const detailed = c.status === 'fail' || c.status === 'warn' || verbose;
  if (!detailed) return;
  for (const e of c.evidence.slice(0, verbose ? 50 : 8)) lines.push(style.dim(`      ${oneLine(e, 400)}`));
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
  return `      ${code}${withMessage ? ` ${oneLine(f.message)}` : ''}${style.dim(` —${hosts} ${where}${escalated}`)}`;
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
