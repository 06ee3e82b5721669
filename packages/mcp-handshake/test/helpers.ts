import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConnectionInfo, Exchange, Transcript, TransportKind, WireEvent } from '../src/types.js';

export const HERE = dirname(fileURLToPath(import.meta.url));
export const PKG = join(HERE, '..');
export const ROOT = join(PKG, '..', '..');
export const fixture = (name: string) => join(HERE, 'fixtures', name);
export const CLI = join(PKG, 'dist', 'cli.js');
export const GIFT_GENIUS = join(ROOT, 'packages', 'gift-genius', 'dist', 'cli.js');

/** Three valid catalog records, so gift-genius starts even without its bundled catalog. */
export function giftGeniusEnv(): { dataDir: string; env: Record<string, string> } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-handshake-gg-'));
  const seed = join(dir, 'seed.json');
  writeFileSync(
    seed,
    JSON.stringify([
      {
        id: 'pour-over-coffee-kit',
        title: 'Pour-over coffee kit',
        description: 'A glass dripper, filters and a gooseneck kettle.',
        price: 45,
        categories: ['kitchen'],
        interests: ['coffee'],
        ageMin: 16,
        ageMax: 99,
        relationships: ['sibling', 'friend', 'parent', 'partner'],
        occasions: ['birthday', 'christmas'],
      },
      {
        id: 'star-projector',
        title: 'Star projector night light',
        description: 'Projects a rotating starry sky onto the ceiling.',
        price: 29.99,
        categories: ['home', 'toys'],
        interests: ['astronomy', 'sleep'],
        ageMin: 3,
        ageMax: 99,
        relationships: ['child', 'sibling', 'friend'],
        occasions: ['birthday', 'christmas', 'just-because'],
      },
      {
        id: 'hiking-daypack',
        title: 'Lightweight hiking daypack',
        description: 'A 20-litre packable daypack.',
        price: 60,
        categories: ['outdoors'],
        interests: ['hiking', 'travel'],
        ageMin: 12,
        ageMax: 80,
        relationships: ['sibling', 'friend', 'partner', 'child'],
        occasions: ['birthday', 'graduation'],
      },
    ]),
  );
  return { dataDir: join(dir, 'data'), env: { GIFTGEN_SEED_FILE: seed } };
}

/**
 * Start a server that logs `{"event":"listening","url":…}` on stderr; resolve with its URL.
 */
