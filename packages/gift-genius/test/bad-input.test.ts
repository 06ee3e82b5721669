import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, type RunningServer, startHttpCli, tempDir } from './harness.js';

/** Each bad input gets its own clear error: the right code, the id echoed when readable, the right HTTP status. */
let http: RunningServer;
beforeAll(async () => {
  http = await startHttpCli({ args: ['--max-body', '4096'] });
});
afterAll(async () => http?.stop());

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const BASE = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const modern = (method: string, name?: string) => ({
  ...BASE,
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': method,
  ...(name && { 'mcp-name': name }),
});

interface HttpCase {
  name: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
  code?: number;
  id?: string | number | null;
  isError?: boolean;
}

const HTTP_CASES: HttpCase[] = [
  { name: 'malformed JSON', body: '{"jsonrpc":"2.0","id":1,', status: 400, code: -32700, id: null },
  {
    name: 'legacy request without a session',
    body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    status: 400,
    code: -32000,
    id: 2,
  },
  {
    name: 'legacy: unknown method without a session',
    body: JSON.stringify({ jsonrpc: '2.0', id: 'u1', method: 'init' }),
    status: 400,
    code: -32601,
    id: 'u1',
  },
  {
    name: 'initialize with capabilities as a boolean',
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 'i1',
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: true, clientInfo: { name: 'x', version: '1' } },
    }),
    status: 400,
    code: -32602,
    id: 'i1',
  },
  {
    name: 'initialize without protocolVersion',
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 'i2',
      method: 'initialize',
      params: { capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    }),
    status: 400,
    code: -32602,
    id: 'i2',
  },
  {
    name: 'session id that does not exist',
    headers: { ...BASE, 'mcp-session-id': 'no-such-session' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }),
    status: 404,
    code: -32001,
  },
  {
    name: 'oversized body',
    body: JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'ping', params: { pad: 'x'.repeat(5000) } }),
    status: 413,
  },
  {
    name: 'wrong content type',
    headers: { ...BASE, 'content-type': 'text/plain' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'ping' }),
    status: 415,
  },
  { name: 'unsupported HTTP method', method: 'PUT', body: '{}', status: 405 },
  {
    name: 'foreign Host header (DNS rebinding)',
    headers: { ...BASE, host: 'evil.example' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'ping' }),
    status: 403,
  },
  {
    name: 'foreign Origin',
    headers: { ...BASE, origin: 'http://evil.example' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }),
    status: 403,
  },
  {
    name: 'modern: unknown method',
    headers: modern('foo/bar'),
    body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'foo/bar', params: { _meta: META } }),
    status: 404,
    code: -32601,
    id: 8,
  },
  {
    name: 'modern: unsupported version',
    headers: { ...modern('tools/list'), 'mcp-protocol-version': '2099-01-01' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/list',
      params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
    }),
    status: 400,
    code: -32022,
    id: 9,
  },
  {
    name: 'modern: Mcp-Method header missing',
    headers: { ...BASE, 'mcp-protocol-version': '2026-07-28' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'tools/list', params: { _meta: META } }),
    status: 400,
    code: -32020,
    id: 10,
  },
  {
    name: 'modern: Mcp-Method disagrees with body',
    headers: modern('prompts/list'),
    body: JSON.stringify({ jsonrpc: '2.0', id: 11, method: 'tools/list', params: { _meta: META } }),
    status: 400,
    code: -32020,
    id: 11,
  },
  {
    name: 'modern: envelope without clientCapabilities',
    headers: modern('tools/list'),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 12,
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
    }),
    status: 400,
    code: -32602,
    id: 12,
  },
  {
    name: 'modern: unknown tool',
    headers: modern('tools/call', 'nope'),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 13,
      method: 'tools/call',
      params: { name: 'nope', arguments: {}, _meta: META },
    }),
    status: 200,
    code: -32602,
    id: 13,
  },
  {
    name: 'modern: wrong argument types',
    headers: modern('tools/call', 'suggest_gifts'),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 14,
      method: 'tools/call',
      params: { name: 'suggest_gifts', arguments: { age: 'old', relationship: 5 }, _meta: META },
    }),
    status: 200,
    id: 14,
    isError: true,
  },
  {
    name: 'modern: cursor that is not ours',
    headers: modern('resources/list'),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 15,
      method: 'resources/list',
      params: { cursor: 'garbage', _meta: META },
    }),
    status: 200,
    code: -32602,
    id: 15,
  },
  {
    name: 'modern: unknown resource',
    headers: modern('resources/read', 'gift://catalog/nope'),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 16,
      method: 'resources/read',
      params: { uri: 'gift://catalog/nope', _meta: META },
    }),
    status: 200,
    code: -32602,
    id: 16,
  },
];

