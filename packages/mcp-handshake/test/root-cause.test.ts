import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctor } from '../src/commands/doctor.js';
import { formatDoctorText } from '../src/report/doctor-report.js';
import { makeStyle } from '../src/report/style.js';
import type { Target } from '../src/target.js';
import { freePort } from './corpus/servers.js';
import { fixture, startHttpServer } from './helpers.js';

const plain = makeStyle(false);
const stdio = (file: string): Target => ({ kind: 'stdio', command: process.execPath, args: [fixture(file)], env: {} });
const text = (r: Awaited<ReturnType<typeof doctor>>) => formatDoctorText(r.report, plain);
/** The report's first lines, where the root cause must be. */
const head = (r: Awaited<ReturnType<typeof doctor>>) => text(r).split('\n').slice(0, 6).join('\n');
/** Connections on which a request was sent: once the gate stays shut, only its two. */
const probed = (r: Awaited<ReturnType<typeof doctor>>) =>
  [...new Set(r.transcript.exchanges.map((x) => x.conn))].filter((c) => !GATE.includes(c));
const GATE = ['legacy', 'modern'];
const statusOf = (r: Awaited<ReturnType<typeof doctor>>, id: string) =>
  r.report.checks.find((c) => c.id === id)!.status;

describe('root cause first (issue 11, item 4)', () => {
  let unauthorized: Server;
  let url401 = '';
  beforeAll(async () => {
    unauthorized = createServer((_req, res) => {
      res.writeHead(401, {
        'www-authenticate': 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"',
        'content-type': 'application/json',
      });
      res.end(JSON.stringify({ error: 'invalid_token' }));
    });
    await new Promise<void>((r) => unauthorized.listen(0, '127.0.0.1', r));
    url401 = `http://127.0.0.1:${(unauthorized.address() as { port: number }).port}/mcp`;
  });
  afterAll(() => new Promise((r) => unauthorized.close(r)));

  it('connection refused: said first, and the doctor stops', async () => {
    const r = await doctor(
      { kind: 'http', url: `http://127.0.0.1:${await freePort()}/mcp`, headers: {} },
      { timeoutMs: 1000 },
    );
    expect(r.report.exitCode).toBe(2);
    expect(r.report.rootCause?.kind).toBe('connection-refused');
    expect(head(r)).toMatch(/connection refused/i);
    expect(statusOf(r, 'initialize-format')).toBe('skip');
    expect(probed(r)).toEqual([]);
  });

  it("connection refused on a port fetch blocks (http://127.0.0.1:1/mcp, the issue's example)", async () => {
    const r = await doctor({ kind: 'http', url: 'http://127.0.0.1:1/mcp', headers: {} }, { timeoutMs: 1000 });
    expect(r.report.rootCause?.kind).toBe('connection-refused');
    expect(head(r)).toMatch(/connection refused/i);
    expect(r.report.rootCause?.evidence.join(' ')).toMatch(/bad port/);
  });

  it('name not resolved', async () => {
    const r = await doctor({ kind: 'http', url: 'http://no-such-host.invalid/mcp', headers: {} }, { timeoutMs: 3000 });
    expect(r.report.rootCause?.kind).toBe('name-not-resolved');
    expect(head(r)).toMatch(/no-such-host\.invalid could not be resolved/);
  });

  it('401: what the server asked for (WWW-Authenticate)', async () => {
    const r = await doctor({ kind: 'http', url: url401, headers: {} }, { timeoutMs: 1000 });
    expect(r.report.rootCause?.kind).toBe('unauthorized');
    expect(head(r)).toMatch(/401/);
    expect(head(r)).toMatch(/resource_metadata/);
    expect(r.report.exitCode).toBe(2);
  });

  it('command not found', async () => {
    const r = await doctor(
      { kind: 'stdio', command: '/nonexistent/mcp-server', args: [], env: {} },
      { timeoutMs: 1000 },
    );
    expect(r.report.rootCause?.kind).toBe('command-not-found');
    expect(head(r)).toMatch(/command not found: \/nonexistent\/mcp-server/);
    expect(probed(r)).toEqual([]);
    // Nothing ran, so nothing was written on stdout: no stdout-hygiene verdict (and none of its banner advice).
    expect(r.report.checks.find((c) => c.id === 'stdio-hygiene')?.status).toBe('skip');
    expect(r.report.exitCode).toBe(2);
  });

  it('a program that prints a line and exits: the hint names its stdout line, and points at no stderr lines', async () => {
    const r = await doctor(
      { kind: 'stdio', command: process.execPath, args: ['-e', "console.log('hello')"], env: {} },
      { timeoutMs: 2000 },
    );
    expect(r.report.rootCause?.kind).toBe('exited');
    expect(r.report.rootCause?.hint).not.toMatch(/stderr lines/);
    expect(r.report.rootCause?.hint).toMatch(/stdout/);
    expect(r.report.rootCause?.evidence.join('\n')).toMatch(/stdout: hello/);
  });

  it("the child's exit code and its last stderr lines", async () => {
    const r = await doctor(stdio('exits-at-start.mjs'), { timeoutMs: 2000 });
    expect(r.report.rootCause?.kind).toBe('exited');
    expect(head(r)).toMatch(/exit(ed)? (with )?code 1/i);
    expect(text(r)).toContain('Error: OPENAI_API_KEY is not set');
    expect(probed(r)).toEqual([]);
  });

  it('a silent server costs the start-up wait once, and does not pass stdio-hygiene', async () => {
    const r = await doctor(stdio('silent-server.mjs'), { timeoutMs: 800, startupTimeoutMs: 1500 });
    expect(r.report.rootCause?.kind).toBe('no-answer');
    expect(head(r)).toMatch(/no answer/i);
    expect(probed(r)).toEqual([]);
    expect(statusOf(r, 'stdio-hygiene')).not.toBe('pass');
  }, 40_000);

  it('a server that answers initialize and server/discover only with errors: no host connects, and the head says why', async () => {
    // host-faults-http.mjs --case http-status/server-error: every POST gets HTTP 500 with a JSON-RPC error.
    const server = await startHttpServer(process.execPath, [
      fixture('host-faults-http.mjs'),
      '--case',
      'http-status/server-error',
    ]);
    try {
      const r = await doctor({ kind: 'http', url: server.url, headers: {} } as Target, { timeoutMs: 2000 });
      expect(r.report.rootCause?.kind).toBe('initialize-refused');
      expect(head(r)).toMatch(/initialize .*HTTP 500.*-32603/);
      expect(r.report.exitCode).toBe(1);
      const hosts = r.report.hosts ?? [];
      expect(hosts.filter((h) => h.outcome !== 'does-not-apply').map((h) => h.outcome)).toEqual(
        hosts.filter((h) => h.outcome !== 'does-not-apply').map(() => 'does-not-connect'),
      );
    } finally {
      await server.stop();
    }
  }, 40_000);

  it('a slow start is its own finding naming the hosts that give up first, never "could not connect"', async () => {
    // 3 s idle before it reads stdin: past Codex CLI's 1.5 s, within Claude Code's 30 s (src/hosts/).
    const r = await doctor(
      { kind: 'stdio', command: process.execPath, args: [fixture('slow-start.mjs'), '--sleep-ms', '3000'], env: {} },
      { timeoutMs: 2000 },
    );
    expect(r.report.rootCause).toBeUndefined();
    const f = r.report.checks.find((c) => c.id === 'start-up')!;
    expect(f.status).toBe('warn');
    const message = f.findings.find((d) => d.code === 'start-up/beyond-host-wait')!.message;
    expect(message).toMatch(
      /^answered initialize after [3-9]\.\d s( \([\d.]+ s on this busy machine\))?: Codex CLI goes on/,
    );
    expect(message).toContain('Codex CLI goes on without it after 1.5 s');
    expect(message).toContain('Claude Code gives up at 30 s');
    expect(r.report.hosts?.find((h) => h.host === 'codex')?.outcome).toBe('does-not-connect');
    expect(r.report.hosts?.find((h) => h.host === 'claude-code')?.outcome).toBe('sees-all');
    expect(statusOf(r, 'version-negotiation')).toBe('pass');
  }, 120_000);

  it('a slow initialize is a handshake timeout, not initialize-format and version-negotiation failures', async () => {
    // Longer than the start-up wait (hosts' patience, --startup-timeout) while server/discover is answered.
    const r = await doctor({ ...stdio('slow-initialize.mjs'), env: { SLOW_INIT_MS: '12500' } } as Target, {
      timeoutMs: 1000,
      startupTimeoutMs: 5000,
    });
    expect(r.report.rootCause?.kind).toBe('handshake-timeout');
    expect(head(r)).toMatch(/initialize was not answered within [5-9]\d{3} ms/);
    expect(head(r)).toMatch(/server\/discover was answered/);
    expect(statusOf(r, 'initialize-format')).not.toBe('fail');
    expect(statusOf(r, 'version-negotiation')).not.toBe('fail');
    // The report says "handshake failed" first: the exit code says so too (a CI job must not pass it).
    expect(r.report.exitCode).toBe(1);
  }, 40_000);

  it('a crash at start names its exit code and the error line, not only the tail of its stack', async () => {
    const r = await doctor(
      { kind: 'stdio', command: process.execPath, args: ['-e', "require('node:nonexistent')"], env: {} },
      { timeoutMs: 2000 },
    );
    expect(r.report.rootCause?.kind).toBe('exited');
    expect(head(r)).toMatch(/exited with code 1/);
    expect(text(r)).toContain('ERR_UNKNOWN_BUILTIN_MODULE');
    expect(r.report.rootCause?.evidence[0]).toMatch(/Error \[ERR_UNKNOWN_BUILTIN_MODULE\]: No such built-in module/);
  }, 40_000);

  it('answers under a retyped id (1 sent, "1" back) over stdio: a jsonrpc-envelope failure, not "could not connect"', async () => {
    const r = await doctor(stdio('retyped-ids.mjs'), { timeoutMs: 1000, startupTimeoutMs: 3000 });
    expect(r.report.exitCode).toBe(1);
    expect(r.report.rootCause?.kind).toBe('ids-not-echoed');
    expect(head(r)).toMatch(/sent 1, got "1"/);
    expect(r.report.checks.find((c) => c.id === 'jsonrpc-envelope')?.findings.map((f) => f.code)).toContain(
      'jsonrpc-envelope/id-not-echoed',
    );
  }, 60_000);

  it('a silent stdio server: the hint names a slow start, --startup-timeout, and what else it may wait for', async () => {
    const r = await doctor(stdio('silent-server.mjs'), { timeoutMs: 800, startupTimeoutMs: 1500 });
    expect(r.report.rootCause?.hint).toMatch(/still starting.*--startup-timeout/);
  }, 40_000);

  it('pretty-printed JSON on stdout is named as multi-line framing, not "log to stderr"', async () => {
    const r = await doctor(stdio('pretty-json-server.mjs'), { timeoutMs: 800 });
    const hygiene = r.report.checks.find((c) => c.id === 'stdio-hygiene')!;
    expect(hygiene.status).toBe('fail');
    expect(hygiene.summary).toMatch(/multi-line JSON|over several lines/i);
    expect(`${hygiene.summary} ${hygiene.evidence.join(' ')}`).not.toMatch(/(log|write).*to stderr/i);
    expect(hygiene.fix).toMatch(/one line \(never pretty-printed\)/);
  }, 40_000);
});

