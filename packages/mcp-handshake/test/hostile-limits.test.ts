/**
 * Issue 21: what a hostile server or client can make mcp-handshake keep or do. Deep JSON, endless and
 * huge answers, secrets echoed back, and the HTTP tap used as a proxy into the operator's network.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, fixture, startHttpServer } from './helpers.js';
import { startTap } from './tap-helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-handshake-limits-'));
const HOSTILE = fixture('hostile-server.mjs');

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string> = {}, stdin = ''): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    child.stdin.end(stdin);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe('deep JSON does not crash anything', () => {
  let http: { url: string; stop: () => Promise<void> };
  beforeAll(async () => {
    http = await startHttpServer(process.execPath, [HOSTILE, '--http', '--deep', '2000']);
  }, 30_000);
  afterAll(() => http?.stop());

  for (const transport of ['stdio', 'http'] as const) {
    it(`a 2,000-deep tools/list answer over ${transport}: inspect and doctor report it, exit as documented`, async () => {
      const target = transport === 'stdio' ? ['--', process.execPath, HOSTILE, '--deep', '2000'] : [http.url];
      const inspect = await run(['inspect', '--json', ...target]);
      expect(inspect.stderr).not.toMatch(/RangeError|internal error/);
      expect(inspect.code).toBe(0);
      const doctor = await run(['doctor', '--json', '--concurrency', '2', ...target]);
      expect(doctor.stderr).not.toMatch(/RangeError|internal error/);
      const report = JSON.parse(doctor.stdout) as {
        exitCode: number;
        checks: Array<{ findings: Array<{ code: string }> }>;
      };
      expect(doctor.code).toBe(report.exitCode);
      expect([0, 1]).toContain(report.exitCode);
      const codes = report.checks.flatMap((c) => c.findings.map((f) => f.code));
      expect(codes).toContain('jsonrpc-envelope/too-deep');
      expect(codes.some((c) => c.endsWith('/crashed'))).toBe(false);
      const text = await run(['inspect', ...target]);
      expect(text.code).toBe(0);
    }, 120_000);
  }

  it('check on a transcript file nested 100,000 deep: a finding, not a crash', async () => {
    const t = {
      format: 'mcp-handshake/transcript@1',
      target: 'crafted',
      transport: 'stdio',
      startedAt: new Date().toISOString(),
      durationMs: 1,
      options: { timeoutMs: 1, driftWindowMs: 0, eras: [] },
      connections: [{ id: 'c', purpose: 'tap', era: 'legacy' }],
      events: [
        {
          seq: 0,
          at: 0,
          conn: 'c',
          dir: 'in',
          kind: 'message',
          message: { jsonrpc: '2.0', id: 1, result: { deep: 'PLACEHOLDER' } },
        },
      ],
      exchanges: [],
    };
    const file = join(dir, 'deep-transcript.json');
    // JSON.stringify itself cannot go that deep: the nesting is written as text.
    writeFileSync(file, JSON.stringify(t).replace('"PLACEHOLDER"', `${'['.repeat(100_000)}"x"${']'.repeat(100_000)}`));
    for (const args of [
      ['check', file],
      ['check', '--json', file],
      ['check', '--html', join(dir, 'deep.html'), file],
    ]) {
      const r = await run(args);
      expect(r.stderr).not.toMatch(/RangeError|internal error/);
      expect([0, 1]).toContain(r.code);
    }
  }, 60_000);
});

describe('endless and huge answers cost bounded memory', () => {
  /** Peak memory of `inspect` against a server that never stops sending, for a short and a four times longer wait. */
  async function peaks(target: string[]): Promise<number[]> {
    const out: number[] = [];
    for (const timeout of ['2000', '8000']) {
      const child = spawn(process.execPath, [fixture('max-rss.mjs'), CLI, 'inspect', '--timeout', timeout, ...target]);
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
      child.stdout.resume();
      const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((r) =>
        child.on('close', (c, s) => r([c, s])),
      );
      expect(signal).toBeNull();
      expect(stderr).not.toMatch(/heap out of memory|internal error/);
      expect([0, 2]).toContain(code);
      out.push(Number(/maxRSS (\d+) MB/.exec(stderr)?.[1]));
    }
    return out;
  }
  // Memory that does not grow with how long the server keeps sending is bounded; what a read-all client
  // holds grows with it (the previous version: 346 MB after 2 s, 1,000 MB after 8 s of an endless body).
  const bounded = ([short, long]: number[]) => expect(long).toBeLessThanOrEqual(short * 1.25 + 24);

  it('a stdio server that writes one line that never ends: memory does not grow with time', async () => {
    bounded(await peaks(['--era', 'legacy', '--', process.execPath, HOSTILE, '--endless-line']));
  }, 60_000);

  it('a stdio line of 40 million bytes is noted, not kept, and the session goes on', async () => {
    const r = await run([
      'inspect',
      '--era',
      'legacy',
      '--json',
      '--',
      process.execPath,
      HOSTILE,
      '--huge-line',
      '40000000',
    ]);
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as {
      connected: boolean;
      transcript: { events: Array<{ kind: string; raw?: string }> };
    };
    expect(result.connected).toBe(true);
    const noted = result.transcript.events.find((e) => e.kind === 'noise' && e.raw?.includes('40000000 bytes'));
    expect(noted?.raw).toMatch(/was not kept/);
    expect(r.stdout.length).toBeLessThan(5_000_000);
  }, 60_000);

  for (const flag of ['--endless-body', '--endless-event']) {
    it(`an HTTP server whose tools/list answer never ends (${flag}): memory does not grow with time`, async () => {
      const server = await startHttpServer(process.execPath, [HOSTILE, '--http', flag]);
      try {
        bounded(await peaks([server.url]));
      } finally {
        await server.stop();
      }
    }, 60_000);
  }
});

