import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { boundedStream } from '../dist/http/bounded-stream.js';
import { MAX_KEPT_INITIALIZE_CHARS, sessionInitialize } from '../dist/http/session-record.js';
import { CLI, MODERN_VERSION, type RunningServer, startHttpCli, tempDir, waitFor } from './harness.js';

/** Issue 13: every byte a client makes the server keep is bounded, every connection times out. */
const ACCEPT = 'application/json, text/event-stream';
const JSON_HEADERS = { 'content-type': 'application/json', accept: ACCEPT };
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientCapabilities': { resources: {} },
};
const ids = loadBundledCatalog().map((g) => g.id);
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop().catch(() => undefined)));
});
async function start(options: Parameters<typeof startHttpCli>[0] = {}) {
  const s = await startHttpCli(options);
  running.push(s);
  return s;
}

async function openSession(url: string, capabilities: Record<string, unknown> = {}) {
  const r = await fetch(url, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'limits', version: '1' } },
    }),
  });
  expect(r.status).toBe(200);
  await r.text();
  const sid = r.headers.get('mcp-session-id')!;
  const headers = { ...JSON_HEADERS, 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' };
  await (
    await fetch(url, { method: 'POST', headers, body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' })
  ).text();
  const rpc = async (id: number, method: string, params?: unknown) => {
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id, method, ...(params !== undefined && { params }) }),
    });
    const text = await res.text();
    const line = text.startsWith('{')
      ? text
      : text
          .split('\n')
          .find((l) => l.startsWith('data:'))!
          .slice(5);
    // biome-ignore lint/suspicious/noExplicitAny: test data of any shape, read field by field
    return JSON.parse(line) as { result?: any; error?: { code: number; message: string } };
  };
  return { sid, headers, rpc };
}

/** The median of a few /healthz round trips: how slow this machine is right now. */
async function measuredRoundTrip(url: URL): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = Date.now();
    await (await fetch(url)).text();
    times.push(Date.now() - t);
  }
  return times.sort((a, b) => a - b)[2]!;
}

/** A raw socket: connects, writes, and reports what came back and when it was closed. */
async function rawSocket(url: string, write?: string) {
  const u = new URL(url);
  const socket = connect(Number(u.port), u.hostname);
  await once(socket, 'connect');
  let received = '';
  socket.on('data', (d) => (received += d));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((r) => socket.once('close', () => r()));
  if (write) socket.write(write);
  return { socket, received: () => received, closed };
}

describe('access and probes', () => {
  it('/healthz and /metrics need the token like /mcp (a DNS-rebinding page cannot read client names); --open-probes lets a scraper in', async () => {
    const closed = await start({ env: { GIFTGEN_TOKEN: 'probe-secret-123' } });
    for (const path of ['/healthz', '/metrics']) {
      expect((await fetch(new URL(path, closed.url))).status, path).toBe(401);
      expect(
        (await fetch(new URL(path, closed.url), { headers: { authorization: 'Bearer probe-secret-123' } })).status,
        path,
      ).toBe(200);
    }
    const open = await start({ env: { GIFTGEN_TOKEN: 'probe-secret-123' }, args: ['--open-probes'] });
    for (const path of ['/healthz', '/metrics']) expect((await fetch(new URL(path, open.url))).status, path).toBe(200);
    expect(
      (
        await fetch(open.url, {
          method: 'POST',
          headers: JSON_HEADERS,
          body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
        })
      ).status,
    ).toBe(401);
    // The Host check still applies to the probes.
    const foreign = await rawSocket(
      open.url,
      'GET /metrics HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
    );
    await foreign.closed;
    expect(foreign.received()).toMatch(/^HTTP\/1\.1 403/);
  });
});

