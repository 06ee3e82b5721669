/**
 * Issue 21: `check` must be right in both directions on real sessions. Each case here is a transcript
 * shape `check` got wrong: a false blame, a miss, or a wrong label.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPassive } from '../src/report/check-report.js';
import { CAPS, CLI, INIT_RESULT, ROOT, startHttpServer, TranscriptBuilder } from './helpers.js';
import { startTap } from './tap-helpers.js';

const codes = (t: Parameters<typeof runPassive>[0]) => runPassive(t).findings.map((f) => f.code);

/** A raw client: sends each line after the previous answer (notifications at once), then closes stdin. */
function rawSession(args: string[], lines: object[]): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    let i = 0;
    const next = () => {
      while (i < lines.length) {
        const m = lines[i++] as { id?: unknown };
        child.stdin.write(`${JSON.stringify(m)}\n`);
        if ('id' in m) return;
      }
      child.stdin.end();
    };
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (d.includes('"id"')) next();
    });
    child.on('close', () => resolve());
    next();
  });
}

describe('check is right in both directions', () => {
  it('a list_changed that overtakes the answer to the client’s own tools/list is no stale list', () => {
    const b = new TranscriptBuilder('stdio', []);
    const c = b.conn('stdio', 'tap', 'legacy');
    b.ok(c, 'initialize', { protocolVersion: '2025-11-25', capabilities: {} }, INIT_RESULT('2025-11-25', CAPS));
    b.outbound(c, { jsonrpc: '2.0', method: 'notifications/initialized' });
    // The client asks; the server announces a change, then answers (with the changed list).
    b.outbound(c, { jsonrpc: '2.0', id: 7, method: 'tools/list' });
    b.inbound(c, { jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    b.inbound(c, { jsonrpc: '2.0', id: 7, result: { tools: [{ name: 'a', inputSchema: { type: 'object' } }] } });
    expect(codes(b.build())).not.toContain('list-drift/not-relisted');
  });

  it('a notification the client really never followed is still a stale list', () => {
    const b = new TranscriptBuilder('stdio', []);
    const c = b.conn('stdio', 'tap', 'legacy');
    b.ok(c, 'initialize', { protocolVersion: '2025-11-25', capabilities: {} }, INIT_RESULT('2025-11-25', CAPS));
    b.outbound(c, { jsonrpc: '2.0', method: 'notifications/initialized' });
    b.ok(c, 'tools/list', undefined, { tools: [] });
    b.inbound(c, { jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    expect(codes(b.build())).toContain('list-drift/not-relisted');
  });

  it('a server that answers request #2 with id 999 is caught', () => {
    const b = new TranscriptBuilder('stdio', []);
    const c = b.conn('stdio', 'tap', 'legacy');
    b.ok(c, 'initialize', { protocolVersion: '2025-11-25', capabilities: {} }, INIT_RESULT());
    b.outbound(c, { jsonrpc: '2.0', method: 'notifications/initialized' });
    b.outbound(c, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    b.inbound(c, { jsonrpc: '2.0', id: 999, result: { tools: [] } });
    const found = runPassive(b.build()).findings.find((f) => f.code === 'jsonrpc-envelope/unsolicited-answer');
    expect(found?.party).toBe('server');
    expect(found?.message).toContain('999');
  });

  it('an id echoed with another type (2 sent, "2" back) is caught too', () => {
    const b = new TranscriptBuilder('stdio', []);
    const c = b.conn('stdio', 'tap', 'legacy');
    b.ok(c, 'initialize', { protocolVersion: '2025-11-25', capabilities: {} }, INIT_RESULT());
    b.outbound(c, { jsonrpc: '2.0', id: 2, method: 'ping' });
    b.inbound(c, { jsonrpc: '2.0', id: '2', result: {} });
    expect(codes(b.build())).toContain('jsonrpc-envelope/unsolicited-answer');
  });

  it('doctor --dump-wire of a passing server: the doctor’s deliberate malformed probes are not the client’s fault', () => {
    const wire = join(mkdtempSync(join(tmpdir(), 'check-truth-')), 'wire.json');
    const doctor = spawnSync(
      process.execPath,
      [
        CLI,
        'doctor',
        '--dump-wire',
        wire,
        '--',
        process.execPath,
        join(ROOT, 'packages/mcp-handshake/test/fixtures/raw-server.mjs'),
      ],
      { encoding: 'utf8' },
    );
    expect(doctor.status, doctor.stdout).toBe(0);
    const r = spawnSync(process.execPath, [CLI, 'check', '--json', wire], { encoding: 'utf8' });
    const report = JSON.parse(r.stdout) as ReturnType<typeof runPassive>;
    expect(report.findings.filter((f) => f.party === 'client')).toEqual([]);
    expect(report.deliberate).toEqual(expect.arrayContaining(['malformed']));
    expect(r.status).toBe(0);
  }, 60_000);

  it('a stdio session that probed 2026-07-28 and fell back is labelled with what was negotiated', async () => {
    const { readFileSync } = await import('node:fs');
    const out = join(mkdtempSync(join(tmpdir(), 'check-truth-')), 't.json');
    const PV = 'io.modelcontextprotocol/protocolVersion';
    // What Claude Code does against a 2025-only server: server/discover first, then initialize on -32601.
    const lines = [
      { jsonrpc: '2.0', id: 0, method: 'server/discover', params: { _meta: { [PV]: '2026-07-28' } } },
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'claude-code', version: '2' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ];
    const legacyOnly = join(ROOT, 'packages/mcp-handshake/test/fixtures/legacy-only.mjs');
    await rawSession([CLI, 'tap', '--out', out, '--', process.execPath, legacyOnly], lines);
    const t = JSON.parse(readFileSync(out, 'utf8')) as ReturnType<TranscriptBuilder['build']>;
    expect(t.exchanges.map((x) => x.method)).toEqual(['server/discover', 'initialize', 'tools/list']);
    expect(t.connections[0]).toMatchObject({ era: 'legacy', version: '2025-11-25', fellBackFrom: '2026-07-28' });
    // And the probe before the handshake is no lifecycle fault of the client's.
    expect(
      runPassive(t)
        .findings.filter((f) => f.party === 'client')
        .map((f) => f.code),
    ).toEqual([]);
  }, 60_000);

  it('through the HTTP tap, a health check and an OAuth metadata fetch are shown as what they are, not as SSE sessions', async () => {
    const server = await startHttpServer(process.execPath, [
      join(ROOT, 'packages/mcp-handshake/test/fixtures/http-server.mjs'),
    ]);
    const tap = await startTap(server.url, 'labels');
    try {
      const origin = new URL(tap.url).origin;
      await (await fetch(`${origin}/healthz`)).text();
      await (await fetch(`${origin}/.well-known/oauth-protected-resource/mcp`)).text();
      await (await fetch(tap.url)).text(); // a sessionless GET answered 405: no stream, no session
    } finally {
      const t = await tap.stop();
      await server.stop();
      expect(t.connections.map((c) => (c.purpose === 'oauth' ? 'oauth' : (c.traffic ?? 'mcp'))).sort()).toEqual([
        'oauth',
        'other',
      ]);
      expect(t.connections.some((c) => c.version === '2024-11-05')).toBe(false);
    }
  }, 60_000);

  it('a Claude Code session is Claude Code, not claude.ai with the facts of its web connectors', () => {
    for (const [name, transport, label] of [
      ['claude-code', 'stdio', 'Claude Code'],
      ['claude-ai', 'stdio', 'Claude Desktop'],
      ['claude-ai', 'http', 'Claude (web/desktop connectors)'],
      ['gemini-cli-mcp-client', 'stdio', 'Gemini CLI'],
      ['qwen-cli-mcp-client-gifts', 'stdio', 'Qwen Code'],
    ] as const) {
      const b = new TranscriptBuilder(transport, []);
      const c = b.conn('c', 'tap', 'legacy');
      b.ok(
        c,
        'initialize',
        { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name, version: '1' } },
        INIT_RESULT(),
      );
      const seen = runPassive(b.build()).clients[0];
      expect(seen.host?.label, name).toBe(label);
      if (name === 'claude-code') expect(seen.facts).toEqual([]);
    }
  });
});
