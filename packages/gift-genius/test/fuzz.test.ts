import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, type RunningServer, startHttpCli, tempDir } from './harness.js';

/**
 * Property-based hostile input: every generated message that is a request with a
 * readable id gets exactly one well-formed JSON-RPC answer carrying that id; anything
 * unreadable gets an error with id null; notifications get nothing; the process never
 * crashes or hangs, and its memory stays bounded. Figures are printed for the README.
 */
const MESSAGES_PER_TRANSPORT = Number(process.env.GIFTGEN_FUZZ_MESSAGES ?? 10_000);
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

type Kind =
  | 'invalid-json'
  | 'wrong-types'
  | 'huge'
  | 'deep'
  | 'huge-id'
  | 'batch'
  | 'unknown-method'
  | 'unknown-tool'
  | 'bad-params'
  | 'notification'
  | 'invalid-utf8';
interface Hostile {
  kind: Kind;
  /** The raw line/body to send. */
  raw: Buffer;
  /** The id an answer must echo, or null when the message is unreadable, or undefined when no answer is due. */
  expectId: string | number | null | undefined;
}

const junk = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);
const methods = fc.constantFrom(
  'tools/call',
  'tools/list',
  'resources/read',
  'resources/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'ping',
  'initialize',
  'server/discover',
);

function hostile(nextId: () => number, modern: boolean): fc.Arbitrary<Hostile> {
  const withMeta = (params: Record<string, unknown>) => (modern ? { ...params, _meta: META } : params);
  const line = (value: unknown) => Buffer.from(JSON.stringify(value));
  return fc.oneof(
    fc
      .string({ minLength: 1, maxLength: 200 })
      .filter((s) => {
        try {
          JSON.parse(s);
          return false;
        } catch {
          return !s.includes('\n') && s.trim().length > 0;
        }
      })
      .map((s): Hostile => ({ kind: 'invalid-json', raw: Buffer.from(s), expectId: null })),
    fc.record({ jsonrpc: junk, method: fc.oneof(methods, junk), params: junk }).map((m): Hostile => {
      const id = nextId();
      return { kind: 'wrong-types', raw: line({ ...m, id }), expectId: id };
    }),
    fc.tuple(methods, fc.integer({ min: 10_000, max: 200_000 })).map(([method, size]): Hostile => {
      const id = nextId();
      return {
        kind: 'huge',
        raw: line({
          jsonrpc: '2.0',
          id,
          method,
          params: withMeta({ name: 'suggest_gifts', arguments: { age: 30, relationship: 'x'.repeat(size) } }),
        }),
        expectId: id,
      };
    }),
    fc.integer({ min: 50, max: 5000 }).map((depth): Hostile => {
      const id = nextId();
      const raw = `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"age":30,"relationship":"friend","interests":${'['.repeat(depth)}${']'.repeat(depth)}}}}`;
      return { kind: 'deep', raw: Buffer.from(raw), expectId: id };
    }),
    fc
      .oneof(
        fc.string({ minLength: 2000, maxLength: 20_000 }).map((s) => `${s}-${nextId()}`),
        fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
      )
      .map(
        (id): Hostile => ({
          kind: 'huge-id',
          raw: line({ jsonrpc: '2.0', id, method: 'ping' }),
          // Large numeric ids repeat across messages, so only string ids are matched one to one.
          expectId: typeof id === 'string' ? id : undefined,
        }),
      ),
    fc.array(methods, { minLength: 1, maxLength: 4 }).map(
      (ms): Hostile => ({
        kind: 'batch',
        raw: line(ms.map((method) => ({ jsonrpc: '2.0', id: nextId(), method }))),
        expectId: null,
      }),
    ),
    fc.string({ minLength: 1, maxLength: 40 }).map((m): Hostile => {
      const id = nextId();
      return {
        kind: 'unknown-method',
        raw: line({ jsonrpc: '2.0', id, method: `x/${m}`, params: withMeta({}) }),
        expectId: id,
      };
    }),
    fc.string({ minLength: 1, maxLength: 60 }).map((name): Hostile => {
      const id = nextId();
      return {
        kind: 'unknown-tool',
        raw: line({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: withMeta({ name: `nope-${name}`, arguments: {} }),
        }),
        expectId: id,
      };
    }),
    fc.record({ age: junk, relationship: junk, budget: junk, interests: junk, count: junk }).map((args): Hostile => {
      const id = nextId();
      return {
        kind: 'bad-params',
        raw: line({
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: withMeta({ name: 'suggest_gifts', arguments: args }),
        }),
        expectId: id,
      };
    }),
    fc.string({ maxLength: 30 }).map(
      (m): Hostile => ({
        kind: 'notification',
        raw: line({ jsonrpc: '2.0', method: `notifications/${m}`, params: withMeta({}) }),
        expectId: undefined,
      }),
    ),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes): Hostile => {
      const id = nextId();
      // A string member with bytes that are not UTF-8.
      const raw = Buffer.concat([
        Buffer.from(
          `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"suggest_gifts","arguments":{"age":30,"relationship":"`,
        ),
        Buffer.from(bytes.map((b) => ((b < 0x80 ? 0xc3 : b) === 0x0a ? 0xff : b < 0x80 ? 0xff : b))),
        Buffer.from('"}}}'),
      ]);
      return { kind: 'invalid-utf8', raw, expectId: id };
    }),
  );
}

