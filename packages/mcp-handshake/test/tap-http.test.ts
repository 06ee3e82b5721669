import { type ChildProcess, spawn } from 'node:child_process';
import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_GENIUS, giftGeniusEnv, ROOT, startHttpServer } from './helpers.js';
import { connect, type Endpoint, WIRES, wireName } from './sdk-clients.js';
import { type RunningTap, startTap } from './tap-helpers.js';

const EVERYTHING = join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function session(
  endpoint: Endpoint,
  wire: (typeof WIRES)[number],
  call: { name: string; arguments: Record<string, unknown> },
) {
  const s = await connect(wire, endpoint);
  try {
    const tools = await s.client.listTools();
    const resources = await s.client.listResources();
    const called = await s.client.callTool(call);
    return JSON.stringify({ tools, resources, called });
  } finally {
    await s.close();
  }
}

const SUGGEST = { name: 'suggest_gifts', arguments: { age: 30, relationship: 'friend', interests: ['coffee'] } };

describe('tap over Streamable HTTP: gift-genius', () => {
  let server: { url: string; stop: () => Promise<void> };
  let tap: RunningTap;
  beforeAll(async () => {
    const { dataDir, env } = giftGeniusEnv();
    server = await startHttpServer(process.execPath, [GIFT_GENIUS, 'serve', '--port', '0', '--data', dataDir], env);
    tap = await startTap(server.url, 'gg');
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  for (const wire of WIRES) {
    it(`${wireName(wire)} gets the same answers through the proxy`, async () => {
      const direct = await session({ transport: 'http', url: server.url }, wire, SUGGEST);
      const proxied = await session({ transport: 'http', url: tap.url }, wire, SUGGEST);
      expect(proxied).toBe(direct);
    }, 30_000);
  }

  it('the same bytes and headers come back, credentials are redacted only in the recording', async () => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: 'Bearer sk-live-0123456789abcdefXYZ',
      cookie: 'sid=cookie-secret-42424242',
    };
    const direct = await fetch(server.url, { method: 'POST', headers, body });
    const proxied = await fetch(tap.url, { method: 'POST', headers, body });
    expect(proxied.status).toBe(direct.status);
    expect(proxied.headers.get('content-type')).toBe(direct.headers.get('content-type'));
    const strip = (t: string) => t.replace(/"sessionId":"[^"]*"/g, '');
    expect(strip(await proxied.text())).toBe(strip(await direct.text()));
    expect(proxied.headers.get('mcp-session-id')).toBeTruthy();
  }, 30_000);

  it('the transcript holds every message of every session, by session, and no credential', async () => {
    const t = await tap.stop();
    expect(t.format).toBe('mcp-handshake/transcript@1');
    expect(t.transport).toBe('http');
    const calls = t.exchanges.filter((x) => x.method === 'tools/call');
    expect(calls.length).toBe(WIRES.length);
    expect(calls.every((x) => x.outcome === 'reply' && x.httpStatus === 200)).toBe(true);
    // Each legacy session on its own connection, the modern (sessionless) requests on another.
    expect(t.connections.filter((c) => c.era === 'modern').map((c) => c.version)).toEqual(['2026-07-28']);
    const modern = t.connections.find((c) => c.era === 'modern')!;
    expect(t.exchanges.filter((x) => x.conn === modern.id).map((x) => x.method)).not.toContain('initialize');
    const inits = t.exchanges.filter((x) => x.method === 'initialize');
    expect(new Set(inits.map((x) => x.conn)).size).toBe(inits.length);
    for (const x of calls.filter((c) => c.conn.startsWith('session-'))) {
      expect(t.exchanges.some((i) => i.conn === x.conn && i.method === 'initialize')).toBe(true);
    }
    const text = JSON.stringify(t);
    expect(text).not.toContain('sk-live-0123456789abcdefXYZ');
    expect(text).not.toContain('cookie-secret-42424242');
    expect(t.events.some((e) => e.http?.headers?.authorization === '[redacted]')).toBe(true);
  }, 30_000);
});

