import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { doctor } from '../src/commands/doctor.js';
import { fixture, ROOT } from './helpers.js';

const bin = (pkg: string) => join(ROOT, 'node_modules', '@modelcontextprotocol', pkg, 'dist', 'index.js');
const noFailures = (checks: Array<{ id: string; status: string; summary: string }>) =>
  checks.filter((c) => c.status === 'fail').map((c) => `${c.id}: ${c.summary}`);

/** Real servers from npm, spoken to over real pipes: no false failures. */
describe('real servers', () => {
  it('@modelcontextprotocol/server-everything (stdio)', async () => {
    const { report } = await doctor(
      { kind: 'stdio', command: process.execPath, args: [bin('server-everything'), 'stdio'], env: {} },
      { concurrency: 3 },
    );
    expect(noFailures(report.checks)).toEqual([]);
    expect(report.checks.find((c) => c.id === 'empty-discovery')!.status).toBe('pass');
  }, 60_000);

  it('@modelcontextprotocol/server-filesystem (stdio)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-handshake-fs-'));
    writeFileSync(join(dir, 'hello.txt'), 'hello');
    const { report } = await doctor(
      { kind: 'stdio', command: process.execPath, args: [bin('server-filesystem'), dir], env: {} },
      { concurrency: 3 },
    );
    expect(noFailures(report.checks)).toEqual([]);
  }, 60_000);

  it('a server built with @modelcontextprotocol/sdk 1.x (stdio)', async () => {
    const { report } = await doctor(
      { kind: 'stdio', command: process.execPath, args: [fixture('sdk1-server.mjs')], env: {} },
      { concurrency: 3 },
    );
    expect(noFailures(report.checks)).toEqual([]);
    expect(report.eras.find((e) => e.era === 'legacy')!.served).toContain('2025-11-25');
  }, 60_000);
});