export async function startHttpServer(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 15 s: ${stderr}`)), 15_000);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr += chunk;
      for (const line of stderr.split('\n')) {
        try {
          const event = JSON.parse(line) as { event?: string; url?: string };
          if (event.event === 'listening' && event.url) {
            clearTimeout(timer);
            resolve(event.url.endsWith('/mcp') ? event.url : `${event.url.replace(/\/$/, '')}/mcp`);
          }
        } catch {
          // not a JSON line
        }
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Builds hand-written transcripts for the pure check tests. */
export class TranscriptBuilder {
  private events: WireEvent[] = [];
  private exchanges: Exchange[] = [];
  private connections: ConnectionInfo[] = [];
  private clock = 0;
  private nextId = 1;

  constructor(
    private transport: TransportKind = 'stdio',
    private eras: Array<'legacy' | 'modern'> = ['legacy', 'modern'],
  ) {}

  conn(id: string, purpose: ConnectionInfo['purpose'], era: 'legacy' | 'modern' = 'legacy', version?: string): string {
    this.connections.push({ id, purpose, era, ...(version && { version }) });
    return id;
  }

  event(conn: string, e: Omit<WireEvent, 'seq' | 'at' | 'conn'>): number {
    const seq = this.events.length;
    this.events.push({ seq, at: (this.clock += 1), conn, ...e });
    return seq;
  }

  inbound(conn: string, message: unknown): number {
    return this.event(conn, { dir: 'in', kind: 'message', message });
  }

  outbound(conn: string, message: unknown): number {
    return this.event(conn, { dir: 'out', kind: 'message', message });
  }

  /** A request and its answer. `reply` is the whole response message, or an outcome without one. */
  request(
    conn: string,
    method: string,
    params: unknown,
    reply: Record<string, unknown> | 'timeout' | 'closed',
    options: { label?: string; raw?: Record<string, unknown>; httpStatus?: number } = {},
  ): this {
    const message = options.raw ?? {
      jsonrpc: '2.0',
      id: this.nextId++,
      method,
      ...(params !== undefined && { params }),
    };
    const sentSeq = this.outbound(conn, message);
    const x: Exchange = {
      conn,
      id: message.id as number,
      method,
      sentSeq,
      outcome: 'timeout',
      ms: 5,
      ...(options.label && { label: options.label }),
      ...(options.httpStatus && { httpStatus: options.httpStatus }),
    };
    if (typeof reply === 'object') {
      x.replySeq = this.inbound(conn, reply);
      x.outcome = 'reply';
    } else x.outcome = reply;
    this.exchanges.push(x);
    return this;
  }

  /** Answer with `result` echoing the id of the request about to be sent. */
  ok(conn: string, method: string, params: unknown, result: unknown, label?: string): this {
    return this.request(conn, method, params, { jsonrpc: '2.0', id: this.nextId, result }, { label });
  }

  err(conn: string, method: string, params: unknown, code: number, label?: string, data?: unknown): this {
    return this.request(
      conn,
      method,
      params,
      { jsonrpc: '2.0', id: this.nextId, error: { code, message: 'x', ...(data !== undefined && { data }) } },
      { label },
    );
  }

  build(): Transcript {
    return {
      format: 'mcp-handshake/transcript@1',
      target: 'test',
      transport: this.transport,
      startedAt: new Date(0).toISOString(),
      durationMs: this.clock,
      options: { timeoutMs: 1000, driftWindowMs: 100, eras: this.eras },
      connections: this.connections,
      events: this.events,
      exchanges: this.exchanges,
    };
  }
}

export const CAPS = {
  tools: { listChanged: true },
  resources: { subscribe: true },
  prompts: {},
  logging: {},
  completions: {},
};
export const INIT_RESULT = (version = '2025-11-25', capabilities: Record<string, unknown> = CAPS) => ({
  protocolVersion: version,
  capabilities,
  serverInfo: { name: 's', version: '1' },
});

/** A healthy legacy main session: handshake, listings, probes. */
export function healthyMain(
  b: TranscriptBuilder,
  options: { tools?: unknown[]; tools2?: unknown[]; capabilities?: Record<string, unknown> } = {},
): string {
  const c = b.conn('legacy', 'main', 'legacy', '2025-11-25');
  b.ok(c, 'initialize', {}, INIT_RESULT('2025-11-25', options.capabilities ?? CAPS), 'initialize');
  b.outbound(c, { jsonrpc: '2.0', method: 'notifications/initialized' });
  const tools = options.tools ?? [
    { name: 'echo', inputSchema: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } },
  ];
  b.ok(c, 'tools/list', undefined, { tools }, 'list-1');
  b.ok(c, 'resources/list', undefined, { resources: [{ uri: 'x://1', name: '1' }] }, 'list-1');
  b.ok(c, 'prompts/list', undefined, { prompts: [] }, 'list-1');
  b.ok(c, 'logging/setLevel', { level: 'warning' }, {}, 'probe:logging');
  b.ok(c, 'completion/complete', {}, { completion: { values: [] } }, 'probe:completions');
  b.ok(c, 'resources/subscribe', { uri: 'x://1' }, {}, 'probe:subscribe');
  b.err(c, 'mcp-handshake/no-such-method', {}, -32601, 'unknown-method');
  b.ok(c, 'tools/list', undefined, { tools: options.tools2 ?? tools }, 'list-2');
  return c;
}
