import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { INTERESTS, OCCASIONS, RELATIONSHIPS } from '../dist/catalog/schema.js';
import { LEGACY_VERSIONS, MODERN_VERSION, type RunningServer, startHttpCli } from './harness.js';

/**
 * The table's tools/call entry (src/http/tool-call.ts) must answer exactly as the SDK
 * does. Two servers on the same catalog — one as shipped, one with `--no-direct-calls` —
 * get the same requests; every answer (HTTP status and JSON-RPC messages) must be the same,
 * and the shipped one must really have taken the direct path for the plain calls.
 */
const ids = loadBundledCatalog().map((g) => g.id);
const BASE = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
};

type Obj = Record<string, unknown>;

function parseMessages(text: string): Obj[] {
  const t = text.trimStart();
  if (t.startsWith('{') || t.startsWith('[')) return [].concat(JSON.parse(t));
  return text
    .split('\n')
    .filter((l) => l.startsWith('data:') && l.length > 6)
    .map((l) => JSON.parse(l.slice(5)) as Obj);
}

/** A sealed requestState is random by design (a fresh nonce and MAC per call): compare its presence, not its bytes. */
const normalize = (messages: Obj[]) =>
  JSON.parse(JSON.stringify(messages).replace(/"requestState":"[^"]*"/g, '"requestState":"<sealed>"'));

/**
 * POSTs and reads the answer. A question to the user (elicitation/create) would keep the
 * stream open until answered: reading stops there, and the question is the last message.
 */
async function post(url: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', headers: { ...BASE, ...headers }, body: JSON.stringify(body) });
  let text = '';
  const decoder = new TextDecoder();
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
    if (/"method":"elicitation\/create"/.test(text) && text.endsWith('\n\n')) {
      await reader!.cancel().catch(() => undefined);
      break;
    }
  }
  return {
    status: response.status,
    sessionId: response.headers.get('mcp-session-id'),
    messages: normalize(parseMessages(text)),
  };
}

/** Whether the shipped server should have taken the direct path, judged from the SDK server's answer. */
function shouldBeDirect(params: { name: string; _meta?: Obj; arguments?: Obj }, sdkAnswer: Obj[]): boolean {
  if (params._meta || params.name === 'more_like_this' || (params.arguments && 'colour' in params.arguments))
    return false;
  const last = sdkAnswer.at(-1);
  if (!last || last.method === 'elicitation/create') return false;
  const result = last.result as
    | { isError?: boolean; resultType?: string; content?: Array<{ text?: string }> }
    | undefined;
  if (!result || result.resultType === 'input_required') return false;
  return !(result.isError && result.content?.[0]?.text?.startsWith('Input validation error'));
}

async function directCount(server: RunningServer): Promise<number> {
  const text = await (await fetch(new URL('/metrics', server.url))).text();
  return Number(/giftgen_tool_calls_total\{path="direct"\} (\d+)/.exec(text)?.[1] ?? 0);
}