describe('connections', () => {
  it('a short body (Content-Length promising more than sent) gets 408 after --request-timeout', async () => {
    const s = await start({ args: ['--request-timeout', '1000', '--headers-timeout', '1000'] });
    const body = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const u = new URL(s.url);
    const c = await rawSocket(
      s.url,
      `POST ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\nAccept: ${ACCEPT}\r\nContent-Length: ${body.length + 50}\r\n\r\n${body}`,
    );
    await Promise.race([c.closed, new Promise((r) => setTimeout(r, 8000))]);
    expect(c.socket.destroyed || c.received() !== '').toBe(true);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408|^$/);
    expect((await fetch(new URL('/healthz', s.url))).status).toBe(200);
  });

  it('a connection that sends nothing, and an idle keep-alive one, are closed', async () => {
    const s = await start({ args: ['--headers-timeout', '500', '--request-timeout', '1000', '--idle-timeout', '500'] });
    const silent = await rawSocket(s.url);
    const u = new URL(s.url);
    const idle = await rawSocket(s.url, `GET /healthz HTTP/1.1\r\nHost: ${u.host}\r\n\r\n`);
    await waitFor('both closed', () => silent.socket.destroyed && idle.socket.destroyed, 8000);
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200/);
  });

  it('150 connections that never send a byte are each closed at --headers-timeout, not at the next check after it', async () => {
    const headersTimeout = 4000;
    const s = await start({
      args: ['--headers-timeout', String(headersTimeout), '--request-timeout', '8000', '--idle-timeout', '4000'],
    });
    const u = new URL(s.url);
    // What this machine takes right now for a round trip: the allowance past the timeout scales with it.
    const rtt = await measuredRoundTrip(new URL('/healthz', s.url));
    // Opened over 1.2 s (node checks its timeouts every headersTimeout / 4 = 1 s): whenever a check falls,
    // some connection was opened just after it, so a close that waits for the next check shows as ~1 s late.
    const lateness: number[] = [];
    const silent = [];
    // The control, interleaved with them: keep-alive connections that node closes by a per-socket timer
    // --idle-timeout after their answer. A stall of either process (a busy machine) delays both alike, so
    // how much the control's lateness varies is what load adds in this window. Its lateness itself is not
    // used: node pads the keep-alive timer by a constant (1 s measured on node 20).
    const control: number[] = [];
    const kept = [];
    for (let i = 0; i < 150; i++) {
      const opened = Date.now();
      const c = await rawSocket(s.url);
      c.closed.then(() => lateness.push(Date.now() - opened - headersTimeout));
      silent.push(c);
      if (i % 2 === 0) {
        const k = await rawSocket(s.url, `GET /healthz HTTP/1.1\r\nHost: ${u.host}\r\n\r\n`);
        k.socket.once('data', () => {
          const answered = Date.now();
          k.closed.then(() => control.push(Date.now() - answered - 4000));
        });
        kept.push(k);
      }
      await new Promise((r) => setTimeout(r, 8));
    }
    await waitFor('every silent connection closed', () => silent.every((c) => c.socket.destroyed), 3 * headersTimeout);
    await waitFor('every close seen', () => (lateness.length === 150 && control.length === 75) || undefined);
    const loadSpread = Math.max(...control) - Math.min(...control);
    const allowance = 250 + 5 * rtt + loadSpread;
    expect(Math.min(...lateness), 'none closed early').toBeGreaterThanOrEqual(-50);
    expect(Math.max(...lateness), `rtt ${rtt} ms, control spread ${loadSpread} ms`).toBeLessThanOrEqual(allowance);
    expect((await fetch(new URL('/healthz', s.url))).status).toBe(200);
  });

  it('a connection trickling its headers a byte at a time is closed at --headers-timeout', async () => {
    const s = await start({ args: ['--headers-timeout', '1000', '--request-timeout', '2000'] });
    const u = new URL(s.url);
    const trickle = await rawSocket(s.url, 'G');
    const header = `ET /healthz HTTP/1.1\r\nHost: ${u.host}\r\nX-Pad: `;
    let i = 0;
    const drip = setInterval(
      () => !trickle.socket.destroyed && trickle.socket.write(header[i++ % header.length]!),
      100,
    );
    try {
      await waitFor('the trickling connection closed', () => trickle.socket.destroyed, 10_000);
    } finally {
      clearInterval(drip);
    }
  });

  it('at --max-connections, idle connections make room for a new client; the server keeps answering', async () => {
    const s = await start({
      args: ['--max-connections', '20', '--headers-timeout', '60000', '--request-timeout', '60000'],
    });
    const idle = await Promise.all(Array.from({ length: 40 }, () => rawSocket(s.url)));
    for (let i = 0; i < 5; i++) expect((await fetch(new URL('/healthz', s.url))).status).toBe(200);
    idle.forEach((c) => c.socket.destroy());
  });

  it('holding more connections than it has file descriptors (ulimit -n) does not stop it serving a legitimate client', async () => {
    const data = tempDir();
    const child = spawn(
      'sh',
      [
        '-c',
        `ulimit -n 160 && exec "${process.execPath}" "${CLI}" serve --port 0 --data "${data.path}" --max-connections 100`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const sockets: Socket[] = [];
    try {
      const url = await waitFor('listening', () => /"url":"([^"]+)"/.exec(err)?.[1], 20_000);
      const u = new URL(url);
      for (let i = 0; i < 300; i++) {
        const socket = connect(Number(u.port), u.hostname);
        socket.on('error', () => undefined);
        sockets.push(socket);
      }
      await new Promise((r) => setTimeout(r, 1000));
      for (let i = 0; i < 5; i++) {
        const health = await fetch(new URL('/healthz', url));
        expect(health.status, err.slice(-1000)).toBe(200);
        const list = await fetch(url, {
          method: 'POST',
          headers: { ...JSON_HEADERS, 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'tools/list' },
          body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/list', params: { _meta: META } }),
        });
        expect(list.status).toBe(200);
      }
      expect(child.exitCode).toBe(null);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
      data.remove();
    }
  });
});