describe('secrets the server echoes stay out of every transcript and report', () => {
  const SECRETS = ['s3cr3t-pw', 'inherited-token-value-1234', '4f9c2a7b1e8d3c6f0a5b9e2d7c1f4a8b'];
  const env = { GITHUB_TOKEN: 'inherited-token-value-1234' };
  const e = ['-e', 'DATABASE_URL=postgres://app:s3cr3t-pw@db:5432/x', '-e', 'OPENAI=4f9c2a7b1e8d3c6f0a5b9e2d7c1f4a8b'];

  it('tap over stdio: the transcript holds none of them, and is 0600', async () => {
    const out = join(dir, 'tap-secrets.json');
    const init = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'host', version: '1' } },
    });
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const r = await run(
      ['tap', '--out', out, ...e, '--', process.execPath, fixture('echo-secrets-server.mjs')],
      env,
      `${init}\n${list}\n`,
    );
    expect(r.code).toBe(0);
    // The host gets the server's bytes unchanged; the recording does not keep the secrets in them.
    expect(r.stdout).toContain('4f9c2a7b1e8d3c6f0a5b9e2d7c1f4a8b');
    const text = readFileSync(out, 'utf8');
    expect(text).toContain('echo-secrets');
    for (const s of SECRETS) expect(text).not.toContain(s);
    expect(statSync(out).mode & 0o777).toBe(0o600);
  }, 60_000);

  it('inspect -v prints none of them', async () => {
    const r = await run(['inspect', '-v', ...e, '--', process.execPath, fixture('echo-secrets-server.mjs')], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('echo-secrets');
    for (const s of SECRETS) {
      expect(r.stdout).not.toContain(s);
      expect(r.stderr).not.toContain(s);
    }
  }, 60_000);
});

/** One raw HTTP/1.1 request, as an attacker would write it: the request target is sent exactly as given. */
function rawRequest(
  port: number,
  requestLine: string,
  headers: string[] = [],
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (d) => (data += d));
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(data)?.[1] ?? 0), text: data }));
    // Written, not ended: a client that half-closes before its answer gets none from a Node server.
    socket.write(
      `${requestLine}\r\nHost: 127.0.0.1:${port}\r\n${headers.map((h) => `${h}\r\n`).join('')}Connection: close\r\n\r\n`,
    );
  });
}

