import { describe, expect, it } from 'vitest';
import { doctor } from '../src/commands/doctor.js';
import { fixture, startHttpServer } from './helpers.js';

/**
 * Deliberately broken servers, real child processes over real pipes: each must produce its
 * own finding and no other failure.
 */
const CASES: Array<[file: string, check: string, status: 'fail' | 'warn' | 'info']> = [
  ['broken-stdio-hygiene.mjs', 'stdio-hygiene', 'fail'],
  // Accepting capabilities: true breaks no MUST (JSON-RPC 2.0 §5.1 lists -32602 without one): a warning.
  ['broken-initialize-format.mjs', 'initialize-format', 'warn'],
  ['broken-version-negotiation.mjs', 'version-negotiation', 'fail'],
  ['broken-discover.mjs', 'discover', 'fail'],
  // A notification between the initialize result and initialized breaks a SHOULD NOT: a warning.
  ['broken-lifecycle-order.mjs', 'lifecycle-order', 'warn'],
  ['broken-capabilities-declared.mjs', 'capabilities-declared', 'fail'],
  // -32601 for a declared capability's method: no revision says a declared capability MUST answer, a warning.
  ['broken-capabilities-backed.mjs', 'capabilities-backed', 'fail'],
  ['broken-undeclared-methods.mjs', 'undeclared-methods', 'fail'],
  // A silent change breaks a SHOULD (and ChatGPT, Claude and VS Code cache tool lists): a warning.
  ['broken-list-changed.mjs', 'list-changed', 'warn'],
  ['broken-jsonrpc-envelope.mjs', 'jsonrpc-envelope', 'fail'],
  ['broken-server-info.mjs', 'server-info', 'fail'],
  ['broken-tool-schemas.mjs', 'tool-schemas', 'fail'],
  // No revision asks a server to offer anything: info.
  ['broken-empty-discovery.mjs', 'empty-discovery', 'info'],
  ['broken-pagination.mjs', 'pagination', 'warn'],
];

// Sequential tests, a few connections each: on a 2-core machine more parallelism only turns into timeouts.
// Vitest waits 120 s for each: on a busy machine a doctor run takes longer, and its verdict must not change.
const OPTIONS = { timeoutMs: 2500, concurrency: 3 };

describe('broken fixtures over stdio', () => {
  for (const [file, check, status] of CASES) {
    it(`${file} → ${check} ${status}, nothing else fails`, async () => {
      const { report } = await doctor(
        { kind: 'stdio', command: process.execPath, args: [fixture(file)], env: {} },
        OPTIONS,
      );
      const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
      expect(byId[check].status, byId[check].summary).toBe(status);
      const others = report.checks.filter(
        (c) => c.id !== check && (c.status === 'fail' || (status !== 'fail' && c.status === 'warn')),
      );
      expect(others.map((c) => `${c.id}: ${c.summary}`)).toEqual([]);
      expect(report.exitCode).toBe(status === 'fail' ? 1 : 0);
    }, 120_000);
  }

  it('the correct raw server passes everything; a legacy-only one too, and era-support says what ChatGPT does', async () => {
    const good = await doctor(
      { kind: 'stdio', command: process.execPath, args: [fixture('raw-server.mjs')], env: {} },
      OPTIONS,
    );
    expect(good.report.checks.filter((c) => !['pass', 'info', 'skip'].includes(c.status))).toEqual([]);
    const legacy = await doctor(
      { kind: 'stdio', command: process.execPath, args: [fixture('legacy-only.mjs')], env: {} },
      OPTIONS,
    );
    expect(legacy.report.checks.filter((c) => !['pass', 'info', 'skip'].includes(c.status))).toEqual([]);
    const era = legacy.report.checks.find((c) => c.id === 'era-support')!;
    expect(era.evidence.join('\n')).toMatch(/ChatGPT: server\/discover fails, falls back to initialize 2025-11-25/);
  }, 120_000);
});

describe('a server that echoes any version', () => {
  it('lists only real revisions as served: the unknown versions it echoed are version-negotiation failures', async () => {
    const { report } = await doctor(
      { kind: 'stdio', command: process.execPath, args: [fixture('broken-version-negotiation.mjs')], env: {} },
      OPTIONS,
    );
    expect(report.eras.find((e) => e.era === 'legacy')!.served).toEqual([
      '2024-11-05',
      '2025-03-26',
      '2025-06-18',
      '2025-11-25',
    ]);
    const era = report.checks.find((c) => c.id === 'era-support')!;
    expect(era.summary).not.toMatch(/2099|1900/);
    expect(report.checks.find((c) => c.id === 'version-negotiation')!.status).toBe('fail');
  }, 120_000);
});