function generate(count: number, modern: boolean): Hostile[] {
  let id = 1_000_000;
  return fc.sample(
    hostile(() => id++, modern),
    { numRuns: count, seed: 20261129 },
  );
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
const tally = (messages: Hostile[]) =>
  Object.fromEntries(
    [...messages.reduce((m, h) => m.set(h.kind, (m.get(h.kind) ?? 0) + 1), new Map<string, number>())].sort(),
  );

describe('hostile input, property-based', () => {
  it(`stdio: ${MESSAGES_PER_TRANSPORT} messages, every request answered with its id, no crash`, async () => {
    const data = tempDir();
    const child = spawn(process.execPath, [CLI, 'stdio', '--data', data.path], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const write = (b: Buffer) =>
      new Promise<void>((resolve) =>
        child.stdin.write(Buffer.concat([b, Buffer.from('\n')])) ? resolve() : child.stdin.once('drain', resolve),
      );
    await write(
      Buffer.from(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 'init',
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
        }),
      ),
    );
    await write(Buffer.from(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })));
    const messages = generate(MESSAGES_PER_TRANSPORT, false);
    const rssBefore = rssKb(child.pid!);
    for (const m of messages) await write(m.raw);
    await write(Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 'last', method: 'ping' })));
    const deadline = Date.now() + 60_000;
    while (!out.includes('"id":"last"') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500)); // answers to earlier, slower messages
    const rssAfter = rssKb(child.pid!);
    expect(child.exitCode).toBeNull(); // still alive
    const lines = out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    // Log notifications may ride along (the client never lowered the level); they must be well-formed too.
    for (const n of lines.filter((l) => 'method' in l))
      expect(n).toMatchObject({ jsonrpc: '2.0', method: 'notifications/message' });
    const answers = lines.filter((l) => !('method' in l));
    for (const a of answers) {
      expect(a.jsonrpc).toBe('2.0');
      expect(
        'result' in a || (typeof a.error?.code === 'number' && typeof a.error?.message === 'string'),
        JSON.stringify(a).slice(0, 300),
      ).toBe(true);
    }
    const byId = new Map<unknown, number>();
    for (const a of answers) byId.set(a.id, (byId.get(a.id) ?? 0) + 1);
    const missing = messages.filter(
      (m) => m.expectId !== undefined && m.expectId !== null && byId.get(m.expectId) !== 1,
    );
    expect(missing.map((m) => `${m.kind}: ${m.raw.toString().slice(0, 120)}`)).toEqual([]);
    expect(byId.get('last')).toBe(1);
    child.stdin.end();
    await new Promise((r) => child.once('exit', r));
    data.remove();
    const growthMb = (rssAfter - rssBefore) / 1024;
    console.log(
      `[fuzz stdio] ${messages.length} messages ${JSON.stringify(tally(messages))}; answers ${answers.length}; crashes 0; hangs 0; RSS +${growthMb.toFixed(1)} MB`,
    );
    expect(growthMb).toBeLessThan(200);
  }, 120_000);

  describe('HTTP', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startHttpCli();
    });
    afterAll(async () => server?.stop());

    it(`${MESSAGES_PER_TRANSPORT} messages on the modern and legacy wire, every answer well-formed, no crash`, async () => {
      const messages = generate(MESSAGES_PER_TRANSPORT, true);
      const rssBefore = rssKb(server.child.pid!);
      let i = 0;
      const problems: string[] = [];
      const statuses = new Map<number, number>();
      const worker = async () => {
        while (i < messages.length) {
          const m = messages[i]!;
          const modern = i++ % 2 === 0;
          const method = /"method":"([^"]*)"/.exec(m.raw.toString())?.[1] ?? 'ping';
          const headers: Record<string, string> = {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          };
          if (modern)
            Object.assign(headers, {
              'mcp-protocol-version': '2026-07-28',
              'mcp-method': method.replace(/[^\x20-\x7e]/g, ''),
            });
          const response = await fetch(server.url, {
            method: 'POST',
            headers,
            body: m.raw,
            signal: AbortSignal.timeout(10_000),
          });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const text = await response.text();
          if (m.expectId === undefined && response.status === 202) continue;
          if (!text) {
            if (m.expectId !== undefined) problems.push(`${m.kind}: empty ${response.status} body`);
            continue;
          }
          const frame =
            text.startsWith('event:') || text.startsWith('data:') || text.startsWith(':')
              ? text
                  .split('\n')
                  .find((l) => l.startsWith('data:'))
                  ?.slice(5)
              : text;
          // biome-ignore lint/suspicious/noExplicitAny: test data of any shape, read field by field
          let body: any;
          try {
            body = JSON.parse(frame ?? '');
          } catch {
            problems.push(`${m.kind}: not JSON (${response.status}): ${text.slice(0, 80)}`);
            continue;
          }
          if (body.jsonrpc !== '2.0') problems.push(`${m.kind}: no jsonrpc member`);
          if (typeof m.expectId === 'number' || typeof m.expectId === 'string') {
            if (body.id !== m.expectId && body.id !== null)
              problems.push(`${m.kind}: id ${String(body.id).slice(0, 20)} for ${String(m.expectId).slice(0, 20)}`);
          }
          if (response.status >= 400 && !body.error)
            problems.push(`${m.kind}: HTTP ${response.status} without a JSON-RPC error`);
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      const rssAfter = rssKb(server.child.pid!);
      expect(server.child.exitCode).toBeNull();
      expect(problems.slice(0, 20)).toEqual([]);
      const health = await fetch(new URL('/healthz', server.url));
      expect(health.status).toBe(200);
      const growthMb = (rssAfter - rssBefore) / 1024;
      console.log(
        `[fuzz http] ${messages.length} messages ${JSON.stringify(tally(messages))}; statuses ${JSON.stringify(Object.fromEntries(statuses))}; crashes 0; hangs 0; RSS +${growthMb.toFixed(1)} MB`,
      );
      expect(growthMb).toBeLessThan(200);
    }, 180_000);
  });
});

