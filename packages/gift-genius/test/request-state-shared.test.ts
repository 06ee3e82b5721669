import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startHttpCli, tempDir } from './harness.js';
import { createTestDatabase, probePostgres, type TestDatabase } from './pg-harness.js';

/**
 * requestState is single use across instances that share GIFTGEN_STATE_KEY (as behind a balancer):
 * on one Postgres, or one SQLite data folder, a state completed on one is refused on all; an instance
 * on another store (which cannot know what the first spent) refuses it outright.
 */
const probe = await probePostgres();
if (!probe.ok) console.log(`SKIPPED request-state-shared: ${probe.reason}`);

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};
const ARGS = { age: 33, relationship: 'sister', interests: ['tea'] };
const answer = { budget: { action: 'accept', content: { budget: 40 } } };

async function call(server: RunningServer, params: Record<string, unknown>, id: number) {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'suggest_gifts',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'suggest_gifts', _meta: META, arguments: ARGS, ...params },
    }),
  });
  const text = await response.text();
  return JSON.parse(
    text.startsWith('event:') || text.startsWith('data:')
      ? text
          .split('\n')
          .find((l) => l.startsWith('data:'))!
          .slice(5)
      : text,
  );
}

describe.skipIf(!probe.ok)('requestState across instances sharing Postgres', () => {
  let db: TestDatabase;
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { DATABASE_URL: db.url, GIFTGEN_STATE_KEY: 'k'.repeat(40) };
    a = await startHttpCli({ env });
    b = await startHttpCli({ env });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  it('a state minted on A completes once, on B, and is refused on both afterwards', async () => {
    const first = await call(a, {}, 1);
    expect(first.result.resultType).toBe('input_required');
    const state = first.result.requestState as string;
    const done = await call(b, { inputResponses: answer, requestState: state }, 2);
    expect(done.result.structuredContent).toMatchObject({ budget: 40 });
    for (const [server, id] of [
      [a, 3],
      [b, 4],
    ] as const) {
      const replay = await call(server, { inputResponses: answer, requestState: state }, id);
      expect(replay.error?.code, String(id)).toBe(-32602);
      expect(replay.id).toBe(id);
    }
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM spent_states');
    expect(rows[0]!.n).toBe(1);
  });
});

describe('requestState across SQLite instances sharing GIFTGEN_STATE_KEY', () => {
  const env = { GIFTGEN_STATE_KEY: 'q'.repeat(40) };
  const replayed = async (server: RunningServer, state: string, id: number) => {
    const replay = await call(server, { inputResponses: answer, requestState: state }, id);
    expect(replay.error?.code, `request ${id}`).toBe(-32602);
    expect(replay.id).toBe(id);
  };

  it('two instances on one data folder: a state minted on A completes once, on B, and is refused on both afterwards', async () => {
    const folder = tempDir();
    const a = await startHttpCli({ env, dataDir: folder.path });
    const b = await startHttpCli({ env, dataDir: folder.path });
    try {
      const first = await call(a, {}, 1);
      expect(first.result.resultType).toBe('input_required');
      const state = first.result.requestState as string;
      const done = await call(b, { inputResponses: answer, requestState: state }, 2);
      expect(done.result.structuredContent).toMatchObject({ budget: 40 });
      await replayed(a, state, 3);
      await replayed(b, state, 4);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      folder.remove();
    }
  });

  it('instances on separate data folders: a state from another store is refused, so it cannot be spent twice', async () => {
    const a = await startHttpCli({ env });
    const b = await startHttpCli({ env });
    try {
      const first = await call(a, {}, 1);
      const state = first.result.requestState as string;
      await replayed(b, state, 2); // B cannot know whether A spent it
      const done = await call(a, { inputResponses: answer, requestState: state }, 3);
      expect(done.result.structuredContent).toMatchObject({ budget: 40 });
      await replayed(a, state, 4);
      await replayed(b, state, 5);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