/** node:http rather than fetch: fetch will not send a forged Host header. */
function rawRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('bad input over HTTP', () => {
  it.each(HTTP_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const response = await rawRequest(http.url, c.method ?? 'POST', c.headers ?? BASE, c.body);
    expect(response.status).toBe(c.status);
    const text = response.text;
    const body = JSON.parse(
      text.startsWith('event:') || text.startsWith('data:')
        ? text
            .split('\n')
            .find((l) => l.startsWith('data:'))!
            .slice(5)
        : text,
    );
    expect(body.jsonrpc).toBe('2.0');
    if (c.code !== undefined) expect(body.error?.code).toBe(c.code);
    if (c.id !== undefined) expect(body.id).toBe(c.id);
    if (c.isError) expect(body.result?.isError).toBe(true);
    if (c.status >= 400 || c.code !== undefined) expect(typeof body.error?.message).toBe('string');
    // The server keeps serving after each one.
    const health = await fetch(new URL('/healthz', http.url));
    expect(health.status).toBe(200);
  });
});

describe('request framing over HTTP (RFC 9112): refused with 400 / 405, never a 500, never an error log', () => {
  /** Writes one request as raw bytes (fetch would fix what is wrong with it) and reads the status line and body. */
  const raw = (head: string, body = '') =>
    new Promise<{ status: number; allow: string | null; body: string }>((resolve, reject) => {
      const u = new URL(http.url);
      const socket = connect(Number(u.port), u.hostname);
      let got = '';
      socket.on('data', (d) => (got += d));
      socket.on('error', reject);
      socket.on('close', () => {
        const [headText = '', text = ''] = got.split('\r\n\r\n');
        const allow = /\r\nallow: ([^\r]*)/i.exec(headText)?.[1] ?? null;
        resolve({ status: Number(headText.split(' ')[1]), allow, body: text });
      });
      socket.write(`${head.replaceAll('HOST', u.host)}\r\nConnection: close\r\n\r\n${body}`);
    });
  const ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
  const cases: Array<[string, string, number, string?]> = [
    ['absolute-form to a probe, foreign host', 'GET http://evil.example/healthz HTTP/1.1\r\nHost: HOST', 400],
    ['absolute-form to a probe, our host', 'GET http://HOST/healthz HTTP/1.1\r\nHost: HOST', 400],
    ['absolute-form to an unknown route', 'GET http://HOST/anything HTTP/1.1\r\nHost: HOST', 400],
    [
      'absolute-form to the MCP endpoint',
      `POST http://HOST/mcp HTTP/1.1\r\nHost: HOST\r\nContent-Type: application/json\r\nContent-Length: ${ping.length}`,
      400,
      ping,
    ],
    ['asterisk-form GET', 'GET * HTTP/1.1\r\nHost: HOST', 400],
    ['TRACE /mcp', 'TRACE /mcp HTTP/1.1\r\nHost: HOST', 405],
    ['TRACE /healthz', 'TRACE /healthz HTTP/1.1\r\nHost: HOST', 405],
    ['PATCH /healthz', 'PATCH /healthz HTTP/1.1\r\nHost: HOST\r\nContent-Length: 0', 405],
    ['two Host headers, one foreign', 'GET /healthz HTTP/1.1\r\nHost: HOST\r\nHost: evil.example', 400],
    ['two equal Host headers', 'GET /healthz HTTP/1.1\r\nHost: HOST\r\nHost: HOST', 400],
  ];
  it.each(cases)('%s', async (_name, head, status, body) => {
    const logged = http.stderr().length;
    const answer = await raw(head, body);
    expect(answer.status).toBe(status);
    if (status === 405) expect(answer.allow).toBe('GET, POST, DELETE, OPTIONS');
    expect(JSON.parse(answer.body).error.message).toMatch(/^(Bad Request|Method Not Allowed): /);
    const errors = http
      .stderr()
      .slice(logged)
      .split('\n')
      .filter((l) => /"level":(50|60)/.test(l));
    expect(errors).toEqual([]);
    expect((await fetch(new URL('/healthz', http.url))).status).toBe(200);
  });
});

