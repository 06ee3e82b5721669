import type { DoctorReport } from './doctor-report.js';
import { xmlText } from './peer-text.js';

const xml = xmlText;

/** One testcase per check; fail → <failure>, skip → <skipped>; warn and info pass with their text in system-out. */
export function formatJunit(report: DoctorReport): string {
  const failures = report.checks.filter((c) => c.status === 'fail' && !c.baselined).length;
  const skipped = report.checks.filter((c) => c.status === 'skip').length;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-handshake" tests="${report.checks.length}" failures="${failures}" time="${report.durationMs / 1000}">`,
    `  <testsuite name="${xml(`doctor ${report.target}`)}" tests="${report.checks.length}" failures="${failures}" skipped="${skipped}" time="${report.durationMs / 1000}" timestamp="${report.startedAt}">`,
  ];
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
