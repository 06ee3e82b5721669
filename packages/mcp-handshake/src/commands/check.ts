/**
 * `check TRANSCRIPT`: the passive checks on a recorded session (`tap --out`, or `doctor` /
 * `inspect --dump-wire`), each finding with whose fault it is. Exit 1 on a failure.
 */
import { type PassiveReport, runPassive } from '../report/check-report.js';
import { htmlFindingOf, renderHtmlReport } from '../report/html.js';
import { oneLine } from '../report/peer-text.js';
import { printJson, printText, writePrivateFile } from '../report/print.js';
import { makeStyle, type Style, useColour } from '../report/style.js';
import type { Transcript } from '../types.js';
import { EXIT } from './common.js';
import { readTranscripts } from './replay.js';

const PARTY: Record<string, string> = {
  server: "server's side",
  client: "client's (host's) side",
  spec: 'the spec is ambiguous',
};

export function formatCheckText(r: PassiveReport, style: Style): string {
  const lines = [style.bold(`mcp-handshake check: ${oneLine(r.target)} (${r.transport})`)];
  for (const c of r.clients) {
    const who = c.name
      ? `${oneLine(c.name, 100)}${c.version ? ` ${oneLine(c.version, 60)}` : ''}`
      : 'a client that sent no clientInfo';
    lines.push(`  ${oneLine(c.conn, 60)}: ${who}${c.host ? ` → ${c.host.label}` : ''}`);
    for (const f of c.facts) lines.push(`      known: ${c.host!.label} ${f.behaviour} (${f.basis}; ${f.source})`);
  }
  if (r.deliberate?.length)
    lines.push(
      style.dim(
        `  ${r.deliberate.length} connections are mcp-handshake doctor's deliberate probes ` +
          `(${r.deliberate.map((c) => oneLine(c, 40)).join(', ')}): what they send is malformed on purpose and not judged`,
      ),
    );
  lines.push('');
  if (r.findings.length === 0) lines.push('No findings.');
  for (const f of r.findings) {
    const mark =
      f.severity === 'fail' ? style.red('FAIL') : f.severity === 'warn' ? style.yellow('WARN') : style.dim('INFO');
    lines.push(
      `${mark} ${oneLine(f.message)}`,
      `     ${PARTY[f.party ?? 'server']} · ${f.code} · ${f.cite.url}` +
        (f.hosts?.length ? ` · hosts: ${f.hosts.join(', ')}` : ''),
    );
    for (const e of f.evidence) lines.push(style.dim(`       ${oneLine(e, 400)}`));
  }
  lines.push(
    '',
    `${r.findings.length} findings: ${r.parties.server} server, ${r.parties.client} client, ${r.parties.spec} spec`,
  );
  return lines.join('\n');
}

export function checkHtml(r: PassiveReport, t: Transcript): string {
  const hosts = r.clients.map((c) => `${c.conn}: ${c.name ?? 'no clientInfo'}${c.host ? ` (${c.host.label})` : ''}`);
  const fails = r.findings.filter((f) => f.severity === 'fail').length;
  const warns = r.findings.filter((f) => f.severity === 'warn').length;
  return renderHtmlReport({
    title: 'mcp-handshake check',
    verdict:
      fails > 0
        ? { status: 'fail', text: `✖ ${fails} failure(s), ${warns} warning(s)` }
        : { status: warns > 0 ? 'warn' : 'pass', text: `✔ no failure; ${warns} warning(s)` },
    summary: [
      `target: ${r.target} (${r.transport})`,
      ...hosts,
      `${r.findings.length} findings: ${r.parties.server} server, ${r.parties.client} client, ${r.parties.spec} spec`,
    ],
    transcript: t,
    findings: r.findings.map(htmlFindingOf),
  });
}

export async function checkCommand(path: string, options: { json?: boolean; html?: string }): Promise<number> {
  const transcripts = readTranscripts(path);
  let failed = false;
  for (const t of transcripts) {
    const report = runPassive(t);
    failed ||= report.findings.some((f) => f.severity === 'fail');
    if (options.json) printJson(process.stdout, report);
    else printText(process.stdout, `${formatCheckText(report, makeStyle(useColour(process.stdout, process.env)))}\n`);
    if (options.html)
      writePrivateFile(
        transcripts.length === 1
          ? options.html
          : options.html.replace(/(\.html?)?$/, `-${transcripts.indexOf(t) + 1}$1`),
        checkHtml(report, t),
      );
  }
  return failed ? EXIT.failed : EXIT.ok;
}