describe('tap over HTTP: server-everything (third party), Streamable HTTP and HTTP+SSE', () => {
  const servers: ChildProcess[] = [];
  async function everything(mode: 'streamableHttp' | 'sse'): Promise<string> {
    const port = await freePort();
    const child = spawn(process.execPath, [EVERYTHING, mode], {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    servers.push(child);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('server-everything did not start')), 20_000);
      child.stderr!.on('data', (d) => /port/i.test(String(d)) && (clearTimeout(timer), resolve()));
    });
    return `http://127.0.0.1:${port}`;
  }
  afterAll(() => servers.forEach((s) => s.kill('SIGTERM')));

  it('Streamable HTTP: SDK v1 and v2 see the same answers; SSE answers stream through', async () => {
    const base = await everything('streamableHttp');
    const tap = await startTap(`${base}/mcp`, 'everything-http');
    const echo = { name: 'echo', arguments: { message: 'through the proxy' } };
    for (const wire of [WIRES[0], WIRES[2]]) {
      expect(await session({ transport: 'http', url: tap.url }, wire, echo)).toBe(
        await session({ transport: 'http', url: `${base}/mcp` }, wire, echo),
      );
    }
    const t = await tap.stop();
    expect(t.exchanges.filter((x) => x.method === 'tools/call' && x.outcome === 'reply').length).toBe(2);
  }, 60_000);

  it('HTTP+SSE (2024-11-05): the endpoint event and answers on the GET stream are recorded per session', async () => {
    const base = await everything('sse');
    const tap = await startTap(`${base}/sse`, 'everything-sse');
    const run = async (url: string) => {
      const client = new V1Client({ name: 'sse-client', version: '1' });
      await client.connect(new SSEClientTransport(new URL(url)));
      const tools = await client.listTools();
      const echoed = await client.callTool({ name: 'echo', arguments: { message: 'old wire' } });
      await client.close();
      return JSON.stringify({ tools, echoed });
    };
    expect(await run(tap.url)).toBe(await run(`${base}/sse`));
    const t = await tap.stop();
    const sse = t.connections.find((c) => c.id.startsWith('sse-'))!;
    expect(sse).toBeDefined();
    expect(t.events.some((e) => e.conn === sse.id && e.note?.startsWith('SSE endpoint: /message?sessionId='))).toBe(
      true,
    );
    const posted = t.events.filter((e) => e.dir === 'out' && e.kind === 'message').map((e) => e.conn);
    expect(new Set(posted)).toEqual(new Set([sse.id]));
    expect(t.exchanges.filter((x) => x.conn === sse.id).map((x) => [x.method, x.outcome])).toEqual([
      ['initialize', 'reply'],
      ['tools/list', 'reply'],
      ['tools/call', 'reply'],
    ]);
  }, 60_000);
});

describe('tap over HTTP: streams pass through as they arrive', () => {
  it('an SSE event reaches the client while the server still holds the stream open', async () => {
    let held: ServerResponse | undefined;
    const server = createHttpServer((req, res) => {
      if (req.url === '/release') {
        held?.end(`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 1, result: { done: true } })}\n\n`);
        return void res.end('ok');
      }
      req.resume();
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-custom': 'kept' });
      res.write(
        `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } })}\n\n`,
      );
      held = res;
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const tap = await startTap(`${base}/mcp`, 'stream');
    try {
      const response = await fetch(tap.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow' } }),
      });
      expect(response.headers.get('x-custom')).toBe('kept');
      const reader = response.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toContain('notifications/progress'); // would hang if the proxy buffered to the end
      await fetch(`${tap.url.replace('/mcp', '')}/release`);
      let rest = '';
      for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
      expect(rest).toContain('"done":true');
    } finally {
      const t = await tap.stop();
      server.close();
      expect(
        t.events.filter((e) => e.kind === 'message').map((e) => (e.message as { method?: string }).method ?? 'result'),
      ).toEqual(['tools/call', 'notifications/progress', 'result']);
      expect(t.exchanges[0]).toMatchObject({ method: 'tools/call', outcome: 'reply', httpStatus: 200 });
    }
  }, 30_000);
});

describe('tap over HTTP: credentials in the target URL', () => {
  it('userinfo becomes Basic auth upstream and never reaches the recording', async () => {
    let seen: string | undefined;
    const server = createHttpServer((req, res) => {
      seen = req.headers.authorization;
      req.resume();
      req.on('end', () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":1,"result":{}}'),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    const tap = await startTap(`http://alice:s3cret-pass-word@127.0.0.1:${port}/mcp`, 'userinfo');
    try {
      const answer = await fetch(tap.url, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
      expect(await answer.text()).toBe('{"jsonrpc":"2.0","id":1,"result":{}}');
      expect(seen).toBe(`Basic ${Buffer.from('alice:s3cret-pass-word').toString('base64')}`);
    } finally {
      const t = await tap.stop();
      server.close();
      const text = JSON.stringify(t);
      expect(text).not.toContain('s3cret-pass-word');
      expect(text).not.toContain(Buffer.from('alice:s3cret-pass-word').toString('base64'));
      expect(t.target).toBe(`http://[redacted]@127.0.0.1:${port}/mcp`);
    }
  }, 30_000);
});