describe('a slow server over stdio', () => {
  it('answering everything but its start 1.2 s late, it passes: the malformed-initialize variants wait for slow answers too', async () => {
    // The fixture answers a well-formed initialize at once and everything else (the malformed-initialize variants,
    // which have string ids, and every later request) 1.2 s late: past doctor's 1 s wait for a variant that is
    // often dropped. A start-up of 1.2 s is within half a second of Codex CLI's 1.5 s (the start-up check's line,
    // with its margin, is 1.875 s), so a slow *start* is judged by the start-up tests, not here: a clean-clone run
    // on a loaded machine measured 2.8 s (1.9 s less CPU waits) and warned. The wait for an answer is the 1.2 s
    // plus this machine's measured cost of the same run without the delay, twice (at least the 3.8 s of old).
    const args = (delay: string) => [fixture('slow-server.mjs'), '--prompt-initialize', '--delay-ms', delay];
    const quick = performance.now();
    await doctor(
      { kind: 'stdio', command: process.execPath, args: args('0'), env: {} },
      { timeoutMs: 60_000, concurrency: 6 },
    );
    const overhead = performance.now() - quick;
    const { report, transcript } = await doctor(
      { kind: 'stdio', command: process.execPath, args: args('1200'), env: {} },
      { timeoutMs: 1200 + Math.max(3800, 2 * overhead), concurrency: 6 },
    );
    const notPassed = report.checks.filter((c) => !['pass', 'info', 'skip'].includes(c.status));
    expect(notPassed.map((c) => `${c.id}: ${c.summary}`)).toEqual([]);
    expect(report.exitCode).toBe(0);
    // The variants were answered, late (past the 1 s wait for one often dropped): none was given up on.
    const variants = transcript.exchanges.filter((x) => x.label?.startsWith('variant:'));
    expect(variants.length).toBeGreaterThan(0);
    for (const v of variants) {
      expect(v.outcome, v.label).toBe('reply');
      expect(v.ms, v.label).toBeGreaterThan(1000);
    }
  }, 240_000);
});

describe('broken fixtures over HTTP (node:http on 127.0.0.1)', () => {
  it('a correct raw HTTP server passes; a bare 400 to server/discover warns (fails under --profile chatgpt), discover only', async () => {
    const good = await startHttpServer(process.execPath, [fixture('http-server.mjs')]);
    const bad = await startHttpServer(process.execPath, [fixture('http-server.mjs'), '--broken-discover']);
    try {
      const ok = await doctor({ kind: 'http', url: good.url, headers: {} }, OPTIONS);
      expect(ok.report.checks.filter((c) => !['pass', 'info', 'skip'].includes(c.status))).toEqual([]);
      const broken = await doctor({ kind: 'http', url: bad.url, headers: {} }, OPTIONS);
      expect(
        broken.report.checks
          .filter((c) => c.status !== 'pass' && c.status !== 'info' && c.status !== 'skip')
          .map((c) => c.id),
      ).toEqual(['discover']);
      expect(broken.report.checks.find((c) => c.id === 'discover')!.status).toBe('warn');
      expect(broken.report.checks.find((c) => c.id === 'discover')!.summary).toMatch(/HTTP 400.*ChatGPT/);
      expect(broken.report.exitCode).toBe(0);
      const chatgpt = await doctor({ kind: 'http', url: bad.url, headers: {} }, { ...OPTIONS, profile: 'chatgpt' });
      expect(chatgpt.report.checks.filter((c) => c.status === 'fail').map((c) => c.id)).toEqual(['discover']);
      expect(chatgpt.report.checks.find((c) => c.id === 'discover')!.findings[0].escalatedBy).toBe('chatgpt');
      expect(chatgpt.report.exitCode).toBe(1);
    } finally {
      await Promise.all([good.stop(), bad.stop()]);
    }
  }, 120_000);
});

describe('a session-keeping HTTP server (node:http on 127.0.0.1)', () => {
  it("answering 400 to a request without Mcp-Session-Id, as 2025-11-25 says it SHOULD: initialize-format passes method 'init', http-session says what it judged", async () => {
    const server = await startHttpServer(process.execPath, [fixture('http-server.mjs'), '--require-session']);
    try {
      const { report } = await doctor({ kind: 'http', url: server.url, headers: {} }, OPTIONS);
      const byId = new Map(report.checks.map((c) => [c.id, c]));
      const format = byId.get('initialize-format')!;
      expect(format.status, format.summary).toBe('pass');
      expect(format.evidence.join('\n')).toMatch(/PASS method-init: .*HTTP 400.*without a session id/);
      // server/discover gets the same 400 without a modern error body: the spec's fallback signal, a ChatGPT warning.
      expect(report.checks.filter((c) => !['pass', 'info', 'skip'].includes(c.status)).map((c) => c.id)).toEqual([
        'discover',
      ]);
      expect(byId.get('http-session')!.summary).toBe('session ids: issued with initialize; an ended session gets 404');
    } finally {
      await server.stop();
    }
  }, 120_000);
});

/**
 * Fixtures of the checks added for issue 11, each on the transports its check applies to: `stdio` is the
 * fixture's argv after the script, `http` the argv of http-server.mjs (undefined: the check is HTTP-only or stdio-only).
 */
