import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cite, finding, verdict } from '../src/findings/finding.js';
import { HOST_FACTS, hostsAt } from '../src/findings/hosts.js';
import { applyProfile } from '../src/findings/profile.js';
import { hostVerdicts } from '../src/hosts/verdict.js';
import { applyBaseline } from '../src/report/baseline.js';
import { buildReport, REPORT_FORMAT, REPORT_SCHEMA_FILE } from '../src/report/doctor-report.js';
import { formatJunit } from '../src/report/junit.js';
import { formatSarif } from '../src/report/sarif.js';
import { runRules } from '../src/rules/index.js';
import type { Check } from '../src/types.js';
import { healthyMain, PKG, TranscriptBuilder } from './helpers.js';

const MODERN_META_FOR_TESTS = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } };

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default as typeof import('ajv').default;

/** A check written against the first Check shape: {status, summary, evidence}, no findings. */
const oldStyle: Check = {
  id: 'old-style',
  title: 't',
  why: 'w',
  fix: 'f',
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#initialization',
  run: () => ({ status: 'warn', summary: 'something is off', evidence: ['e1'] }),
};

/** A transcript whose discover probe got a bare HTTP 400: a warning that names ChatGPT. */
function discover400() {
  const b = new TranscriptBuilder('http');
  healthyMain(b);
  const c = b.conn('modern', 'modern-main', 'modern', '2026-07-28');
  b.request(
    c,
    'server/discover',
    MODERN_META_FOR_TESTS,
    { jsonrpc: '2.0', id: 99, error: { code: -32000, message: 'Bad Request' } },
    { label: 'discover', httpStatus: 400 },
  );
  return b.build();
}

describe('findings are data', () => {
  it('a check without findings is adapted: one finding coded by its id, cited from its spec URL', () => {
    const [entry] = runRules(new TranscriptBuilder().build(), [oldStyle]);
    expect(entry.status).toBe('warn');
    expect(entry.findings).toEqual([
      {
        code: 'old-style',
        severity: 'warn',
        message: 'something is off',
        args: {},
        evidence: ['e1'],
        party: 'server',
        cite: { revision: '2025-11-25', section: 'basic/lifecycle#initialization', url: oldStyle.spec },
      },
    ]);
  });

  it('a check that throws is reported as a crashed finding of the client, not fatal', () => {
    const [entry] = runRules(new TranscriptBuilder().build(), [
      {
        ...oldStyle,
        run: () => {
          throw new Error('boom');
        },
      },
    ]);
    expect(entry).toMatchObject({ status: 'fail', findings: [{ code: 'old-style/crashed', party: 'client' }] });
  });

  it('a crashed check is a doctor bug: exit 70, not a failure of the server', () => {
    const t = new TranscriptBuilder().build();
    const findings = runRules(t, [
      {
        ...oldStyle,
        run: () => {
          throw new Error('boom');
        },
      },
    ]);
    const report = buildReport(t, findings, { legacy: [], modern: [] }, true, '0.0.0');
    expect(report.exitCode).toBe(70);
    expect(report.summary.fail).toBe(0);
    expect(report.checks[0]).toMatchObject({ status: 'fail', findings: [{ code: 'old-style/crashed' }] });
  });

  it('verdict: the status is the worst severity; info alone passes', () => {
    const where = cite('2025-11-25', 'basic#responses');
    expect(verdict([finding('x/a', 'info', 'note', where)], { summary: 'ok' }).status).toBe('pass');
    const r = verdict([finding('x/a', 'warn', 'w', where), finding('x/b', 'fail', 'f', where)], { summary: 'ok' });
    expect([r.status, r.summary]).toEqual(['fail', 'f']);
    expect(where.url).toBe('https://modelcontextprotocol.io/specification/2025-11-25/basic#responses');
  });

  it('every host fact names its source', () => {
    for (const f of HOST_FACTS) expect(f.source.length, f.risk).toBeGreaterThan(10);
    expect(hostsAt('discover-4xx', 'http')).toEqual(['chatgpt']);
    // ChatGPT reaches remote servers only: no ChatGPT risk applies over stdio.
    expect(hostsAt('discover-4xx', 'stdio')).toEqual([]);
    expect(hostsAt('tool-list-frozen', 'stdio')).toEqual(['vscode']);
  });
});