/**
 * Resource amplification (issue 13): requests that each try to make the server keep something —
 * many distinct large keys (in envelopes, arguments, initialize capabilities, subscription URIs,
 * listen filters, ids) and many small requests that each leave state behind (sessions, subscriptions,
 * log levels, abandoned listen streams). Every request is answered; what the server keeps stays
 * within its caps; its memory stays bounded.
 */
describe('resource amplification, property-based', () => {
  const AMPLIFY_ACTIONS = Number(process.env.GIFTGEN_FUZZ_AMPLIFY ?? 800);
  const giftIds = (
    JSON.parse(readFileSync(new URL('../catalog/gifts.json', import.meta.url), 'utf8')) as Array<{ id: string }>
  ).map((g) => g.id);
  type Action =
    | { kind: 'envelope-key' | 'argument-key' | 'initialize-key' | 'listen-filter' | 'big-id'; size: number; n: number }
    | { kind: 'small-session' | 'set-level' | 'abandon-listen'; n: number }
    | { kind: 'subscribe'; n: number; real: boolean; size: number };
  const action: fc.Arbitrary<Action> = fc.oneof(
    fc.record({
      kind: fc.constantFrom('envelope-key', 'argument-key', 'initialize-key', 'listen-filter', 'big-id'),
      size: fc.integer({ min: 1000, max: 200_000 }),
      n: fc.nat(),
    }),
    fc.record({ kind: fc.constantFrom('small-session', 'set-level', 'abandon-listen'), n: fc.nat() }),
    fc.record({
      kind: fc.constant('subscribe'),
      n: fc.nat(),
      real: fc.boolean(),
      size: fc.integer({ min: 10, max: 100_000 }),
    }),
  ) as fc.Arbitrary<Action>;

  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpCli({
      args: ['--max-sessions', '40', '--max-subscriptions', '20', '--max-listen-filter', '10'],
    });
  });
  afterAll(async () => server?.stop());

  it(`${AMPLIFY_ACTIONS} amplifying requests: all answered, caps held, memory bounded`, async () => {
    const actions = fc.sample(action, { numRuns: AMPLIFY_ACTIONS, seed: 13 });
    const H = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const modern = (method: string, name?: string) => ({
      ...H,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name && { 'mcp-name': name }),
    });
    const sessions: string[] = [];
    const post = async (body: unknown, headers: Record<string, string>) => {
      const r = await fetch(server.url, {
        method: 'POST',
        headers,
        body: typeof body === 'string' ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      return { status: r.status, sid: r.headers.get('mcp-session-id'), text: await r.text() };
    };
    const key = (n: number, size: number) => `k${n}-${'x'.repeat(size)}`;
    const statuses = new Map<string, number>();
    const problems: string[] = [];
    const rssBefore = rssKb(server.child.pid!);
    let next = 0;
    const worker = async () => {
      while (next < actions.length) {
        const a = actions[next]!;
        const id = next++;
        let r: { status: number; sid: string | null; text: string };
        const session = sessions[a.n % Math.max(1, sessions.length)];
        const onSession = { ...H, 'mcp-protocol-version': '2025-11-25', ...(session && { 'mcp-session-id': session }) };
        switch (a.kind) {
          case 'envelope-key':
            r = await post(
              {
                jsonrpc: '2.0',
                id,
                method: 'tools/call',
                params: {
                  name: 'get_gift',
                  arguments: { id: giftIds[a.n % giftIds.length] },
                  _meta: {
                    ...META,
                    'io.modelcontextprotocol/clientCapabilities': { experimental: { [key(a.n, a.size)]: {} } },
                  },
                },
              },
              modern('tools/call', 'get_gift'),
            );
            break;
          case 'argument-key':
            r = await post(
              {
                jsonrpc: '2.0',
                id,
                method: 'tools/call',
                params: {
                  name: 'suggest_gifts',
                  arguments: { age: 30, relationship: 'friend', [key(a.n, a.size)]: 1 },
                  _meta: META,
                },
              },
              modern('tools/call', 'suggest_gifts'),
            );
            break;
          case 'initialize-key':
          case 'small-session': {
            const capabilities = a.kind === 'small-session' ? {} : { experimental: { [key(a.n, a.size)]: {} } };
            r = await post(
              {
                jsonrpc: '2.0',
                id,
                method: 'initialize',
                params: {
                  protocolVersion: '2025-11-25',
                  capabilities,
                  clientInfo: { name: `amp-${id}`, version: '1' },
                },
              },
              H,
            );
            if (r.sid) {
              sessions.push(r.sid);
              await post(
                { jsonrpc: '2.0', method: 'notifications/initialized' },
                { ...onSession, 'mcp-session-id': r.sid },
              );
            }
            break;
          }
          case 'subscribe':
            r = await post(
              {
                jsonrpc: '2.0',
                id,
                method: 'resources/subscribe',
                params: {
                  uri: a.real
                    ? `gift://catalog/${giftIds[(a.n + id) % giftIds.length]}`
                    : `ui://gift-genius/${key(a.n, a.size)}`,
                },
              },
              onSession,
            );
            break;
          case 'set-level':
            r = await post(
              {
                jsonrpc: '2.0',
                id,
                method: 'logging/setLevel',
                params: { level: ['debug', 'info', 'warning', 'error'][a.n % 4] },
              },
              onSession,
            );
            break;
          case 'listen-filter':
          case 'abandon-listen':
          case 'big-id': {
            const uris =
              a.kind === 'listen-filter'
                ? Array.from({ length: 1 + (a.size % 500) }, (_, i) => `gift://catalog/${key(i, a.size % 2000)}`)
                : giftIds.slice(0, 5).map((g) => `gift://catalog/${g}`);
            const listenId = a.kind === 'big-id' ? key(a.n, a.size) : id;
            const controller = new AbortController();
            const res = await fetch(server.url, {
              method: 'POST',
              signal: controller.signal,
              headers: modern('subscriptions/listen'),
              body: JSON.stringify({
                jsonrpc: '2.0',
                id: listenId,
                method: 'subscriptions/listen',
                params: { notifications: { resourceSubscriptions: uris }, _meta: META },
              }),
            });
            const stream = (res.headers.get('content-type') ?? '').includes('event-stream');
            if (stream) controller.abort(); // abandoned: the server must let it go
            r = { status: res.status, sid: null, text: stream ? '' : await res.text() };
            if (stream && a.kind !== 'abandon-listen')
              problems.push(`${a.kind}: a stream was opened (filter or id over the limit)`);
            break;
          }
        }
        statuses.set(`${a.kind} ${r.status}`, (statuses.get(`${a.kind} ${r.status}`) ?? 0) + 1);
        if (r.status >= 500 && r.status !== 503) problems.push(`${a.kind}: HTTP ${r.status} ${r.text.slice(0, 100)}`);
        if (r.text && !/"jsonrpc":"2.0"/.test(r.text))
          problems.push(`${a.kind}: not a JSON-RPC answer: ${r.text.slice(0, 100)}`);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    const rssAfter = rssKb(server.child.pid!);
    expect(problems.slice(0, 20)).toEqual([]);
    const health = await (await fetch(new URL('/healthz', server.url))).json();
    expect(health.legacySessions).toBeLessThanOrEqual(40);
    expect(server.child.exitCode).toBeNull();
    const growthMb = (rssAfter - rssBefore) / 1024;
    console.log(
      `[fuzz amplify] ${actions.length} actions; ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; RSS +${growthMb.toFixed(1)} MB`,
    );
    expect(growthMb).toBeLessThan(250);
  }, 240_000);
});
