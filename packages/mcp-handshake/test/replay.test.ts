import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordedSteps } from '../src/replay/recorded-session.js';
import { ReplayServer } from '../src/replay/replay-server.js';
import type { Transcript } from '../src/types.js';
import { CLI, GIFT_GENIUS, giftGeniusEnv } from './helpers.js';
import { connect, type Endpoint, WIRES, wireName } from './sdk-clients.js';

const dir = mkdtempSync(join(tmpdir(), 'replay-'));
const gg = giftGeniusEnv();
const GG = [GIFT_GENIUS, 'stdio', '--data', gg.dataDir];
const SUGGEST = { name: 'suggest_gifts', arguments: { age: 30, relationship: 'friend', interests: ['coffee'] } };

async function session(endpoint: Endpoint, wire: (typeof WIRES)[number]) {
  const s = await connect(wire, endpoint);
  try {
    const tools = await s.client.listTools();
    const prompts = await s.client.listPrompts();
    const called = await s.client.callTool(SUGGEST);
    const gift = await s.client.callTool({ name: 'get_gift', arguments: { id: 'star-projector' } });
    return JSON.stringify({ tools, prompts, called, gift });
  } finally {
    await s.close();
  }
}

/**
 * Record one gift-genius session of this client through the tap, into a directory: the v2
 * SDK runs its server/discover probe in a sibling process over stdio, which gets a file of its own.
 */
async function record(wire: (typeof WIRES)[number], name: string) {
  const out = `${join(dir, name)}/`;
  const answers = await session(
    {
      transport: 'stdio',
      command: process.execPath,
      args: [CLI, 'tap', '--out', out, '--', process.execPath, ...GG],
      env: gg.env,
    },
    wire,
  );
  return { out, answers };
}

describe('replay --serve gives an SDK client the recorded answers', () => {
  for (const wire of [WIRES[0], WIRES[2], WIRES[3]]) {
    it(`${wireName(wire)}: stdio`, async () => {
      const { out, answers } = await record(wire, `stdio-${wireName(wire)}`);
      const replayed = await session(
        { transport: 'stdio', command: process.execPath, args: [CLI, 'replay', out, '--serve', 'stdio'] },
        wire,
      );
      expect(replayed).toBe(answers);
    }, 60_000);
  }

  const servers: ChildProcess[] = [];
  afterAll(() => servers.forEach((s) => s.kill('SIGTERM')));
  it('sdk-v2@2025-11-25: HTTP, with a session id of its own', async () => {
    const wire = WIRES[2];
    const { out, answers } = await record(wire, 'for-http');
    const child = spawn(process.execPath, [CLI, 'replay', out, '--serve', 'http'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    servers.push(child);
    const url = await new Promise<string>((resolve) => {
      let err = '';
      child.stderr!.on('data', (d) => {
        err += d;
        const m = / at (http:\S+)/.exec(err);
        if (m) resolve(m[1]);
      });
    });
    expect(await session({ transport: 'http', url }, wire)).toBe(answers);
  }, 60_000);
});

describe('replay --against re-sends the client side and compares', () => {
  it('the same server answers the same; a changed recording shows where', async () => {
    const { out } = await record(WIRES[2], 'against');
    const same = spawnSync(process.execPath, [CLI, 'replay', out, '--against', '--', process.execPath, ...GG], {
      env: { ...process.env, ...gg.env },
      encoding: 'utf8',
    });
    expect(same.stdout).toMatch(/(\d+) of \1 answers the same/);
    expect(same.status).toBe(0);
    const file = join(out, readdirSync(out)[0]!);
    const t = JSON.parse(readFileSync(file, 'utf8')) as Transcript;
    const answer = t.events.find((e) => e.dir === 'in' && (JSON.stringify(e.message) ?? '').includes('"tools":['))!;
    (answer.message as { result: { tools: Array<{ name: string }> } }).result.tools[0]!.name = 'renamed_tool';
    const edited = join(dir, 'edited.json');
    writeFileSync(edited, JSON.stringify(t));
    const differs = spawnSync(process.execPath, [CLI, 'replay', edited, '--against', '--', process.execPath, ...GG], {
      env: { ...process.env, ...gg.env },
      encoding: 'utf8',
    });
    expect(differs.status).toBe(1);
    expect(differs.stdout).toMatch(/different tools\/list\n\s+\/result\/tools\/0\/name: "renamed_tool" → "/);
  }, 60_000);
});

describe('ReplayServer (pure)', () => {
  it('answers under the live id, prefers equal params, and says what is not in the recording', () => {
    const t: Transcript = {
      format: 'mcp-handshake/transcript@1',
      target: 'x',
      transport: 'stdio',
      startedAt: '',
      durationMs: 0,
      options: { timeoutMs: 0, driftWindowMs: 0, eras: [] },
      connections: [{ id: 'c', purpose: 'tap', era: 'legacy' }],
      events: [
        {
          seq: 0,
          at: 0,
          conn: 'c',
          dir: 'out',
          kind: 'message',
          message: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'a' } },
        },
        {
          seq: 1,
          at: 0,
          conn: 'c',
          dir: 'out',
          kind: 'message',
          message: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'b' } },
        },
        {
          seq: 2,
          at: 0,
          conn: 'c',
          dir: 'in',
          kind: 'message',
          message: { jsonrpc: '2.0', id: 2, result: { b: true } },
        },
        {
          seq: 3,
          at: 0,
          conn: 'c',
          dir: 'in',
          kind: 'message',
          message: { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
        },
        {
          seq: 4,
          at: 0,
          conn: 'c',
          dir: 'in',
          kind: 'message',
          message: { jsonrpc: '2.0', id: 1, result: { a: true } },
        },
      ],
      exchanges: [],
    };
    const server = new ReplayServer(recordedSteps(t, 'c'));
    expect(server.answer({ jsonrpc: '2.0', id: 'x', method: 'tools/call', params: { name: 'b' } })).toEqual([
      { jsonrpc: '2.0', id: 'x', result: { b: true } },
      { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
    ]);
    expect(server.answer({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'zzz' } })).toEqual([
      { jsonrpc: '2.0', id: 7, result: { a: true } },
    ]);
    expect(server.answer({ jsonrpc: '2.0', id: 8, method: 'prompts/list' })).toEqual([
      { jsonrpc: '2.0', id: 8, error: { code: -32601, message: 'not in the recording: prompts/list' } },
    ]);
  });
});
