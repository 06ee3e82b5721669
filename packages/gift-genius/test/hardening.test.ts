import { once } from 'node:events';
import { request } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningServer, startHttpCli, waitFor } from './harness.js';

const ACCEPT = 'application/json, text/event-stream';
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop().catch(() => undefined)));
});
async function start(options: Parameters<typeof startHttpCli>[0]) {
  const s = await startHttpCli(options);
  running.push(s);
  return s;
}
const health = async (s: RunningServer) => (await fetch(new URL('/healthz', s.url))).json();

/** A legacy client whose elicitation handler holds its tools/call open until released. */
async function clientWithHeldCall(url: string, headers: Record<string, string> = {}) {
  const client = new Client(
    { name: 'held', version: '1' },
    { supportedProtocolVersions: ['2025-11-25'], capabilities: { elicitation: { form: {} } } },
  );
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let asked!: () => void;
  const askedP = new Promise<void>((r) => (asked = r));
  client.setRequestHandler('elicitation/create', async () => {
    asked();
    await released;
    return { action: 'accept', content: { budget: 30 } };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  const call = client.callTool({ name: 'suggest_gifts', arguments: { age: 30, relationship: 'friend' } });
  await askedP;
  return { client, call, release };
}

describe('access: bearer tokens', () => {
  it('401 with a challenge without a token; RFC 9728 metadata; real clients work with one; sessions bound to their token; no token in logs', async () => {
    const s = await start({
      env: { GIFTGEN_TOKEN: 'secret-one-123,secret-two-456' },
      args: ['--authorization-server', 'https://auth.example.com'],
    });
    const anonymous = await fetch(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect(anonymous.status).toBe(401);
    const challenge = anonymous.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('resource_metadata="http://127.0.0.1:');
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
    expect(metadataUrl).toMatch(/\/\.well-known\/oauth-protected-resource\/mcp$/);
    const metadata = await (await fetch(metadataUrl)).json();
    expect(metadata).toMatchObject({
      resource: s.url,
      authorization_servers: ['https://auth.example.com'],
      bearer_methods_supported: ['header'],
    });
    const wrong = await fetch(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT, authorization: 'Bearer nope' },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect(wrong.status).toBe(401);

    for (const pin of [
      { supportedProtocolVersions: ['2025-11-25'] },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    ] as const) {
      const client = new Client({ name: 'token-client', version: '1' }, pin as never);
      await client.connect(
        new StreamableHTTPClientTransport(new URL(s.url), {
          requestInit: { headers: { authorization: 'Bearer secret-one-123' } },
        }),
      );
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('suggest_gifts');
      await client.close();
    }

    // A session opened with one token does not answer to another.
    const init = await fetch(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT, authorization: 'Bearer secret-one-123' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'a', version: '1' } },
      }),
    });
    const sid = init.headers.get('mcp-session-id')!;
    const asOther = await fetch(s.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: ACCEPT,
        authorization: 'Bearer secret-two-456',
        'mcp-session-id': sid,
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(asOther.status).toBe(404);
    const asOwner = await fetch(s.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: ACCEPT,
        authorization: 'Bearer secret-one-123',
        'mcp-session-id': sid,
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping' }),
    });
    expect(asOwner.status).toBe(200);
    expect(s.stderr()).not.toContain('secret-one');
    expect(s.stderr()).not.toContain('secret-two');
  });
});

describe('limits', () => {
  it('per-client rate: 429 with Retry-After past the burst', async () => {
    const s = await start({ args: ['--rate-limit', '1', '--rate-burst', '3'] });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await fetch(s.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: ACCEPT },
        body: `{"jsonrpc":"2.0","id":${i},"method":"ping"}`,
      });
      statuses.push(r.status);
      if (r.status === 429) {
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect((await r.json()).error.code).toBe(-32000);
      }
    }
    expect(statuses.slice(0, 3).every((st) => st !== 429)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
  });

  it('concurrent tool calls: 503 with Retry-After past the cap, and the held call still completes', async () => {
    const s = await start({ args: ['--max-tool-calls', '1'] });
    const held = await clientWithHeldCall(s.url);
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const busy = await fetch(s.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: ACCEPT,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'get_gift',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 77,
        method: 'tools/call',
        params: { name: 'get_gift', arguments: { id: 'x' }, _meta: meta },
      }),
    });
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect((await busy.json()).id).toBe(77);
    held.release();
    expect((await held.call).structuredContent).toMatchObject({ budget: 30 });
    expect((await health(s)).toolCallsInUse).toBe(0);
    await held.client.close();
  });
});

