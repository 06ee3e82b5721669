import type { DoctorReport } from './doctor-report.js';

/** SARIF 2.1.0: one rule per check id, one result per failing or warning check. */
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
        results: report.checks
          .filter((c) => c.status === 'fail' || c.status === 'warn')
          .map((c) => ({
            ruleId: c.id,
            level: c.baselined ? 'note' : level(c.status),
            ...(c.baselined && { baselineState: 'unchanged' }),
            message: { text: [c.summary, ...c.evidence.slice(0, 10)].join('\n') },
            locations: [{ physicalLocation: { artifactLocation: { uri: report.target.startsWith('http') ? report.target : 'mcp-server' } } }],
          })),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}