describe('the HTTP tap is no open proxy', () => {
  const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];
  const internal = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    res.end('internal secret page');
  });
  let internalPort = 0;
  let target: { url: string; stop: () => Promise<void> };
  beforeAll(async () => {
    await new Promise<void>((r) => internal.listen(0, '127.0.0.1', () => r()));
    internalPort = (internal.address() as { port: number }).port;
    target = await startHttpServer(process.execPath, [fixture('http-server.mjs')]);
  }, 30_000);
  afterAll(async () => {
    internal.close();
    await target?.stop();
  });

  it('absolute-form, scheme-relative, backslash, dot-segment and CONNECT targets get 400 and reach nothing', async () => {
    const withCreds = target.url.replace('http://', 'http://operator:hunter2-pass@');
    const tap = await startTap(withCreds, 'open-proxy');
    const port = Number(new URL(tap.url).port);
    const attacks = [
      `GET http://127.0.0.1:${internalPort}/x HTTP/1.1`,
      `GET //127.0.0.1:${internalPort}/x HTTP/1.1`,
      `GET /\\127.0.0.1:${internalPort}/x HTTP/1.1`,
      `GET /%5c127.0.0.1:${internalPort}/x HTTP/1.1`,
      `GET /mcp/../../x HTTP/1.1`,
      `GET /%2e%2e/x HTTP/1.1`,
      `CONNECT 127.0.0.1:${internalPort} HTTP/1.1`,
      `OPTIONS * HTTP/1.1`,
    ];
    try {
      for (const line of attacks) {
        const r = await rawRequest(port, line);
        expect(r.status, line).toBe(400);
        expect(r.text).not.toContain('internal secret page');
      }
      expect(seen).toEqual([]);
      // A path on the target's origin still goes through.
      const ok = await rawRequest(port, 'GET /mcp HTTP/1.1');
      expect(ok.status).toBe(405);
    } finally {
      const t = await tap.stop();
      const notes = t.events.filter((e) => e.kind === 'note' && e.note?.startsWith('refused'));
      expect(notes.length).toBe(attacks.length);
      expect(JSON.stringify(t)).not.toContain('hunter2-pass');
    }
  }, 60_000);

  it('says so when it listens beyond loopback', async () => {
    const r = await new Promise<string>((resolve) => {
      const child = spawn(process.execPath, [
        CLI,
        'tap',
        '--listen',
        '0.0.0.0:0',
        '--target',
        target.url,
        '--out',
        join(dir, 'wide.json'),
      ]);
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d) => {
        stderr += d;
        if (stderr.includes('not loopback')) child.kill('SIGTERM');
      });
      child.on('close', () => resolve(stderr));
    });
    expect(r).toMatch(/listening on 0\.0\.0\.0, not loopback/);
  }, 30_000);
});

describe('the HTTP tap and a server that closes idle keep-alive connections', () => {
  it('200 real SDK sessions through the tap: every request answered, each closed reused socket retried once on a fresh one', async () => {
    const { connect, WIRES } = await import('./sdk-clients.js');
    const server = await startHttpServer(process.execPath, [fixture('http-server.mjs'), '--drop-reused', '3']);
    const tap = await startTap(server.url, 'keep-alive-race');
    let failures = 0;
    try {
      const wires = WIRES.filter((w) => w.kind === 'v1' || w.version === '2025-11-25');
      const one = async (i: number) => {
        const s = await connect(wires[i % wires.length], { transport: 'http', url: tap.url });
        try {
          await s.client.listTools();
          await s.client.callTool({ name: 'echo', arguments: { text: `n${i}` } });
        } finally {
          await s.close();
        }
      };
      // Eight at a time: sockets are reused between sessions, which is where the race is.
      for (let i = 0; i < 200; i += 8)
        await Promise.all(
          Array.from({ length: 8 }, (_, k) =>
            one(i + k).catch((error) => {
              failures++;
              throw error;
            }),
          ),
        );
    } finally {
      const t = await tap.stop();
      await server.stop();
      const retried = t.events.filter((e) => e.kind === 'note' && e.note?.includes('sent again on a new one')).length;
      const tapMade = t.events.filter((e) => e.kind === 'error').length;
      const badGateway = t.events.filter((e) => e.kind === 'http' && e.http?.status === 502).length;
      expect({ failures, tapMade, badGateway }).toEqual({ failures: 0, tapMade: 0, badGateway: 0 });
      // The server really did close reused sockets under the tap, and the tap really did retry.
      expect(retried).toBeGreaterThan(20);
    }
  }, 180_000);
});
