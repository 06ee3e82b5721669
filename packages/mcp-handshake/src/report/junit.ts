import type { DoctorReport } from './doctor-report.js';
import { xmlText } from './peer-text.js';

const xml = xmlText;

/** A host that does not get every tool the server lists: a failed testcase in a CI dashboard. */
const LOSES = new Set(['loses-some', 'sees-none', 'does-not-connect']);

/**
 * The host table first (a testsuite `hosts`: a testcase per host, a failure where it loses tools, skipped where it
 * does not apply), then one testcase per check: fail → <failure>, skip → <skipped>; warn and info pass with their
 * text in system-out.
 */
export function formatJunit(report: DoctorReport): string {
  const failures = report.checks.filter((c) => c.status === 'fail' && !c.baselined).length;
  const skipped = report.checks.filter((c) => c.status === 'skip').length;
  const hosts = report.hosts ?? [];
  const hostFailures = hosts.filter((h) => LOSES.has(h.outcome)).length;
  const time = report.durationMs / 1000;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-handshake" tests="${report.checks.length + hosts.length}" failures="${failures + hostFailures}" time="${time}">`,
  ];
  if (hosts.length > 0) {
    const notApplied = hosts.filter((h) => h.outcome === 'does-not-apply').length;
    out.push(
      `  <testsuite name="hosts: which see the tools of ${xml(report.target)}" tests="${hosts.length}" failures="${hostFailures}" skipped="${notApplied}" time="${time}" timestamp="${report.startedAt}">`,
    );
    for (const h of hosts) {
      out.push(`    <testcase classname="mcp-handshake.hosts" name="${xml(h.name)}">`);
      const text = [
        h.summary,
        ...(h.decidedBy ? [`decided by ${h.decidedBy.code}: ${h.decidedBy.note}`] : []),
        ...(h.version ? [`host version: ${h.version}`] : []),
      ].join('\n');
      if (LOSES.has(h.outcome))
        out.push(`      <failure message="${xml(h.summary)}" type="${xml(h.outcome)}">${xml(text)}</failure>`);
      else if (h.outcome === 'does-not-apply') out.push(`      <skipped message="${xml(h.summary)}"/>`);
      else out.push(`      <system-out>${xml(text)}</system-out>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push(
    `  <testsuite name="${xml(`doctor ${report.target}`)}" tests="${report.checks.length}" failures="${failures}" skipped="${skipped}" time="${time}" timestamp="${report.startedAt}">`,
  );
  for (const c of report.checks) {
    out.push(`    <testcase classname="mcp-handshake.${report.transport}" name="${xml(c.id)}">`);
    const coded = c.findings.map((f) => `${f.severity} ${f.code}: ${f.message} (${f.cite.url})`);
    const text = [c.summary, ...coded, ...c.evidence, `why: ${c.why}`, `fix: ${c.fix}`, `spec: ${c.spec}`].join('\n');
    if (c.status === 'fail' && !c.baselined)
      out.push(`      <failure message="${xml(c.summary)}" type="${xml(c.id)}">${xml(text)}</failure>`);
    else if (c.status === 'skip') out.push(`      <skipped message="${xml(c.summary)}"/>`);
    else out.push(`      <system-out>${xml(`${c.status}${c.baselined ? ' (baselined)' : ''}: ${text}`)}</system-out>`);
    out.push('    </testcase>');
  }
  out.push('  </testsuite>', '</testsuites>', '');
  return out.join('\n');
}
