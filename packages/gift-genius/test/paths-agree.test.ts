import { request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { MODERN_VERSION, type RunningServer, startHttpCli } from './harness.js';

/**
 * Both request paths — the table (src/http/dispatch.ts, table.ts) and the SDK's — answer every
 * input alike: one parse, one gate (Host/Origin, then access), one error mapping. One server as
 * shipped and one with --no-direct-calls get the same bytes with the same headers (Host included,
 * so node:http, not fetch), and must give the same status and JSON-equal messages.
 */
const ids = loadBundledCatalog().map((g) => g.id);
const PROTO_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
];
const ODD_HOSTS = [
  'evil.com@127.0.0.1',
  '',
  'localhost',
  '127.0.0.1:1',
  '[::1]',
  'LOCALHOST',
  'evil.com',
  '127.0.0.1 ',
  '127.0.0.1/x',
  'a@b@127.0.0.1',
  '127.0.0.1:99999',
  'xn--80ak6aa92e.com',
  '127.1',
  '%31%32%37.0.0.1',
];

/** JSON text from key/value pairs, so `__proto__` is an ordinary member (as a client sends it). */
const objectText = (pairs: Array<[string, string]>) =>
  `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
const deep = (depth: number, open: '[' | '{') =>
  open === '[' ? '['.repeat(depth) + ']'.repeat(depth) : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const value = fc.oneof(
  fc.constantFrom(...PROTO_KEYS).map((k) => JSON.stringify(k)),
  fc.constantFrom(...PROTO_KEYS).map((k) => JSON.stringify([k])),
  fc.integer({ min: 0, max: 130 }).map(String),
  fc.constantFrom('"friend"', '"sister"', `"${ids[0]}"`, '[]', '{}', 'null', 'true'),
  fc.constantFrom(10, 100, 1000, 5000).chain((d) => fc.constantFrom(deep(d, '['), deep(d, '{'))),
  fc.constantFrom(...PROTO_KEYS).map((k) => objectText([[k, '{"polluted":true}']])),
);
const argKey = fc.oneof(
  fc.constantFrom('age', 'relationship', 'budget', 'interests', 'occasion', 'exclude', 'count', 'id'),
  fc.constantFrom(...PROTO_KEYS),
);
const args = fc.uniqueArray(fc.tuple(argKey, value), { maxLength: 6, selector: ([k]) => k });
const metaExtra = fc.uniqueArray(fc.tuple(fc.constantFrom(...PROTO_KEYS, 'progressToken'), value), {
  maxLength: 2,
  selector: ([k]) => k,
});
const input = fc.record({
  name: fc.constantFrom('suggest_gifts', 'get_gift', '__proto__', 'constructor'),
  args,
  metaExtra,
  host: fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: fc.constantFrom(...ODD_HOSTS) },
  ),
  id: fc.oneof(fc.integer({ min: 0, max: 1e6 }), fc.constantFrom('__proto__', 'constructor')),
});

function raw(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, setHost: !('host' in headers) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function messages(text: string): unknown {
  const t = text.trimStart();
  if (t === '') return [];
  if (t.startsWith('{') || t.startsWith('[')) return JSON.parse(t);
  return text
    .split('\n')
    .filter((l) => l.startsWith('data:'))
    .map((l) => JSON.parse(l.slice(5)));
}
const normalize = (v: unknown) =>
  JSON.parse(JSON.stringify(v).replace(/"requestState":"[^"]*"/g, '"requestState":"<sealed>"'));

let direct: RunningServer;
let sdk: RunningServer;
beforeAll(async () => {
  [direct, sdk] = await Promise.all([startHttpCli(), startHttpCli({ args: ['--no-direct-calls'] })]);
});
afterAll(async () => Promise.all([direct, sdk].map((s) => s?.stop())));

async function bothAnswer(body: string, headers: Record<string, string>) {
  const [a, b] = await Promise.all([raw(direct.url, headers, body), raw(sdk.url, headers, body)]);
  expect({ status: a.status, messages: normalize(messages(a.text)) }, body.slice(0, 300)).toEqual({
    status: b.status,
    messages: normalize(messages(b.text)),
  });
  for (const r of [a, b])
    expect(r.text).not.toMatch(/is not (a function|iterable)|Maximum call stack|at Object\.|TypeError/);
  return a;
}

describe('both request paths answer alike', () => {
  it('the cases found by hand: 5,000-deep nesting, Host "evil.com@127.0.0.1", an empty Host', async () => {
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN_VERSION,
      'mcp-method': 'tools/call',
      'mcp-name': 'suggest_gifts',
    };
    const meta = `{"io.modelcontextprotocol/protocolVersion":"${MODERN_VERSION}","io.modelcontextprotocol/clientCapabilities":{}}`;
    const call = (a: string) =>
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"suggest_gifts","arguments":${a},"_meta":${meta}}}`;
    await bothAnswer(call(`{"age":30,"relationship":"friend","interests":${deep(5000, '[')}}`), headers);
    await bothAnswer(call(`{"age":30,"relationship":${deep(5000, '{')}}`), headers);
    const evil = await bothAnswer(call('{"age":30,"relationship":"friend"}'), {
      ...headers,
      host: 'evil.com@127.0.0.1',
    });
    expect(evil.status).toBe(403);
    const empty = await bothAnswer(call('{"age":30,"relationship":"friend"}'), { ...headers, host: '' });
    expect(empty.status).toBe(403);
  });

  it('on generated inputs: deep nesting, odd Host values, prototype keys in every argument and in _meta', async () => {
    await fc.assert(
      fc.asyncProperty(input, async ({ name, args: pairs, metaExtra: extra, host, id }) => {
        const meta = objectText([
          ['io.modelcontextprotocol/protocolVersion', JSON.stringify(MODERN_VERSION)],
          ['io.modelcontextprotocol/clientCapabilities', '{}'],
          ...extra,
        ]);
        const body = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":${objectText(pairs)},"_meta":${meta}}}`;
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': MODERN_VERSION,
          'mcp-method': 'tools/call',
          'mcp-name': name,
          ...(host !== undefined && { host }),
        };
        await bothAnswer(body, headers);
      }),
      { numRuns: 300, seed: 13 },
    );
  }, 120_000);

  it('discover, lists, reads and prompts (served once on the shipped server) on generated inputs alike', async () => {
    const FAST = [
      'server/discover',
      'tools/list',
      'prompts/list',
      'resources/list',
      'resources/read',
      'prompts/get',
    ] as const;
    const paramKey = fc.oneof(fc.constantFrom('cursor', 'uri', 'name', 'arguments'), fc.constantFrom(...PROTO_KEYS));
    const paramValue = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          `"gift://catalog/${ids[0]}"`,
          '"gift_description"',
          `{"giftId":"${ids[1]}","recipient":"Sam"}`,
        ),
      },
      { weight: 2, arbitrary: value },
    );
    const fastInput = fc.record({
      method: fc.constantFrom(...FAST),
      pairs: fc.uniqueArray(fc.tuple(paramKey, paramValue), { maxLength: 3, selector: ([k]) => k }),
      metaExtra,
      header: fc.constantFrom('same', 'same', 'same', 'other', 'none'),
      host: fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom(...ODD_HOSTS) },
      ),
      id: fc.oneof(fc.integer({ min: 0, max: 1e6 }), fc.constantFrom('__proto__', 'constructor')),
    });
    await fc.assert(
      fc.asyncProperty(fastInput, async ({ method, pairs, metaExtra: extra, header, host, id }) => {
        const meta = objectText([
          ['io.modelcontextprotocol/protocolVersion', JSON.stringify(MODERN_VERSION)],
          ['io.modelcontextprotocol/clientCapabilities', '{}'],
          ...extra,
        ]);
        const params = objectText([...pairs, ['_meta', meta]]);
        const body = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":${JSON.stringify(method)},"params":${params}}`;
        const name = pairs.find(([k]) => k === (method === 'resources/read' ? 'uri' : 'name'))?.[1];
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': MODERN_VERSION,
          ...(header !== 'none' && { 'mcp-method': header === 'same' ? method : 'tools/list' }),
          ...(name?.startsWith('"') && { 'mcp-name': JSON.parse(name) as string }),
          ...(host !== undefined && { host }),
        };
        await bothAnswer(body, headers);
        await bothAnswer(body, headers); // the second time from a kept answer, if any
      }),
      { numRuns: 150, seed: 17 },
    );
  }, 120_000);

  it('the same on /healthz and /metrics: the gate (Host/Origin) is the same for every route', async () => {
    for (const host of ODD_HOSTS) {
      const results = await Promise.all(
        ['/healthz', '/metrics', '/elsewhere'].map(
          (path) =>
            new Promise<number>((resolve, reject) => {
              const u = new URL(path, direct.url);
              const req = request(u, { method: 'GET', headers: { host }, setHost: false }, (res) => {
                res.resume();
                res.on('end', () => resolve(res.statusCode ?? 0));
              });
              req.on('error', reject);
              req.end();
            }),
        ),
      );
      const allowed = ['localhost', '127.0.0.1:1', '[::1]', 'LOCALHOST', '127.0.0.1 ', '127.1'].includes(host);
      if (!allowed) expect(results, host).toEqual([403, 403, 403]);
    }
  });
});
