/**
 * The bench's ratios are gift-genius against `raw`, a JSON-RPC answerer that replays gift-genius's own captured
 * answers (bench/servers/raw-core.mjs). A ratio means something only if raw puts the same messages on the wire
 * in the same framing: here both answer every benchmarked operation of both eras, over HTTP and over stdio, and
 * what each sent is compared (messages in order, ids aside; HTTP status and content type).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the bench is plain ESM JavaScript
import * as common from '../../../bench/lib/common.mjs';
// @ts-expect-error: the bench is plain ESM JavaScript
import { captureFixtures } from '../../../bench/lib/fixtures.mjs';

type Message = { id?: unknown; method?: string; [k: string]: unknown };
type Answer = { status?: number; type?: string; messages: Message[] };
type Server = { url: string; stop(): Promise<void> };

const OPS = Object.keys(common.OPERATIONS) as string[];
const opsOf = (era: 'modern' | 'legacy') => OPS.filter((op) => era === 'modern' || op !== 'server/discover');
const withoutIds = (ms: Message[]) => ms.map(({ id, ...rest }) => ({ ...rest, hasId: id !== undefined }));

async function overHttp(url: string, era: 'modern' | 'legacy'): Promise<Map<string, Answer>> {
  const out = new Map<string, Answer>();
  let headers: Record<string, string> = {};
  if (era === 'legacy') {
    const { sessionId } = await common.openLegacySession(url);
    headers = { 'MCP-Protocol-Version': common.LEGACY, ...(sessionId ? { 'Mcp-Session-Id': sessionId } : {}) };
  }
  for (const op of opsOf(era)) {
    const [method, params, name] = common.OPERATIONS[op];
    const r = await common.post(
      url,
      common.rpc(11, method, params, era),
      era === 'modern' ? common.modernHeaders(method, name) : headers,
    );
    out.set(op, { status: r.status, type: String(r.headers['content-type']).split(';')[0], messages: r.messages });
  }
  return out;
}

/** One stdio process: each request's answer is every line up to and including the one with its id. */
async function overStdio(command: string[], era: 'modern' | 'legacy'): Promise<Map<string, Answer>> {
  const child: ChildProcess = spawn(process.execPath, command, { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const ask = async (message: object, id: number): Promise<Message[]> => {
    child.stdin!.write(`${JSON.stringify(message)}\n`);
    const got: Message[] = [];
    for (;;) {
      const next = await lines.next();
      if (next.done) throw new Error(`stdio server closed before answering ${id}`);
      const m = JSON.parse(next.value) as Message;
      got.push(m);
      if (m.id === id) return got;
    }
  };
  try {
    const out = new Map<string, Answer>();
    if (era === 'legacy') {
      const init = { protocolVersion: common.LEGACY, capabilities: {}, clientInfo: { name: 't', version: '1' } };
      await ask(common.rpc(1, 'initialize', init, 'legacy'), 1);
      child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    }
    let id = 100;
    for (const op of opsOf(era)) {
      const [method, params] = common.OPERATIONS[op];
      id += 1;
      out.set(op, { messages: await ask(common.rpc(id, method, params, era), id) });
    }
    return out;
  } finally {
    child.kill();
  }
}

describe('the bench baseline sends what gift-genius sends', () => {
  let gg: Server;
  let raw: Server;
  let ctx: { fixtures: string; ggData: string };
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gg-bench-baseline-'));
    ctx = { fixtures: join(dir, 'raw-fixtures.json'), ggData: join(dir, 'data') };
    const comps = common.comparators(ctx);
    gg = await common.startHttp(comps['gift-genius'].http, { label: 'gift-genius' });
    await captureFixtures(gg.url, ctx.fixtures);
    raw = await common.startHttp(comps.raw.http, { label: 'raw' });
  });
  afterAll(async () => {
    await Promise.all([gg?.stop(), raw?.stop()]);
  });

  for (const era of ['modern', 'legacy'] as const) {
    it(`over HTTP, ${era}: the same messages, framing and status for every operation`, async () => {
      const [mine, base] = await Promise.all([overHttp(gg.url, era), overHttp(raw.url, era)]);
      for (const op of opsOf(era)) {
        const a = mine.get(op)!;
        const b = base.get(op)!;
        expect(b.status, `${era} ${op}: status`).toBe(a.status);
        expect(b.type, `${era} ${op}: content type`).toBe(a.type);
        expect(withoutIds(b.messages), `${era} ${op}: messages`).toEqual(withoutIds(a.messages));
      }
    });

    it(`over stdio, ${era}: the same messages in the same order for every operation`, async () => {
      const comps = common.comparators(ctx);
      const [mine, base] = await Promise.all([
        overStdio(comps['gift-genius'].stdio, era),
        overStdio(comps.raw.stdio, era),
      ]);
      for (const op of opsOf(era))
        expect(withoutIds(base.get(op)!.messages), `${era} ${op}`).toEqual(withoutIds(mine.get(op)!.messages));
    });
  }
});
