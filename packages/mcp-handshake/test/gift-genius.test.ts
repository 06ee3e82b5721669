import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../src/commands/call.js';
import { doctor } from '../src/commands/doctor.js';
import { runInspect } from '../src/commands/inspect.js';
import type { DoctorReport } from '../src/report/doctor-report.js';
import { GIFT_GENIUS, giftGeniusEnv, startHttpServer } from './helpers.js';

function expectHealthy(report: DoctorReport, transport: 'stdio' | 'http') {
  for (const c of report.checks) {
    expect(['pass', 'info', 'skip'], `${transport} ${c.id}: ${c.summary}\n${c.evidence.join('\n')}`).toContain(
      c.status,
    );
  }
}

const present = existsSync(GIFT_GENIUS);

describe.skipIf(!present)('gift-genius over stdio', () => {
  const { dataDir, env } = giftGeniusEnv();
  const target = {
    kind: 'stdio' as const,
    command: process.execPath,
    args: [GIFT_GENIUS, 'stdio', '--data', dataDir],
    env,
  };

  it('doctor: every check passes', async () => {
    const { report } = await doctor(target, { concurrency: 3 });
    expectHealthy(report, 'stdio');
    expect(report.eras.find((e) => e.era === 'modern')!.served).toEqual(['2026-07-28']);
  }, 60_000);

  it('inspect (auto) takes the modern wire and shows tools with schemas', async () => {
    const r = await runInspect(target, { era: 'auto', timeoutMs: 10_000 });
    expect(r.connected).toBe(true);
    expect(r.era).toBe('modern');
    expect(r.discovery.tools.map((t) => t.name)).toContain('suggest_gifts');
    expect(r.capabilities.find((c) => c.path === 'tools.listChanged')?.meaning).toMatch(/tool list changes/);
  }, 30_000);
});

describe.skipIf(!present)('gift-genius over HTTP', () => {
  let server: { url: string; stop: () => Promise<void> };
  beforeAll(async () => {
    const { dataDir, env } = giftGeniusEnv();
    server = await startHttpServer(process.execPath, [GIFT_GENIUS, 'serve', '--port', '0', '--data', dataDir], env);
  }, 30_000);
  afterAll(() => server?.stop());

  it('doctor: every check passes', async () => {
    const { report } = await doctor({ kind: 'http', url: server.url, headers: {} }, {});
    expectHealthy(report, 'http');
  }, 30_000);

  it('inspect --era legacy negotiates 2025-11-25 in a session', async () => {
    const r = await runInspect(
      { kind: 'http', url: server.url, headers: { Authorization: 'Bearer sk-test-0123456789abcdefghij' } },
      { era: 'legacy', timeoutMs: 10_000 },
    );
    expect(r.era).toBe('legacy');
    expect(r.protocolVersion).toBe('2025-11-25');
    expect(JSON.stringify(r.transcript)).not.toContain('sk-test-0123456789abcdefghij');
    expect(r.transcript.events.some((e) => e.http?.headers?.['mcp-session-id'])).toBe(true);
  }, 30_000);

  it('call validates arguments before sending, then calls', async () => {
    const target = { kind: 'http' as const, url: server.url, headers: {} };
    const rejected = await callTool(target, 'suggest_gifts', {
      era: 'auto',
      timeoutMs: 10_000,
      args: '{"age":"thirty"}',
    });
    expect(rejected.exitCode).toBe(1);
    expect(rejected.validationErrors).toMatch(/age|relationship/);
    const ok = await callTool(target, 'suggest_gifts', {
      era: 'auto',
      timeoutMs: 10_000,
      args: '{"age":30,"relationship":"friend"}',
    });
    expect(ok.exitCode, JSON.stringify(ok.problem ?? ok.error)).toBe(0);
    expect(ok.result?.content).toBeTruthy();
  }, 30_000);
});

describe.skipIf(!present)('gift-genius over HTTP behind a bearer token', () => {
  let server: { url: string; stop: () => Promise<void> };
  beforeAll(async () => {
    const { dataDir, env } = giftGeniusEnv();
    server = await startHttpServer(process.execPath, [GIFT_GENIUS, 'serve', '--port', '0', '--data', dataDir], {
      ...env,
      GIFTGEN_TOKEN: 'doctor-token-0123456789',
    });
  }, 30_000);
  afterAll(() => server?.stop());

  it('doctor with -H Authorization: every check passes, and the token never appears in the report', async () => {
    const { report } = await doctor(
      { kind: 'http', url: server.url, headers: { authorization: 'Bearer doctor-token-0123456789' } },
      {},
    );
    expectHealthy(report, 'http');
    expect(JSON.stringify(report)).not.toContain('doctor-token-0123456789');
  }, 60_000);
});