describe('--profile', () => {
  const entries = runRules(discover400());
  const discover = (list: typeof entries) => list.find((e) => e.id === 'discover')!;

  it('without a profile a 4xx to server/discover is a warning naming ChatGPT', () => {
    expect(discover(entries)).toMatchObject({
      status: 'warn',
      findings: [{ code: 'discover/http-error-status', hosts: ['chatgpt'] }],
    });
  });
  it('chatgpt and strict make it a failure; claude and vscode do not', () => {
    expect(discover(applyProfile(entries, 'chatgpt'))).toMatchObject({
      status: 'fail',
      findings: [{ severity: 'fail', escalatedBy: 'chatgpt' }],
    });
    expect(discover(applyProfile(entries, 'strict')).status).toBe('fail');
    expect(discover(applyProfile(entries, 'claude')).status).toBe('warn');
    expect(discover(applyProfile(entries, 'vscode')).status).toBe('warn');
  });
});

describe('the --json report, JUnit and SARIF come from the findings', () => {
  const entries = applyProfile(runRules(discover400()), 'chatgpt');
  const report = buildReport(discover400(), entries, { legacy: ['2025-11-25'], modern: [] }, true, '0.0.0', 'chatgpt');

  it(`validates against ${REPORT_SCHEMA_FILE} (${REPORT_FORMAT})`, () => {
    const schema = JSON.parse(readFileSync(join(PKG, REPORT_SCHEMA_FILE), 'utf8'));
    const validate = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, logger: false }).compile(
      schema,
    );
    const ok = validate(JSON.parse(JSON.stringify(report)));
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    expect(report).toMatchObject({ format: 'mcp-handshake/doctor@2', profile: 'chatgpt', exitCode: 1 });
  });

  it('SARIF has one result per finding, keyed by its code; JUnit lists the codes', () => {
    const sarif = JSON.parse(formatSarif(report, '0.0.0'));
    const result = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'discover');
    expect(result).toMatchObject({
      level: 'error',
      partialFingerprints: { findingCode: 'discover/http-error-status' },
      properties: { hosts: ['chatgpt'], escalatedBy: 'chatgpt' },
    });
    expect(formatJunit(report)).toMatch(/fail discover\/http-error-status: HTTP 400/);
  });

  it('JUnit and SARIF open with the host table: a testcase per host (a failure when it loses tools), and the rows', () => {
    const t = discover400();
    const withHosts = buildReport(
      t,
      entries,
      { legacy: ['2025-11-25'], modern: [] },
      true,
      '0.0.0',
      'chatgpt',
      undefined,
      hostVerdicts(t, entries, undefined, true),
    );
    const junit = formatJunit(withHosts);
    const hostsSuite = junit.indexOf('<testsuite name="hosts');
    expect(hostsSuite).toBeGreaterThan(0);
    expect(hostsSuite).toBeLessThan(junit.indexOf('<testsuite name="doctor'));
    expect(junit).toMatch(
      /<testcase classname="mcp-handshake\.hosts" name="ChatGPT">\s*<failure message="sees the server, loses its one tool: HTTP 400[^"]*" type="sees-none">/,
    );
    expect(junit).toMatch(/<testcase classname="mcp-handshake\.hosts" name="Claude Desktop">\s*<skipped/);
    const sarif = JSON.parse(formatSarif(withHosts, '0.0.0'));
    expect(sarif.runs[0].properties.hosts.find((h: { host: string }) => h.host === 'chatgpt')).toMatchObject({
      outcome: 'sees-none',
    });
  });
});

describe('--baseline by finding code', () => {
  it('accepts a check whose failing findings all have accepted codes, and only those', () => {
    const entries = applyProfile(runRules(discover400()), 'chatgpt');
    expect(
      applyBaseline(entries, new Set(['discover/http-error-status'])).find((e) => e.id === 'discover')!.baselined,
    ).toBe(true);
    expect(
      applyBaseline(entries, new Set(['discover/timeout'])).find((e) => e.id === 'discover')!.baselined,
    ).toBeUndefined();
    expect(applyBaseline(entries, new Set(['discover'])).find((e) => e.id === 'discover')!.baselined).toBe(true);
  });
});