/** Requests answered from kept answers (kept once per change, src/http/table.ts, kept.ts), all methods. */
async function servedOnceCount(server: RunningServer): Promise<number> {
  const text = await (await fetch(new URL('/metrics', server.url))).text();
  let n = 0;
  for (const m of text.matchAll(/giftgen_fast_method_requests_total\{method="[^"]+",path="served_once"\} (\d+)/g))
    n += Number(m[1]);
  return n;
}

const APPS_CAPS = { extensions: { 'io.modelcontextprotocol/ui': {} } };
/** [method, params]: what a host sends, and some it rarely does (a cursor, an unknown prompt, a missing gift). */
const FAST_CASES = (): Array<[string, Obj]> => [
  ['server/discover', {}],
  ['tools/list', {}],
  ['tools/list', { cursor: 'x' }],
  ['prompts/list', {}],
  ['resources/list', {}],
  ['resources/list', { cursor: 'bogus' }],
  ['resources/read', { uri: `gift://catalog/${ids[0]}` }],
  ['resources/read', { uri: 'gift://catalog/no-such-gift' }],
  ['prompts/get', { name: 'gift_description', arguments: { giftId: ids[1]!, recipient: 'Sam' } }],
  ['prompts/get', { name: 'no_such_prompt' }],
];
/** Served once exactly when the request is plain (no cursor on tools/list) and the SDK answers it with a result. */
const shouldBeServedOnce = (method: string, params: Obj, sdkAnswer: Obj[]) =>
  !(method === 'tools/list' && 'cursor' in params) && sdkAnswer.length === 1 && sdkAnswer[0]!.result !== undefined;

/** Same answers from both servers, twice (the second from the kept answer); served once exactly when it should be. */
async function sameFastAnswer(
  shipped: RunningServer,
  sdkUrl: string,
  method: string,
  params: Obj,
  body: Obj,
  headers: Record<string, string>,
  sdkHeaders = headers,
) {
  for (let round = 0; round < 2; round++) {
    const before = await servedOnceCount(shipped);
    const [a, b] = await Promise.all([post(shipped.url, body, headers), post(sdkUrl, body, sdkHeaders)]);
    expect({ status: a.status, messages: a.messages }, `${round} ${JSON.stringify(body)}`).toEqual({
      status: b.status,
      messages: b.messages,
    });
    expect((await servedOnceCount(shipped)) - before, `${round} ${JSON.stringify(body)}`).toBe(
      shouldBeServedOnce(method, params, b.messages) ? 1 : 0,
    );
  }
}

async function openSession(url: string, version: string, capabilities: Obj): Promise<string> {
  const init = await post(
    url,
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: version, capabilities, clientInfo: { name: 'diff', version: '1' } },
    },
    {},
  );
  expect(init.status).toBe(200);
  const sid = init.sessionId!;
  await post(
    url,
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { 'mcp-session-id': sid, 'mcp-protocol-version': version },
  );
  return sid;
}

/**
 * Sends one call (`params` as generated, before any envelope is added) to the shipped server and to the --no-direct-calls one; their answers must be
 * equal, and the shipped one must have taken the direct path exactly when it should have.
 * Returns whether it did.
 */
async function sameAnswer(
  shipped: RunningServer,
  sdkUrl: string,
  params: { name: string; _meta?: Obj; arguments?: Obj },
  body: Obj,
  headers: Record<string, string>,
  sdkHeaders = headers,
): Promise<boolean> {
  const before = await directCount(shipped);
  const [a, b] = await Promise.all([post(shipped.url, body, headers), post(sdkUrl, body, sdkHeaders)]);
  expect({ status: a.status, messages: a.messages }, JSON.stringify(body)).toEqual({
    status: b.status,
    messages: b.messages,
  });
  const wasDirect = (await directCount(shipped)) - before === 1;
  expect(wasDirect, JSON.stringify(body)).toBe(shouldBeDirect(params, b.messages));
  return wasDirect;
}

