import { readFileSync, writeFileSync } from 'node:fs';
import { runChecks } from '../checks/index.js';
import { asObject, connsBy, exchangesOf, modernSession, resultOf } from '../checks/lib.js';
import { rootCause } from '../diagnosis/root-cause.js';
import type { Profile } from '../findings/hosts.js';
import { applyProfile } from '../findings/profile.js';
import { LABEL } from '../labels.js';
import { oauthStage } from '../oauth/stage.js';
import { DEFAULT_DOCTOR_OPTIONS, type DoctorOptions, runDoctor } from '../probes/doctor.js';
import { isKnownVersion, isModernVersion, TOOL_VERSION } from '../protocol.js';
import { applyBaseline, baselineFor, parseBaseline } from '../report/baseline.js';
import { buildReport, type DoctorReport, formatDoctorText } from '../report/doctor-report.js';
import { htmlFindingOf, renderHtmlReport } from '../report/html.js';
import { formatJunit } from '../report/junit.js';
import { formatMermaid } from '../report/mermaid.js';
import { ProgressLine } from '../report/progress.js';
import { formatSarif } from '../report/sarif.js';
import { makeStyle, useColour } from '../report/style.js';
import { type Target, UsageError } from '../target.js';
import type { Transcript, WireEvent } from '../types.js';

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

/** Could we talk to it at all? Any JSON-RPC answer on any connection counts. */
export const connected = (t: Transcript): boolean => t.exchanges.some((x) => x.outcome === 'reply');

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
  let findings = applyProfile([...runChecks(transcript), ...(oauth?.stage.checks ?? [])], options.profile);
  if (options.baseline) {
    let accepted: Set<string>;
    try {
      accepted = parseBaseline(readFileSync(options.baseline, 'utf8'));
    } catch (error) {
      throw new UsageError(`--baseline ${options.baseline}: ${(error as Error).message}`);
    }
    findings = applyBaseline(findings, accepted);
  }
  if (options.writeBaseline) writeFileSync(options.writeBaseline, baselineFor(findings));
  const report = buildReport(
    transcript,
    findings,
    servedVersions(transcript),
    connected(transcript),
    TOOL_VERSION,
    options.profile,
    rootCause(transcript),
  );
  if (oauth?.stage.protected) report.oauth = { hosts: oauth.stage.hosts };
  return { report, transcript };
}

/** The report as one HTML file: every finding of every check, and the whole exchange. */
function doctorHtml(report: DoctorReport, transcript: Transcript): string {
  const s = report.summary;
  return renderHtmlReport({
    title: 'mcp-handshake doctor',
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
  if (options.dumpWire) writeFileSync(options.dumpWire, `${JSON.stringify(transcript, null, 2)}\n`);
  if (options.junit) writeFileSync(options.junit, formatJunit(report));
  if (options.sarif) writeFileSync(options.sarif, formatSarif(report, TOOL_VERSION));
  if (options.html) writeFileSync(options.html, doctorHtml(report, transcript));
  if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else if (options.mermaid)
    process.stdout.write(
      formatMermaid(
        transcript,
        transcript.connections.filter((c) => c.purpose === 'main' || c.purpose === 'modern-main').map((c) => c.id),
      ),
    );
  else
    process.stdout.write(
      `${formatDoctorText(report, makeStyle(useColour(process.stdout, process.env)), options.verbose)}\n`,
    );
  return report.exitCode;
}
