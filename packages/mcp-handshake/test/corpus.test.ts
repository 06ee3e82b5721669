import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { doctor } from '../src/commands/doctor.js';
import { CORPUS } from './corpus/servers.js';
import { HERE } from './helpers.js';

interface Expected {
  what: string;
  exitCode: 0 | 1 | 2;
  failures: Array<{ code: string; why: string }>;
  warnings: Array<{ code: string; why: string }>;
}
const EXPECTED = (
  JSON.parse(readFileSync(join(HERE, 'corpus', 'expected.json'), 'utf8')) as { servers: Record<string, Expected> }
).servers;

/**
 * The real-world corpus (issue 11): real servers from npm and servers written with the usual
 * frameworks, on every transport they offer. 0 false failures, 0 crashes, 0 hangs; every
 * warning explained in corpus/expected.json. One server at a time: two cores are shared.
 */
describe('the real-world corpus', () => {
  it('lists at least 12 servers, each with its expected verdict written down', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(12);
    expect(Object.keys(EXPECTED).sort()).toEqual(CORPUS.map((s) => s.id).sort());
    for (const e of Object.values(EXPECTED))
      for (const w of [...e.failures, ...e.warnings]) expect(w.why.length).toBeGreaterThan(40);
  });

  for (const server of CORPUS) {
    it.skipIf(server.missing)(
      `${server.id}: the verdict in expected.json${server.missing ? ` (skipped: ${server.missing})` : ''}`,
      async () => {
        const expected = EXPECTED[server.id];
        const { target, stop } = await server.start();
        try {
          const { report } = await doctor(target, { concurrency: 3 });
          const codes = (severity: 'fail' | 'warn') =>
            [
              ...new Set(
                report.checks.flatMap((c) => c.findings.filter((f) => f.severity === severity).map((f) => f.code)),
              ),
            ].sort();
          const detail = report.checks
            .filter((c) => c.status === 'fail' || c.status === 'warn')
            .map((c) => `${c.id}: ${c.summary}`)
            .join('\n');
          expect(
            report.checks.filter((c) => c.findings.some((f) => f.code.endsWith('/crashed'))),
            'no check crashed',
          ).toEqual([]);
          expect(codes('fail'), detail).toEqual(expected.failures.map((f) => f.code).sort());
          expect(codes('warn'), detail).toEqual([...new Set(expected.warnings.map((w) => w.code))].sort());
          expect(report.exitCode, detail).toBe(expected.exitCode);
          expect(report.rootCause, 'a working server has no root cause').toBeUndefined();
        } finally {
          await stop();
        }
      },
      90_000,
    );
  }
});
