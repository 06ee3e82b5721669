import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { connectClient } from './clients.js';
import { CLI, LEGACY_VERSIONS, type RunningServer, runCli, startHttpCli, tempDir, waitFor } from './harness.js';

const catalog = loadBundledCatalog();
const ACCEPT = 'application/json, text/event-stream';

/** POSTs one JSON-RPC message and returns the parsed JSON-RPC answer (JSON or first SSE data frame). */
async function post(url: string, message: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body: JSON.stringify(message),
  });
  const text = await response.text();
  const data =
    text.startsWith('event:') || text.startsWith('data:')
      ? text
          .split('\n')
          .find((l) => l.startsWith('data:'))
          ?.slice(5)
      : text;
  return { response, body: data ? JSON.parse(data) : undefined };
}
const initialize = (version: string, id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'lifecycle-test', version: '9.9.9' } },
});

let server: RunningServer;
/** The server's log so far, one parsed JSON line each. */
const logLines = () =>
  server
    .stderr()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
beforeAll(async () => {
  server = await startHttpCli({ args: ['--max-sessions', '3', '--session-idle', '2'] });
});
afterAll(async () => server?.stop());

describe('legacy version negotiation over HTTP', () => {
  it.each([...LEGACY_VERSIONS])('%s is echoed', async (version) => {
    const { body, response } = await post(server.url, initialize(version));
    expect(body.result.protocolVersion).toBe(version);
    await fetch(server.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': response.headers.get('mcp-session-id')! },
    });
  });
  it.each(['2099-01-01', '1900-01-01', 'banana'])('unknown %s gets the latest legacy version back', async (version) => {
    const { body, response } = await post(server.url, initialize(version, 'x'));
    expect(body.id).toBe('x');
    expect(body.result.protocolVersion).toBe('2025-11-25');
    await fetch(server.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': response.headers.get('mcp-session-id')! },
    });
  });
});

describe('legacy sessions', () => {
  it('DELETE ends a session; it is 404 afterwards', async () => {
    const { response } = await post(server.url, initialize('2025-11-25'));
    const sid = response.headers.get('mcp-session-id')!;
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    const headers = { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' };
    await post(server.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
    expect(
      (await post(server.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers)).body.result.tools,
    ).toHaveLength(2);
    expect((await fetch(server.url, { method: 'DELETE', headers })).status).toBe(200);
    const after = await post(server.url, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, headers);
    expect(after.response.status).toBe(404);
  });

  it('idle sessions expire, and their clients get 404', async () => {
    const { response } = await post(server.url, initialize('2025-11-25'));
    const headers = { 'mcp-session-id': response.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-11-25' };
    await new Promise((r) => setTimeout(r, 1000));
    expect((await post(server.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, headers)).response.status).toBe(200);
    // Left alone past the 2 s idle limit (swept every 0.5 s), it is gone.
    await new Promise((r) => setTimeout(r, 3000));
    expect((await post(server.url, { jsonrpc: '2.0', id: 2, method: 'ping' }, headers)).response.status).toBe(404);
  });

  it('refuses sessions over the cap with 503 and Retry-After', async () => {
    const opened: string[] = [];
    for (let i = 0; i < 3; i++)
      opened.push((await post(server.url, initialize('2025-11-25'))).response.headers.get('mcp-session-id')!);
    const refused = await post(server.url, initialize('2025-11-25', 42));
    expect(refused.response.status).toBe(503);
    expect(refused.response.headers.get('retry-after')).toBe('5');
    expect(refused.body.error.code).toBe(-32000);
    for (const sid of opened) await fetch(server.url, { method: 'DELETE', headers: { 'mcp-session-id': sid } });
    expect((await post(server.url, initialize('2025-11-25'))).response.status).toBe(200);
  });
});

describe('observability', () => {
  it('logs one line per handshake and discover, counts them in /metrics, and never logs _meta', async () => {
    await post(server.url, initialize('2025-06-18', 'obs'));
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'metrics-probe', version: '1.2.3' },
      'openai/userLocation': { city: 'SecretCity', country: 'NL' },
    };
    await post(
      server.url,
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' },
    );
    await post(
      server.url,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/list',
        params: { _meta: { ...meta, 'io.modelcontextprotocol/protocolVersion': '2030-01-01' } },
      },
      { 'mcp-protocol-version': '2030-01-01', 'mcp-method': 'tools/list' },
    );
    const lines = await waitFor('log lines', () => {
      const parsed = logLines();
      return parsed.some((l) => l.event === 'discover' && l.client?.name === 'metrics-probe') &&
        parsed.some((l) => l.event === 'negotiation_failed')
        ? parsed
        : undefined;
    });
    const handshake = lines.find((l) => l.event === 'handshake' && l.requestedVersion === '2025-06-18')!;
    expect(handshake).toMatchObject({
      era: 'legacy',
      transport: 'http',
      client: { name: 'lifecycle-test', version: '9.9.9' },
      negotiatedVersion: '2025-06-18',
      clientCapabilities: [],
    });
    expect(lines.find((l) => l.event === 'discover')).toMatchObject({
      era: 'modern',
      negotiatedVersion: '2026-07-28',
      client: { name: 'metrics-probe' },
    });
    const failure = lines.find((l) => l.event === 'negotiation_failed')!;
    expect(failure).toMatchObject({
      level: 40,
      reason: 'unsupported_version',
      requestedVersion: '2030-01-01',
      code: -32022,
    });
    expect(server.stderr()).not.toContain('SecretCity');

    const metrics = await (await fetch(new URL('/metrics', server.url))).text();
    expect(metrics).toMatch(
      /giftgen_handshakes_total\{client="lifecycle-test",version="2025-06-18",era="legacy",transport="http"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /giftgen_handshakes_total\{client="metrics-probe",version="2026-07-28",era="modern",transport="http"\} 1/,
    );
    expect(metrics).toMatch(
      /giftgen_negotiation_failures_total\{reason="unsupported_version",era="modern",transport="http"\} 1/,
    );
    const health = await (await fetch(new URL('/healthz', server.url))).json();
    expect(health).toMatchObject({ status: 'ok', catalog: { store: 'sqlite', items: catalog.length } });
  });
});

describe('observability under a flood of probes', () => {
  it('a client probing server/discover per request writes one line a minute, not one per probe; /metrics counts every probe', async () => {
    const meta = (name: string) => ({
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name, version: '4.5.6' },
    });
    const probe = (name: string, id: number) =>
      post(
        server.url,
        { jsonrpc: '2.0', id, method: 'server/discover', params: { _meta: meta(name) } },
        { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' },
      );
    for (let i = 0; i < 40; i++) expect((await probe('probe-flood', i)).response.status).toBe(200);
    await probe('probe-other', 99);
    const lines = await waitFor("the other client's line", () => {
      const parsed = logLines();
      return parsed.some((l) => l.event === 'discover' && l.client?.name === 'probe-other') ? parsed : undefined;
    });
    expect(lines.filter((l) => l.event === 'discover' && l.client?.name === 'probe-flood')).toHaveLength(1);
    const metrics = await (await fetch(new URL('/metrics', server.url))).text();
    expect(metrics).toMatch(
      /giftgen_handshakes_total\{client="probe-flood",version="2026-07-28",era="modern",transport="http"\} 40/,
    );
  });
});

describe('CORS for browser-based inspectors', () => {
  it('answers preflight from a loopback origin and exposes Mcp-Session-Id', async () => {
    const origin = 'http://localhost:6274';
    const pre = await fetch(server.url, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-session-id, mcp-protocol-version, x-evil',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
    const allowed = pre.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const h of ['mcp-session-id', 'mcp-protocol-version', 'mcp-method', 'mcp-name']) expect(allowed).toContain(h);
    expect(allowed).not.toContain('x-evil');
    const { response } = await post(server.url, initialize('2025-11-25'), { origin });
    expect(response.headers.get('access-control-expose-headers')).toContain('Mcp-Session-Id');
    await fetch(server.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': response.headers.get('mcp-session-id')! },
    });
  });
});