describe('listen streams', () => {
  it('refuses a subscriptions/listen stream over the cap in-band, and serves again once one closes', async () => {
    const s = await start({ args: ['--max-listen-streams', '1'] });
    const client = new Client(
      { name: 'listener', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(s.url)));
    const first = await client.listen({ toolsListChanged: true });
    await expect(client.listen({ resourcesListChanged: true })).rejects.toThrow(/Subscription limit reached/);
    await first.close();
    const again = await waitFor(
      'a free slot',
      async () => client.listen({ resourcesListChanged: true }).catch(() => undefined),
      5000,
    );
    await again.close();
    await client.close();
  });
});

describe('long-lived streams cannot take every connection', () => {
  /**
   * Opens a subscriptions/listen stream on a connection of its own (node's client without an agent, as many
   * separate clients would); `stream: true` when acknowledged as one, else the refusal.
   */
  const listen = (url: string, id: number) =>
    new Promise<{ stream: boolean; refused?: string; close: () => void }>((resolve) => {
      const u = new URL(url);
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'subscriptions/listen',
        params: {
          notifications: { toolsListChanged: true },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      });
      const req = request(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname,
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            accept: ACCEPT,
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'subscriptions/listen',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          const close = () => req.destroy();
          if ((res.headers['content-type'] ?? '').includes('event-stream')) return resolve({ stream: true, close });
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ stream: false, refused: JSON.parse(text).error?.message, close }));
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ stream: false, refused: `connection: ${error.code}`, close: () => undefined }),
      );
      req.end(body);
    });
  /** One after another, as one client holding ever more streams would. */
  const listenMany = async (url: string, n: number) => {
    const opened = [];
    for (let i = 0; i < n; i++) opened.push(await listen(url, i));
    return opened;
  };
  const toolsList = (url: string) =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: ACCEPT,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });

  it('one client opening more listen streams than there are connections gets its share; others still connect, /healthz still answers', async () => {
    const s = await start({ args: ['--max-connections', '40', '--max-streams-per-client', '10'] });
    const opened = await listenMany(s.url, 50);
    try {
      expect(opened.filter((o) => o.stream)).toHaveLength(10);
      const refusals = opened.filter((o) => !o.stream).map((o) => o.refused);
      expect(new Set(refusals)).toEqual(new Set(['Subscription limit reached: at most 10 open streams per client']));
      expect((await toolsList(s.url)).status).toBe(200);
      expect((await fetch(new URL('/healthz', s.url))).status).toBe(200);
    } finally {
      for (const o of opened) o.close();
    }
  });

  it('streams of many clients together leave connections for requests (a quarter of --max-connections)', async () => {
    // Every test client is 127.0.0.1, so a per-client cap above the connection cap stands for many clients.
    const s = await start({ args: ['--max-connections', '40', '--max-streams-per-client', '1000'] });
    const opened = await listenMany(s.url, 50);
    try {
      expect(opened.filter((o) => o.stream)).toHaveLength(30);
      for (let i = 0; i < 5; i++) {
        expect((await toolsList(s.url)).status).toBe(200);
        expect((await fetch(new URL('/healthz', s.url))).status).toBe(200);
      }
    } finally {
      for (const o of opened) o.close();
    }
  });
});

describe('faults', () => {
  it('SIGTERM: the call in flight is answered, new requests get 503, the process exits 0', async () => {
    const s = await start({ args: ['--shutdown-grace', '10'] });
    const held = await clientWithHeldCall(s.url);
    const exited = once(s.child, 'exit');
    s.child.kill('SIGTERM');
    await waitFor(
      'draining',
      async () => ((await health(s).catch(() => ({}))) as { draining?: boolean }).draining || undefined,
    );
    const refused = await fetch(s.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT },
      body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    });
    expect(refused.status).toBe(503);
    held.release();
    expect((await held.call).structuredContent).toMatchObject({ budget: 30 });
    const started = Date.now();
    const [code] = (await exited) as [number];
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(5000);
    await held.client.close().catch(() => undefined);
  });

  it('a client that drops its connection mid-call leaves no call in flight behind', async () => {
    const s = await start({});
    const held = await clientWithHeldCall(s.url);
    expect((await health(s)).toolCallsInUse).toBe(1);
    held.call.catch(() => undefined);
    await held.client.close(); // aborts its open requests: the TCP connections go away, no DELETE is sent
    await waitFor(
      'call released',
      async () => ((await health(s)).toolCallsInUse === 0 && (await health(s)).inFlight === 0) || undefined,
      5000,
    );
  });

  it('a client that ends its session mid-call leaves no session or call behind', async () => {
    const s = await start({});
    const held = await clientWithHeldCall(s.url);
    held.call.catch(() => undefined);
    await (held.client.transport as StreamableHTTPClientTransport).terminateSession();
    await held.client.close();
    await waitFor(
      'session gone',
      async () => ((await health(s)).legacySessions === 0 && (await health(s)).toolCallsInUse === 0) || undefined,
      5000,
    );
  });
});