/** Sends lines to a fresh stdio server and collects its answers by id (or in order for id-less errors). */
async function stdioExchange(
  lines: string[],
  expectCount: number,
  // biome-ignore lint/suspicious/noExplicitAny: test data of any shape, read field by field
): Promise<{ replies: Array<Record<string, any>>; stdout: string; code: number | null }> {
  const data = tempDir();
  const child = spawn(process.execPath, [CLI, 'stdio', '--data', data.path], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  for (const line of lines) child.stdin.write(`${line}\n`);
  const end = Date.now() + 10_000;
  while (stdout.split('\n').filter(Boolean).length < expectCount && Date.now() < end)
    await new Promise((r) => setTimeout(r, 25));
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  data.remove();
  return {
    replies: stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
    stdout,
    code,
  };
}

describe('bad input over stdio', () => {
  it('answers every bad line with the right error, keeps serving, and exits 0 when stdin closes', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    const lines = [
      JSON.stringify({ ...init, id: 'bad-init', params: { ...init.params, capabilities: true } }), // invalid params
      JSON.stringify(init),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      '{"jsonrpc":"2.0","id":1,', // malformed JSON
      'a log line a broken client might send', // not JSON at all
      JSON.stringify({ id: 2, method: 'ping' }), // no jsonrpc member
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'foo/bar' }), // unknown method
      JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'nope', arguments: {} } }), // unknown tool
      JSON.stringify({
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: { name: 'suggest_gifts', arguments: { age: 'x' } },
      }), // wrong types
      JSON.stringify({
        jsonrpc: '2.0',
        id: 6,
        method: 'resources/read',
        params: { uri: 'gift://catalog/does-not-exist' },
      }),
      JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'resources/list', params: { cursor: 'garbage' } }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/unknown' }), // a notification: never answered
      JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'ping' }),
    ];
    const { replies, code } = await stdioExchange(lines, 11);
    const byId = new Map(replies.filter((r) => r.id !== null).map((r) => [r.id, r]));
    const anonymous = replies.filter((r) => r.id === null).map((r) => r.error.code);
    expect(byId.get('init')?.result?.protocolVersion).toBe('2025-11-25');
    expect(anonymous.sort()).toEqual([-32700, -32700]);
    expect(byId.get(2)?.error?.code).toBe(-32600);
    expect(byId.get(3)?.error?.code).toBe(-32601);
    expect(byId.get(4)?.error?.code).toBe(-32602);
    expect(byId.get(5)?.result?.isError).toBe(true);
    expect(byId.get(6)?.error?.code).toBe(-32602);
    expect(byId.get(7)?.error?.code).toBe(-32602);
    expect(byId.get(8)?.result).toEqual({});
    expect(byId.get('bad-init')?.error?.code).toBe(-32602);
    expect(replies).toHaveLength(11);
    expect(code).toBe(0);
  });
});