const SCHEMA_CASES = [
  'no-protocol-version',
  'number-protocol-version',
  'tools-true',
  'resources-not-array',
  'null-tool',
];
const NEW_CASES: Array<{ name: string; stdio?: string[]; http?: string[]; check: string; status: 'fail' | 'warn' }> = [
  ...SCHEMA_CASES.map((c) => ({
    name: `message-schema ${c}`,
    stdio: [fixture('broken-message-schema.mjs'), c],
    http: ['--fixture', 'broken-message-schema.mjs', '--case', c],
    check: 'message-schema',
    status: 'fail' as const,
  })),
  {
    name: 'JSON answers served as text/plain',
    http: ['--content-type', 'text/plain'],
    check: 'http-content-type',
    status: 'fail',
  },
  {
    name: 'roots/list and sampling/createMessage to a client that declared neither',
    stdio: [fixture('broken-client-capabilities.mjs')],
    http: ['--fixture', 'broken-client-capabilities.mjs'],
    check: 'client-capabilities',
    status: 'fail',
  },
  // stdio is in CASES above; on HTTP the notification rides the initialize response's SSE stream.
  {
    name: 'a notification after the initialize result, before initialized',
    http: ['--fixture', 'broken-lifecycle-order.mjs'],
    check: 'lifecycle-order',
    status: 'warn',
  },
  // The Streamable HTTP transport's own rules (HTTP only): one flag of http-server.mjs breaks one.
  { name: 'a foreign Origin served on 127.0.0.1', http: ['--no-origin-check'], check: 'http-origin', status: 'fail' },
  {
    name: 'an unknown MCP-Protocol-Version header served',
    http: ['--ignore-version-header'],
    check: 'http-protocol-version',
    status: 'fail',
  },
  { name: 'an ended session answered 400', http: ['--ended-session-400'], check: 'http-session', status: 'fail' },
  { name: 'notifications answered 200', http: ['--notification-200'], check: 'http-accepted', status: 'fail' },
  {
    name: 'an Mcp-Method header contradicting the body served',
    http: ['--ignore-standard-headers'],
    check: 'http-standard-headers',
    status: 'warn',
  },
  { name: 'an SSE event that is not a JSON-RPC message', http: ['--sse-noise'], check: 'http-sse', status: 'fail' },
  { name: 'an SSE stream left open after the response', http: ['--sse-keep-open'], check: 'http-sse', status: 'warn' },
];

function expectOnly(report: Awaited<ReturnType<typeof doctor>>['report'], check: string, status: 'fail' | 'warn') {
  const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
  expect(byId[check].status, `${byId[check].summary}\n${byId[check].evidence.join('\n')}`).toBe(status);
  const others = report.checks.filter(
    (c) => c.id !== check && (c.status === 'fail' || (status !== 'fail' && c.status === 'warn')),
  );
  expect(others.map((c) => `${c.id}: ${c.summary}`)).toEqual([]);
}

describe('fixtures of the new checks, on every transport they apply to', () => {
  for (const c of NEW_CASES) {
    if (c.stdio) {
      it(`stdio: ${c.name} → ${c.check} ${c.status}, nothing else fails`, async () => {
        const { report } = await doctor({ kind: 'stdio', command: process.execPath, args: c.stdio!, env: {} }, OPTIONS);
        expectOnly(report, c.check, c.status);
      }, 120_000);
    }
    if (c.http) {
      it(`http: ${c.name} → ${c.check} ${c.status}, nothing else fails`, async () => {
        const server = await startHttpServer(process.execPath, [fixture('http-server.mjs'), ...c.http!]);
        try {
          const { report } = await doctor({ kind: 'http', url: server.url, headers: {} }, OPTIONS);
          expectOnly(report, c.check, c.status);
        } finally {
          await server.stop();
        }
      }, 120_000);
    }
  }
});

describe('a session required but never issued (HTTP)', () => {
  // Every request after initialize is refused, so the checks that judge those requests fail too: the
  // point here is that http-session names the cause.
  it('http-session fails with required-not-issued', async () => {
    const server = await startHttpServer(process.execPath, [fixture('http-server.mjs'), '--session-not-issued']);
    try {
      const { report } = await doctor({ kind: 'http', url: server.url, headers: {} }, OPTIONS);
      const session = report.checks.find((c) => c.id === 'http-session')!;
      expect(session.status).toBe('fail');
      expect(session.findings.map((f) => f.code)).toContain('http-session/required-not-issued');
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe('a correct server answering on SSE streams (HTTP)', () => {
  it('passes every check, http-sse included', async () => {
    const server = await startHttpServer(process.execPath, [fixture('http-server.mjs'), '--sse']);
    try {
      const { report } = await doctor({ kind: 'http', url: server.url, headers: {} }, OPTIONS);
      expect(
        report.checks.filter((c) => c.status === 'fail' || c.status === 'warn').map((c) => `${c.id}: ${c.summary}`),
      ).toEqual([]);
      expect(report.checks.find((c) => c.id === 'http-sse')!.status).toBe('pass');
    } finally {
      await server.stop();
    }
  }, 120_000);
});