describe('inspect and call say the root cause too', () => {
  it('inspect on a closed port and call on a missing command', async () => {
    const { runInspect } = await import('../src/commands/inspect.js');
    const { callTool } = await import('../src/commands/call.js');
    const { formatInspectText } = await import('../src/report/inspect-text.js');
    const port = await freePort();
    const r = await runInspect(
      { kind: 'http', url: `http://127.0.0.1:${port}/mcp`, headers: {} },
      { era: 'auto', timeoutMs: 1000 },
    );
    expect(r.rootCause?.kind).toBe('connection-refused');
    expect(formatInspectText(r, plain)).toMatch(/could not connect: connection refused/);
    const c = await callTool({ kind: 'stdio', command: '/nonexistent/mcp-server', args: [], env: {} }, 'x', {
      era: 'auto',
      timeoutMs: 1000,
      args: '{}',
    });
    expect(c.problem).toMatch(/could not connect: command not found: \/nonexistent\/mcp-server/);
  });
});

describe('a TLS error is named', () => {
  // A self-signed certificate made for the test (openssl is on the dev and CI machines; skipped without it).
  const dir = mkdtempSync(join(tmpdir(), 'mcp-handshake-tls-'));
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    join(dir, 'k.pem'),
    '-out',
    join(dir, 'c.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
  ]);
  it.skipIf(made.status !== 0)('self-signed certificate → tls, first in the report', async () => {
    const server = createHttpsServer(
      { key: readFileSync(join(dir, 'k.pem')), cert: readFileSync(join(dir, 'c.pem')) },
      (_req, res) => res.end('{}'),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as { port: number }).port;
      const r = await doctor({ kind: 'http', url: `https://127.0.0.1:${port}/mcp`, headers: {} }, { timeoutMs: 1000 });
      expect(r.report.rootCause?.kind).toBe('tls');
      expect(head(r)).toMatch(
        /TLS error talking to 127\.0\.0\.1:\d+: (DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_TLS_CERT_ALTNAME_INVALID)/,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
