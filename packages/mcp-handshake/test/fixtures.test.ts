import { describe, expect, it } from 'vitest';
import { doctor } from '../src/commands/doctor.js';
import { fixture, startHttpServer } from './helpers.js';

/**
 * Deliberately broken servers, real child processes over real pipes: each must produce its
 * own finding and no other failure.
 */
const CASES: Array<[file: string, check: string, status: 'fail' | 'warn']> = [
  ['broken-stdio-hygiene.mjs', 'stdio-hygiene', 'fail'],
  ['broken-initialize-format.mjs', 'initialize-format', 'fail'],
  ['broken-version-negotiation.mjs', 'version-negotiation', 'fail'],
  ['broken-discover.mjs', 'discover', 'fail'],
  ['broken-lifecycle-order.mjs', 'lifecycle-order', 'fail'],
  ['broken-capabilities-declared.mjs', 'capabilities-declared', 'fail'],
  ['broken-capabilities-backed.mjs', 'capabilities-backed', 'fail'],
  ['broken-undeclared-methods.mjs', 'undeclared-methods', 'fail'],
  ['broken-list-changed.mjs', 'list-changed', 'fail'],
  ['broken-jsonrpc-envelope.mjs', 'jsonrpc-envelope', 'fail'],
  ['broken-server-info.mjs', 'server-info', 'fail'],
  ['broken-tool-schemas.mjs', 'tool-schemas', 'fail'],
  ['broken-empty-discovery.mjs', 'empty-discovery', 'warn'],
];

// Sequential tests, a few connections each: on a 2-core machine more parallelism only turns into timeouts.
const OPTIONS = { timeoutMs: 2500, concurrency: 3 };

describe('broken fixtures over stdio', () => {
  for (const [file, check, status] of CASES) {
    it(`${file} → ${check} ${status}, nothing else fails`, async () => {
      const { report } = await doctor({ kind: 'stdio', command: process.execPath, args: [fixture(file)], env: {} }, OPTIONS);
      const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
      expect(byId[check].status, byId[check].summary).toBe(status);
      const others = report.checks.filter((c) => c.id !== check && (c.status === 'fail' || (status === 'warn' && c.status === 'warn')));
      expect(others.map((c) => `${c.id}: ${c.summary}`)).toEqual([]);
      expect(report.exitCode).toBe(status === 'fail' ? 1 : 0);
    }, 30_000);
  }

  it('the correct raw server passes everything; a legacy-only one too, and era-support says what ChatGPT does', async () => {
    const good = await doctor({ kind: 'stdio', command: process.execPath, args: [fixture('raw-server.mjs')], env: {} }, OPTIONS);
    expect(good.report.checks.filter((c) => !['pass', 'info', 'skip'].includes(c.status))).toEqual([]);
    const legacy = await doctor({ kind: 'stdio', command: process.execPath, args: [fixture('legacy-only.mjs')], env: {} }, OPTIONS);
    expect(legacy.report.checks.filter((c) => !['pass', 'info', 'skip'].includes(c.status))).toEqual([]);
    const era = legacy.report.checks.find((c) => c.id === 'era-support')!;
    expect(era.evidence.join('\n')).toMatch(/ChatGPT: server\/discover fails, falls back to initialize 2025-11-25/);
  }, 30_000);
});

describe('broken fixtures over HTTP (node:http on 127.0.0.1)', () => {
  it('a correct raw HTTP server passes; a bare 400 to server/discover warns (fails under --profile chatgpt), discover only', async () => {
    const good = await startHttpServer(process.execPath, [fixture('http-server.mjs')]);
    const bad = await startHttpServer(process.execPath, [fixture('http-server.mjs'), '--broken-discover']);
    try {
      const ok = await doctor({ kind: 'http', url: good.url, headers: {} }, OPTIONS);
      expect(ok.report.checks.filter((c) => !['pass', 'info', 'skip'].includes(c.status))).toEqual([]);
      const broken = await doctor({ kind: 'http', url: bad.url, headers: {} }, OPTIONS);
      expect(broken.report.checks.filter((c) => c.status !== 'pass' && c.status !== 'info' && c.status !== 'skip').map((c) => c.id)).toEqual(['discover']);
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
  }, 30_000);
});