// Arguments: mostly valid (what a model sends), some not (must fall back to the SDK and still agree).
const word = fc.constantFrom(
  ...RELATIONSHIPS,
  'sister',
  'my older brother',
  'Wife',
  'grandma',
  'co-worker',
  'platypus',
  '  friend  ',
);
const interest = fc.oneof(
  fc.constantFrom(...INTERESTS),
  fc.constantFrom('books', 'video games', 'anime', 'whisky', 'Coffee ', 'x'),
);
const suggestArgs = fc.record(
  {
    age: fc.oneof(
      { weight: 12, arbitrary: fc.integer({ min: 0, max: 120 }) },
      { weight: 1, arbitrary: fc.constantFrom(-1, 121, 30.5) },
    ),
    relationship: word,
    budget: fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 1, max: 500 }) },
      { weight: 3, arbitrary: fc.double({ min: 0.5, max: 2000, noNaN: true }) },
      { weight: 1, arbitrary: fc.constant(0) },
    ),
    interests: fc.array(interest, { maxLength: 4 }),
    occasion: fc.constantFrom(...OCCASIONS, 'xmas', "Mother's Day", 'nothing-known'),
    exclude: fc.array(fc.constantFrom('alcohol', 'books', 'kitchen', 'candle', ids[0]!), { maxLength: 2 }),
    count: fc.oneof(
      { weight: 12, arbitrary: fc.integer({ min: 1, max: 10 }) },
      { weight: 1, arbitrary: fc.constantFrom(0, 11) },
    ),
  },
  { requiredKeys: ['age', 'relationship'] },
);
const getArgs = fc.oneof(
  fc.record({ id: fc.constantFrom(...ids.slice(0, 40), 'no-such-gift', `  ${ids[1]}  `, '') }),
  fc.constant({}),
);
const call = fc.oneof(
  { weight: 3, arbitrary: suggestArgs.map((a) => ({ name: 'suggest_gifts', arguments: a as Obj })) },
  { weight: 2, arbitrary: getArgs.map((a) => ({ name: 'get_gift', arguments: a as Obj })) },
  // Things the direct path must leave to the SDK: an extra argument, a progress token, an unknown tool.
  {
    weight: 1,
    arbitrary: fc.constant({
      name: 'suggest_gifts',
      arguments: { age: 30, relationship: 'friend', colour: 'red' } as Obj,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constant({ name: 'get_gift', arguments: { id: ids[2]! } as Obj, _meta: { progressToken: 'p1' } }),
  },
  {
    weight: 1,
    arbitrary: fc.constant({
      name: 'more_like_this',
      arguments: { id: ids[3]!, age: 30, relationship: 'friend' } as Obj,
    }),
  },
);
const samples = (n: number, seed: number) => fc.sample(call, { numRuns: n, seed });

describe('direct tools/call answers like the SDK', () => {
  let direct: RunningServer;
  let sdk: RunningServer;
  let directStateless: RunningServer;
  let sdkStateless: RunningServer;
  beforeAll(async () => {
    [direct, sdk, directStateless, sdkStateless] = await Promise.all([
      startHttpCli(),
      startHttpCli({ args: ['--no-direct-calls'] }),
      startHttpCli({ args: ['--legacy-http', 'stateless'] }),
      startHttpCli({ args: ['--legacy-http', 'stateless', '--no-direct-calls'] }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([direct, sdk, directStateless, sdkStateless].map((s) => s?.stop()));
  });

  it('modern wire: same answers, and exactly the plain calls take the direct path', async () => {
    let directs = 0;
    for (const [i, params] of samples(150, 7).entries()) {
      const caps = i % 5 === 0 ? { elicitation: { form: {} } } : {};
      const meta =
        i % 3 === 0
          ? {
              ...META,
              'io.modelcontextprotocol/clientCapabilities': caps,
              'io.modelcontextprotocol/clientInfo': { name: 'diff', version: '1' },
            }
          : { ...META, 'io.modelcontextprotocol/clientCapabilities': caps };
      const body = {
        jsonrpc: '2.0',
        id: i % 2 ? `s-${i}` : i,
        method: 'tools/call',
        params: { ...params, _meta: { ...meta, ...(params as { _meta?: Obj })._meta } },
      };
      const headers = { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'tools/call', 'mcp-name': params.name };
      if (await sameAnswer(direct, sdk.url, params, body, headers)) directs++;
    }
    expect(directs).toBeGreaterThan(50);
    expect(await directCount(sdk)).toBe(0);
  });

  it("modern wire: a missing or mismatched header is the SDK's to refuse, on both servers alike", async () => {
    const body = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_gift', arguments: { id: ids[0] }, _meta: META },
    };
    for (const headers of [
      { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'tools/call' },
      { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'tools/call', 'mcp-name': 'suggest_gifts' },
      { 'mcp-method': 'tools/call', 'mcp-name': 'get_gift' },
      { 'mcp-protocol-version': '2025-11-25', 'mcp-method': 'tools/call', 'mcp-name': 'get_gift' },
    ] as Record<string, string>[]) {
      const [a, b] = await Promise.all([post(direct.url, body, headers), post(sdk.url, body, headers)]);
      expect(a.status).toBeGreaterThanOrEqual(400);
      expect({ status: a.status, messages: a.messages }).toEqual({ status: b.status, messages: b.messages });
    }
  });

  it('shapes and envelopes the SDK refuses are refused alike, the second time too (the direct path remembers verdicts)', async () => {
    const headers = { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'tools/call', 'mcp-name': 'get_gift' };
    const call = (extra: Obj, meta: Obj) => ({
      jsonrpc: '2.0',
      id: 'bad',
      method: 'tools/call',
      params: { name: 'get_gift', arguments: { id: ids[0] }, _meta: meta },
      ...extra,
    });
    const cases: Array<[Obj, Obj]> = [
      [{ extra: 1 }, META],
      [{}, { ...META, 'io.modelcontextprotocol/clientCapabilities': { elicitation: true } }],
      [{}, { ...META, 'io.modelcontextprotocol/clientInfo': { name: 'x' } }],
      [{}, { 'io.modelcontextprotocol/clientCapabilities': {} }],
      [{}, {}],
    ];
    // A good envelope first, so a verdict remembered for it could leak to the bad ones if keyed wrongly.
    expect((await post(direct.url, call({}, META), headers)).status).toBe(200);
    for (let round = 0; round < 2; round++) {
      for (const [extra, meta] of cases) {
        const body = call(extra, meta);
        const before = await directCount(direct);
        const [a, b] = await Promise.all([post(direct.url, body, headers), post(sdk.url, body, headers)]);
        expect({ status: a.status, messages: a.messages }, JSON.stringify(body)).toEqual({
          status: b.status,
          messages: b.messages,
        });
        expect(await directCount(direct), JSON.stringify(body)).toBe(before);
      }
    }
    // And a good envelope after them is still served directly.
    const before = await directCount(direct);
    const good = await post(direct.url, call({}, META), headers);
    expect(good.status).toBe(200);
    expect(await directCount(direct)).toBe(before + 1);
  });

  for (const version of LEGACY_VERSIONS) {
    it(`legacy session ${version}: same messages (logs included), the session keeps working`, async () => {
      for (const capabilities of [{}, { elicitation: {} }] as Obj[]) {
        const [sa, sb] = await Promise.all([
          openSession(direct.url, version, capabilities),
          openSession(sdk.url, version, capabilities),
        ]);
        let directs = 0;
        for (const [i, params] of samples(40, version.length + Object.keys(capabilities).length).entries()) {
          const body = { jsonrpc: '2.0', id: i, method: 'tools/call', params };
          const headers = (sid: string) => ({ 'mcp-session-id': sid, 'mcp-protocol-version': version });
          if (await sameAnswer(direct, sdk.url, params, body, headers(sa), headers(sb))) directs++;
        }
        expect(directs).toBeGreaterThan(10);
      }
      // logging/setLevel above info silences the call's log message on both.
      const [sa, sb] = await Promise.all([openSession(direct.url, version, {}), openSession(sdk.url, version, {})]);
      for (const [sid, url] of [
        [sa, direct.url],
        [sb, sdk.url],
      ] as const) {
        const set = await post(
          url,
          { jsonrpc: '2.0', id: 'lvl', method: 'logging/setLevel', params: { level: 'warning' } },
          { 'mcp-session-id': sid },
        );
        expect(set.messages.at(-1)?.result).toEqual({});
      }
      const body = {
        jsonrpc: '2.0',
        id: 'q',
        method: 'tools/call',
        params: { name: 'suggest_gifts', arguments: { age: 30, relationship: 'friend', budget: 40 } },
      };
      const [a, b] = await Promise.all([
        post(direct.url, body, { 'mcp-session-id': sa }),
        post(sdk.url, body, { 'mcp-session-id': sb }),
      ]);
      expect(a.messages).toEqual(b.messages);
      expect(a.messages.map((m) => m.method)).toEqual([undefined]);
    });
  }

  it("legacy session: an unknown session is 404 on both; another caller's session too", async () => {
    const body = {
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'get_gift', arguments: { id: ids[0] } },
    };
    const [a, b] = await Promise.all([
      post(direct.url, body, { 'mcp-session-id': 'nope' }),
      post(sdk.url, body, { 'mcp-session-id': 'nope' }),
    ]);
    expect(a.status).toBe(404);
    expect({ status: a.status, messages: a.messages }).toEqual({ status: b.status, messages: b.messages });
  });

  it('legacy stateless: same answers', async () => {
    let directs = 0;
    for (const [i, params] of samples(60, 3).entries()) {
      const body = { jsonrpc: '2.0', id: i, method: 'tools/call', params };
      const headers = { 'mcp-protocol-version': LEGACY_VERSIONS[i % LEGACY_VERSIONS.length]! };
      if (await sameAnswer(directStateless, sdkStateless.url, params, body, headers)) directs++;
    }
    expect(directs).toBeGreaterThan(15);
  });
  it('modern wire: discover, lists, reads and prompts answer as the SDK does, per capabilities; plain ones served once', async () => {
    for (const caps of [{}, APPS_CAPS] as Obj[]) {
      for (const [i, [method, params]] of FAST_CASES().entries()) {
        const meta = { ...META, 'io.modelcontextprotocol/clientCapabilities': caps };
        const body = { jsonrpc: '2.0', id: i % 2 ? `f-${i}` : i, method, params: { ...params, _meta: meta } };
        const name = method === 'resources/read' ? params.uri : method === 'prompts/get' ? params.name : undefined;
        const headers = {
          'mcp-protocol-version': MODERN_VERSION,
          'mcp-method': method,
          ...(typeof name === 'string' && { 'mcp-name': name }),
        };
        await sameFastAnswer(direct, sdk.url, method, params, body, headers);
      }
    }
    // A progress token in the envelope, or a missing header, is the SDK's.
    const before = await servedOnceCount(direct);
    const odd = { jsonrpc: '2.0', id: 'p', method: 'tools/list', params: { _meta: { ...META, progressToken: 'p' } } };
    const [a, b] = await Promise.all([
      post(direct.url, odd, { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'tools/list' }),
      post(sdk.url, odd, { 'mcp-protocol-version': MODERN_VERSION, 'mcp-method': 'tools/list' }),
    ]);
    expect({ status: a.status, messages: a.messages }).toEqual({ status: b.status, messages: b.messages });
    const plain = { jsonrpc: '2.0', id: 'h', method: 'tools/list', params: { _meta: META } };
    const [c, d] = await Promise.all([
      post(direct.url, plain, { 'mcp-protocol-version': MODERN_VERSION }),
      post(sdk.url, plain, { 'mcp-protocol-version': MODERN_VERSION }),
    ]);
    expect({ status: c.status, messages: c.messages }).toEqual({ status: d.status, messages: d.messages });
    expect(await servedOnceCount(direct)).toBe(before);
    expect(await servedOnceCount(sdk)).toBe(0);
  });

  for (const version of LEGACY_VERSIONS) {
    it(`legacy session ${version} and stateless: discover, lists, reads and prompts answer as the SDK does`, async () => {
      for (const capabilities of [{}, APPS_CAPS] as Obj[]) {
        const [sa, sb] = await Promise.all([
          openSession(direct.url, version, capabilities),
          openSession(sdk.url, version, capabilities),
        ]);
        for (const [i, [method, params]] of FAST_CASES().entries()) {
          const body = { jsonrpc: '2.0', id: i, method, params };
          const headers = (sid: string) => ({ 'mcp-session-id': sid, 'mcp-protocol-version': version });
          await sameFastAnswer(direct, sdk.url, method, params, body, headers(sa), headers(sb));
        }
      }
      for (const [i, [method, params]] of FAST_CASES().entries()) {
        const body = { jsonrpc: '2.0', id: i, method, params };
        await sameFastAnswer(directStateless, sdkStateless.url, method, params, body, {
          'mcp-protocol-version': version,
        });
      }
    });
  }
});
