import type { DoctorReport } from './doctor-report.js';
import { jsonText } from './peer-text.js';

/** SARIF 2.1.0: one rule per check id, one result per failing or warning finding. */
export function formatSarif(report: DoctorReport, toolVersion: string): string {
  const level = (status: string) => (status === 'fail' ? 'error' : status === 'warn' ? 'warning' : 'note');
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'mcp-handshake',
            version: toolVersion,
            informationUri: 'https://modelcontextprotocol.io',
            rules: report.checks.map((c) => ({
              id: c.id,
              name: c.id,
              shortDescription: { text: c.title },
              fullDescription: { text: c.why },
              help: { text: `${c.fix}\nSpec: ${c.spec}` },
              helpUri: c.spec,
            })),
          },
        },
        invocations: [{ executionSuccessful: report.exitCode !== 2 }],
        // The host table (which hosts see the tools, and why not): SARIF has no place for it but a run's properties.
        ...(report.hosts && {
          properties: {
            hosts: report.hosts.map((h) => ({
              host: h.host,
              name: h.name,
              ...(h.version && { version: h.version }),
              outcome: h.outcome,
              ...(h.sees !== undefined && { sees: h.sees }),
              of: h.of,
              summary: h.summary,
              ...(h.decidedBy && { decidedBy: h.decidedBy.code }),
            })),
          },
        }),
        // One result per finding that matters; the finding's code keeps results apart across runs.
        results: report.checks.flatMap((c) =>
          c.findings
            .filter((f) => f.severity === 'fail' || f.severity === 'warn')
            .map((f) => ({
              ruleId: c.id,
              level: c.baselined ? 'note' : level(f.severity),
              ...(c.baselined && { baselineState: 'unchanged' }),
              message: { text: [f.message, ...f.evidence.slice(0, 10)].join('\n') },
              partialFingerprints: { findingCode: f.code },
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: { uri: report.target.startsWith('http') ? report.target : 'mcp-server' },
                  },
                },
              ],
              properties: {
                code: f.code,
                args: f.args,
                cite: f.cite,
                ...(f.party && { party: f.party }),
                ...(f.hosts && { hosts: f.hosts }),
                ...(f.escalatedBy && { escalatedBy: f.escalatedBy }),
              },
            })),
        ),
      },
    ],
  };
  return `${jsonText(sarif, 2)}\n`;
}
