import { readFileSync } from 'node:fs';
import { rootCause } from '../diagnosis/root-cause.js';
import type { Profile } from '../findings/hosts.js';
import { applyProfile } from '../findings/profile.js';
import { hostVerdicts } from '../hosts/verdict.js';
import { LABEL } from '../labels.js';
import type { OAuthStage } from '../oauth/checks.js';
import { oauthStage } from '../oauth/stage.js';
import { DEFAULT_DOCTOR_OPTIONS, type DoctorOptions, runDoctor } from '../probes/doctor.js';
import { isKnownVersion, isModernVersion, TOOL_VERSION } from '../protocol.js';
import { applyBaseline, baselineFor, parseBaseline } from '../report/baseline.js';
import { buildReport, type DoctorReport, formatDoctorText } from '../report/doctor-report.js';
import { htmlFindingOf, renderHtmlReport } from '../report/html.js';
import { formatJunit } from '../report/junit.js';
import { formatMermaid } from '../report/mermaid.js';
import { jsonText } from '../report/peer-text.js';
import { printJson, printText, writePrivateFile } from '../report/print.js';
import { ProgressLine } from '../report/progress.js';
import { formatSarif } from '../report/sarif.js';
import { makeStyle, useColour } from '../report/style.js';
import { runRules } from '../rules/index.js';
import { asObject, connsBy, exchangesOf, modernSession, resultOf } from '../rules/lib.js';
import { type Target, UsageError } from '../target.js';
import type { Transcript, WireEvent } from '../types.js';
import { withTranscript } from './common.js';

export interface DoctorCliOptions extends Partial<DoctorOptions> {
  json?: boolean;
  junit?: string;
  sarif?: string;
  baseline?: string;
  writeBaseline?: string;
  dumpWire?: string;
  mermaid?: boolean;
  verbose?: boolean;
  html?: string;
  /** Judge as this host: its known risks become failures. */
  profile?: Profile;
  /** OAuth stage: register one throw-away client per host that registers dynamically. */
  register?: boolean;
  /** OAuth stage: a bearer token for the endpoint (also sent with every probe). */
  token?: string;
  /** OAuth stage: a token minted for another resource, which the endpoint must refuse. */
  foreignToken?: string;
}

/** Which revisions answered, for the report header and the --json `eras` field. */
export function servedVersions(t: Transcript): { legacy: string[]; modern: string[] } {
  const legacy = new Set<string>();
  for (const c of [...connsBy(t, 'main'), ...connsBy(t, 'version')]) {
    const r = resultOf(t, exchangesOf(t, { conn: c.id, label: LABEL.initialize })[0]);
    // An unknown version echoed back (2099-01-01) is a version-negotiation failure, not a revision served.
    if (r && c.version && r.protocolVersion === c.version && isKnownVersion(c.version)) legacy.add(c.version);
  }
  const modern = modernSession(t);
  const versions = modern
    ? (asObject(modern.result).supportedVersions as unknown[]).filter(
        (v): v is string => typeof v === 'string' && isModernVersion(v),
      )
    : [];
  return { legacy: [...legacy].sort(), modern: versions };
}

/**
 * Could we talk to it at all? Any JSON-RPC answer on any connection counts, even one under the wrong id
 * (2 answered as "2"): that server is there and broken, which is a failed check, not "could not connect".
 */
export const connected = (t: Transcript): boolean =>
  t.exchanges.some((x) => x.outcome === 'reply') ||
  t.events.some((e) => {
    const m = e.message as Record<string, unknown> | undefined;
    return (
      e.dir === 'in' && e.kind === 'message' && m !== undefined && !('method' in m) && ('result' in m || 'error' in m)
    );
  });

export async function doctor(
  target: Target,
  options: DoctorCliOptions = {},
  onEvent?: (e: WireEvent) => void,
): Promise<{ report: DoctorReport; transcript: Transcript }> {
  const opts: DoctorOptions = {
    ...DEFAULT_DOCTOR_OPTIONS,
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
  };
  const transcript = await runDoctor(target, opts, onEvent && ((rec) => void rec.onEvent(onEvent)));
  // A protected endpoint: its OAuth discovery, walked as each host walks it (src/oauth).
  const oauth =
    target.kind === 'http'
      ? await oauthStage(transcript, target.url, {
          timeoutMs: opts.timeoutMs,
          register: options.register === true,
          token: options.token,
          foreignToken: options.foreignToken,
          headers: Object.fromEntries(
            Object.entries(target.headers).filter(([k]) => k.toLowerCase() !== 'authorization'),
          ),
        })
      : undefined;
  return withTranscript(transcript, () => judge(transcript, options, oauth?.stage));
}

