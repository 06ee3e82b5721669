import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startHttpCli, tempDir, waitFor } from './harness.js';

/**
 * The README's haproxy.cfg ("Running many instances"), as written, in front of two real instances with
 * the real haproxy: only its three ports are moved to free ones (the machine is shared).
 */
const README = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
const CONFIG = /`haproxy\.cfg`:\n\n```haproxy\n([\s\S]*?)```/.exec(README)![1]!;
const haproxy = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
const missing = haproxy.error ? 'no haproxy on PATH (apt-get install haproxy)' : undefined;
if (missing) console.log(`SKIPPED haproxy: ${missing}`);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const ACCEPT = 'application/json, text/event-stream';
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

describe.skipIf(missing !== undefined)('the README haproxy.cfg in front of two instances', () => {
  const folder = tempDir();
  const data = join(folder.path, 'data');
  let a: RunningServer;
  let b: RunningServer;
  let balancer: ReturnType<typeof spawn>;
  let front = '';
  let logs = '';
  beforeAll(async () => {
    // Both on one SQLite folder: what the balancer sees is the same as with the README's shared Postgres.
    a = await startHttpCli({ dataDir: data });
    b = await startHttpCli({ dataDir: data });
    const port = await freePort();
    const config = CONFIG.replace('127.0.0.1:8080', `127.0.0.1:${port}`)
      .replace('127.0.0.1:3001', new URL(a.url).host)
      .replace('127.0.0.1:3002', new URL(b.url).host);
    const file = join(folder.path, 'haproxy.cfg');
    writeFileSync(file, config);
    execFileSync('haproxy', ['-c', '-f', file], { stdio: 'pipe' });
    balancer = spawn('haproxy', ['-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    balancer.stderr!.on('data', (d) => (logs += d));
    front = `http://127.0.0.1:${port}/mcp`;
  }, 60_000);
  afterAll(async () => {
    if (balancer && balancer.exitCode === null) {
      balancer.kill('SIGTERM');
      await once(balancer, 'exit');
    }
    await Promise.all([a?.stop(), b?.stop()]);
    folder.remove();
  });

  const toolsList = async (id: number) => {
    const r = await fetch(front, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: ACCEPT,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: META } }),
    });
    return { status: r.status, body: await r.text() };
  };

  it('both servers pass the health check, and requests through it are answered', async () => {
    await waitFor(
      'haproxy listening',
      async () => (await toolsList(0).catch(() => undefined))?.status === 200 || undefined,
      30_000,
    );
    // HAProxy starts servers UP; a failing check (every 2 s, `fall 2`) takes them DOWN after two: wait for four.
    await new Promise((r) => setTimeout(r, 8000));
    for (let i = 1; i <= 4; i++) expect((await toolsList(i)).status, logs).toBe(200);
    expect(logs).not.toMatch(/is DOWN/);
  }, 60_000);

  it('a legacy session stays on the instance that opened it', async () => {
    const init = await fetch(front, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'haproxy-test', version: '1' } },
      }),
    });
    await init.text();
    const sid = init.headers.get('mcp-session-id')!;
    expect(sid).toBeTruthy();
    for (let i = 0; i < 6; i++) {
      const r = await fetch(front, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: ACCEPT,
          'mcp-session-id': sid,
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 10 + i, method: 'ping' }),
      });
      expect(r.status, `request ${i}`).toBe(200);
      await r.text();
    }
  });

  it('killing one instance leaves the other answering', async () => {
    await b.stop();
    for (let i = 0; i < 6; i++) expect((await toolsList(20 + i)).status).toBe(200);
  }, 60_000);
});