describe('logging to the client', () => {
  it('legacy: honours logging/setLevel', async () => {
    const conn = await connectClient({ kind: 'v2', version: '2025-11-25' }, { transport: 'http', url: server.url });
    const messages: unknown[] = [];
    conn.client.setNotificationHandler('notifications/message', (n) => void messages.push(n.params));
    try {
      await conn.client.setLoggingLevel('error');
      await conn.client.callTool({ name: 'suggest_gifts', arguments: { age: 30, relationship: 'friend', budget: 40 } });
      expect(messages).toEqual([]);
      await conn.client.setLoggingLevel('info');
      await conn.client.callTool({ name: 'suggest_gifts', arguments: { age: 30, relationship: 'friend', budget: 40 } });
      await waitFor('log message', () => messages.length > 0 || undefined);
      expect(messages[0]).toMatchObject({ level: 'info', logger: 'gift-genius', data: { tool: 'suggest_gifts' } });
    } finally {
      await conn.close();
    }
  });

  it('modern: sends log messages only when the request carries a _meta log level', async () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const call = (extra: Record<string, unknown>) =>
      fetch(server.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: ACCEPT,
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'suggest_gifts',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: {
            name: 'suggest_gifts',
            arguments: { age: 30, relationship: 'friend', budget: 40 },
            _meta: { ...meta, ...extra },
          },
        }),
      }).then((r) => r.text());
    expect(await call({})).not.toContain('notifications/message');
    expect(await call({ 'io.modelcontextprotocol/logLevel': 'info' })).toContain('notifications/message');
  });
});

describe('stdio lifecycle', () => {
  it('sends nothing but responses before notifications/initialized, even when the catalog changes meanwhile', async () => {
    const data = tempDir();
    const child = spawn(process.execPath, [CLI, 'stdio', '--data', data.path], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const lines = () =>
      out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
    try {
      child.stdin.write(`${JSON.stringify(initialize('2025-11-25', 1))}\n`);
      await waitFor('initialize result', () => lines().length > 0 || undefined);
      // Another process changes the catalog before this client says it is initialized.
      const file = join(data.path, 'change.json');
      writeFileSync(
        file,
        JSON.stringify([{ ...catalog[0]!, id: 'added-before-initialized', title: 'Added before initialized' }]),
      );
      expect((await runCli(['catalog', 'import', file, '--data', data.path])).code).toBe(0);
      await new Promise((r) => setTimeout(r, 1000));
      expect(lines().map((l) => l.id ?? l.method)).toEqual([1]);
      // After initialized, the next change is announced.
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      writeFileSync(
        file,
        JSON.stringify([{ ...catalog[0]!, id: 'added-after-initialized', title: 'Added after initialized' }]),
      );
      expect((await runCli(['catalog', 'import', file, '--data', data.path])).code).toBe(0);
      await waitFor(
        'list_changed',
        () => lines().some((l) => l.method === 'notifications/resources/list_changed') || undefined,
      );
    } finally {
      child.stdin.end();
      await new Promise((r) => child.once('exit', r));
      data.remove();
    }
  });
});