function judge(
  transcript: Transcript,
  options: DoctorCliOptions,
  oauth?: OAuthStage,
): { report: DoctorReport; transcript: Transcript } {
  let findings = applyProfile([...runRules(transcript), ...(oauth?.checks ?? [])], options.profile);
  if (options.baseline) {
    let accepted: Set<string>;
    try {
      accepted = parseBaseline(readFileSync(options.baseline, 'utf8'));
    } catch (error) {
      throw new UsageError(`--baseline ${options.baseline}: ${(error as Error).message}`);
    }
    findings = applyBaseline(findings, accepted);
  }
  if (options.writeBaseline) writePrivateFile(options.writeBaseline, baselineFor(findings));
  const cause = rootCause(transcript);
  const isConnected = connected(transcript);
  const report = buildReport(
    transcript,
    findings,
    servedVersions(transcript),
    isConnected,
    TOOL_VERSION,
    options.profile,
    cause,
    hostVerdicts(transcript, findings, cause, isConnected),
  );
  if (oauth?.protected) report.oauth = { hosts: oauth.hosts };
  return { report, transcript };
}

/** The report as one HTML file: every finding of every check, and the whole exchange. */
function doctorHtml(report: DoctorReport, transcript: Transcript): string {
  const s = report.summary;
  const verdict =
    report.exitCode === 2
      ? { status: 'fail' as const, text: `✖ could not connect: ${report.rootCause?.summary ?? 'no answer'}` }
      : s.fail > 0 || report.exitCode !== 0
        ? { status: 'fail' as const, text: `✖ ${s.fail} check(s) failed, ${s.warn} warned` }
        : { status: s.warn > 0 ? ('warn' as const) : ('pass' as const), text: `✔ no check failed; ${s.warn} warned` };
  return renderHtmlReport({
    title: 'mcp-handshake doctor',
    verdict,
    ...(report.hosts && { hosts: report.hosts }),
    summary: [
      `target: ${report.target} (${report.transport})`,
      `${s.pass} passed, ${s.fail} failed, ${s.warn} warnings, ${s.info} info, ${s.skip} skipped`,
    ],
    transcript,
    findings: report.checks.flatMap((c) => c.findings.map(htmlFindingOf)),
  });
}

export async function doctorCommand(target: Target, options: DoctorCliOptions): Promise<number> {
  // On a terminal, show what is being waited for; the report itself goes to stdout as before.
  const progress = new ProgressLine(process.stderr);
  let outcome: Awaited<ReturnType<typeof doctor>>;
  try {
    outcome = await doctor(target, options, progress.enabled ? (e) => progress.onEvent(e) : undefined);
  } finally {
    progress.done();
  }
  const { report, transcript } = outcome;
  return withTranscript(transcript, () => present(report, transcript, options));
}

function present(report: DoctorReport, transcript: Transcript, options: DoctorCliOptions): number {
  if (options.dumpWire) writePrivateFile(options.dumpWire, `${jsonText(transcript, 2)}\n`);
  if (options.junit) writePrivateFile(options.junit, formatJunit(report));
  if (options.sarif) writePrivateFile(options.sarif, formatSarif(report, TOOL_VERSION));
  if (options.html) writePrivateFile(options.html, doctorHtml(report, transcript));
  if (options.json) printJson(process.stdout, report);
  else if (options.mermaid)
    printText(
      process.stdout,
      formatMermaid(
        transcript,
        transcript.connections.filter((c) => c.purpose === 'main' || c.purpose === 'modern-main').map((c) => c.id),
      ),
    );
  else
    printText(
      process.stdout,
      `${formatDoctorText(report, makeStyle(useColour(process.stdout, process.env)), options.verbose)}\n`,
    );
  return report.exitCode;
}
