import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpCli, waitFor, type RunningServer } from './harness.js';
import { createTestDatabase, probePostgres, type TestDatabase } from './pg-harness.js';

/**
 * The catalog store goes away and comes back. A real Postgres sits behind a TCP relay
 * the test can cut, so the server meets real refused and dropped connections, without
 * stopping the Postgres that other test files share.
 */
const probe = await probePostgres();
if (!probe.ok) console.log(`SKIPPED store-outage: ${probe.reason}`);

class Relay {
  private server?: Server;
  private sockets = new Set<Socket>();
  constructor(private readonly target: { host: string; port: number }, public port = 0) {}
  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server!.address() as AddressInfo).port;
  }
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

describe.skipIf(!probe.ok)('catalog store outage (Postgres)', () => {
  let db: TestDatabase;
  let relay: Relay;
  let server: RunningServer;
  beforeAll(async () => {
    db = await createTestDatabase();
    const u = new URL(db.url);
    relay = new Relay({ host: u.hostname, port: Number(u.port || 5432) });
    await relay.open();
    u.hostname = '127.0.0.1';
    u.port = String(relay.port);
    server = await startHttpCli({ env: { DATABASE_URL: u.toString() } });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await relay?.cut().catch(() => undefined);
    await db?.drop();
  });

  const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
  const call = async (name: string, args: Record<string, unknown>) => {
    const r = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args, _meta: META } }),
    });
    return (await r.json()).result as { isError?: boolean; content: Array<{ text: string }>; structuredContent?: Record<string, unknown> };
  };
  const health = async () => {
    const r = await fetch(new URL('/healthz', server.url));
    return { status: r.status, body: await r.json() };
  };

  it('answers a clear, retryable error while the store is gone, keeps ranking from memory, and recovers by itself', async () => {
    expect((await call('get_gift', { id: 'acoustic-guitar' })).isError).toBeFalsy();
    await relay.cut();

    const during = await call('get_gift', { id: 'acoustic-guitar' });
    expect(during.isError).toBe(true);
    expect(during.content[0]!.text).toBe('The gift catalog is temporarily unavailable; please try again shortly.');
    expect(during.content[0]!.text).not.toMatch(/127\.0\.0\.1|ECONN|postgres/i);
    expect(await health()).toMatchObject({ status: 503, body: { status: 'degraded', catalog: { error: 'unavailable' } } });
    // Ranking works from the in-memory snapshot meanwhile.
    const suggest = await call('suggest_gifts', { age: 30, relationship: 'friend', budget: 50 });
    expect(suggest.isError).toBeFalsy();
    expect((suggest.structuredContent!.gifts as unknown[]).length).toBeGreaterThan(0);
    expect(server.stderr()).toContain('"event":"catalog_unavailable"');

    await relay.open(); // same port: the database is back
    await waitFor('recovery', async () => ((await call('get_gift', { id: 'acoustic-guitar' })).isError ? undefined : true), 20_000);
    expect((await health()).status).toBe(200);
  }, 60_000);
});