describe('what a client can make the server keep', () => {
  it('a session keeps a bounded initialize: 1 MB of capabilities.experimental is not kept, the used ones are', () => {
    const hostile = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {
          experimental: { pad: 'x'.repeat(1 << 20) },
          elicitation: { form: {} },
          roots: { pad: 'y'.repeat(1 << 20) },
          extensions: {
            'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
            other: 'z'.repeat(1 << 20),
          },
        },
        clientInfo: { name: 'n'.repeat(1 << 20), version: '1', icons: ['i'.repeat(1 << 20)] },
      },
    };
    const kept = sessionInitialize(hostile);
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(MAX_KEPT_INITIALIZE_CHARS);
    expect(kept.params.capabilities).toEqual({
      elicitation: { form: {} },
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
    });
    expect(kept.params.protocolVersion).toBe('2025-11-25');
  });

  it('a session opened with a 1 MB initialize keeps working (replayed from what it kept)', async () => {
    const s = await start();
    const session = await openSession(s.url, { experimental: { pad: { x: 'x'.repeat(900_000) } }, elicitation: {} });
    expect((await session.rpc(1, 'tools/list')).result.tools.length).toBeGreaterThan(0);
    expect((await session.rpc(2, 'ping')).result).toEqual({});
  });

  it('resources/subscribe: only URIs the server serves, at most --max-subscriptions', async () => {
    const s = await start({ args: ['--max-subscriptions', '3'] });
    const session = await openSession(s.url);
    expect(
      (await session.rpc(1, 'resources/subscribe', { uri: `ui://gift-genius/${'x'.repeat(100_000)}` })).error?.code,
    ).toBe(-32602);
    expect((await session.rpc(2, 'resources/subscribe', { uri: 'gift://catalog/no-such-gift' })).error).toBeDefined();
    for (let i = 0; i < 3; i++)
      expect(
        (await session.rpc(10 + i, 'resources/subscribe', { uri: `gift://catalog/${ids[i]}` })).result,
        String(i),
      ).toEqual({});
    expect((await session.rpc(20, 'resources/subscribe', { uri: `gift://catalog/${ids[0]}` })).result).toEqual({}); // already held
    const over = await session.rpc(21, 'resources/subscribe', { uri: `gift://catalog/${ids[5]}` });
    expect(over.error?.code).toBe(-32602);
    expect(over.error?.message).toMatch(/At most 3 subscriptions/);
    expect((await session.rpc(22, 'resources/unsubscribe', { uri: `gift://catalog/${ids[0]}` })).result).toEqual({});
    expect((await session.rpc(23, 'resources/subscribe', { uri: `gift://catalog/${ids[5]}` })).result).toEqual({});
  });

  it('subscriptions/listen: filters only of served URIs, at most --max-listen-filter; the id bounded', async () => {
    const s = await start({ args: ['--max-listen-filter', '5'] });
    const listen = async (id: unknown, resourceSubscriptions: unknown[]) => {
      const controller = new AbortController();
      const r = await fetch(s.url, {
        method: 'POST',
        signal: controller.signal,
        headers: { ...JSON_HEADERS, 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'subscriptions/listen' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'subscriptions/listen',
          params: { notifications: { resourceSubscriptions }, _meta: META },
        }),
      });
      const type = r.headers.get('content-type') ?? '';
      if (type.includes('event-stream')) {
        controller.abort();
        return { stream: true as const };
      }
      return { stream: false as const, status: r.status, body: await r.json() };
    };
    const made = await listen(1, [`gift://catalog/${'q'.repeat(50_000)}`]);
    expect(made).toMatchObject({ stream: false, body: { id: 1, error: { code: -32602 } } });
    expect(
      await listen(
        2,
        ids.slice(0, 6).map((id) => `gift://catalog/${id}`),
      ),
    ).toMatchObject({ stream: false, body: { id: 2, error: { code: -32602 } } });
    expect(await listen('x'.repeat(100_000), [`gift://catalog/${ids[0]}`])).toMatchObject({
      stream: false,
      body: { id: null, error: { code: -32600 } },
    });
    expect(
      await listen(
        3,
        ids.slice(0, 5).map((id) => `gift://catalog/${id}`),
      ),
    ).toEqual({ stream: true });
  });

  it('a stream whose client stops reading queues at most its bound, then is dropped', async () => {
    let enqueue!: (chunk: Uint8Array) => void;
    const source = new ReadableStream<Uint8Array>({ start: (c) => void (enqueue = (chunk) => c.enqueue(chunk)) });
    let dropped = 0;
    const bounded = boundedStream(source, 64 * 1024, (queued) => (dropped = queued));
    for (let i = 0; i < 100; i++) enqueue(new Uint8Array(10 * 1024));
    await new Promise((r) => setTimeout(r, 50));
    expect(dropped).toBeGreaterThan(64 * 1024);
    expect(dropped).toBeLessThanOrEqual(64 * 1024 + 10 * 1024);
    await expect(bounded.getReader().read()).rejects.toThrow(/not reading/);
  });

  it('the legacy GET stream sends its headers at once, not with the first keep-alive', async () => {
    const s = await start();
    const session = await openSession(s.url);
    const controller = new AbortController();
    const started = Date.now();
    const r = await fetch(s.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': session.sid, 'mcp-protocol-version': '2025-11-25' },
      signal: controller.signal,
    });
    expect(r.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000); // the keep-alive comes after 15 s
    controller.abort();
  });
});
