import { once } from 'node:events';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { MODERN_VERSION, type RunningServer, runCli, startHttpCli, tempDir, waitFor } from './harness.js';
import { createTestDatabase, probePostgres, type TestDatabase } from './pg-harness.js';

/**
 * Two gift-genius processes on one Postgres behind a small balancer, as in
 * docs/many-instances.md: modern (2026-07-28) requests go round-robin — any instance
 * answers — and 2025-era sessions stick to the instance that created them, learnt from
 * the `Mcp-Session-Id` response header (HAProxy's `stick store-response`).
 */
const probe = await probePostgres();
const catalog = loadBundledCatalog();
const watched = catalog[0]!;
const watchedUri = `gift://catalog/${watched.id}`;

// ---------------------------------------------------------------------------------------
// The balancer: node:http on 127.0.0.1, streaming both ways.

interface Backend {
  name: string;
  url: URL;
  up: boolean;
}
interface Routed {
  method: string;
  rpc?: string;
  session?: string;
  backend: string;
  status?: number;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
]);
const endToEnd = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP_BY_HOP.has(k)));

function startBalancer(backends: Backend[]) {
  let next = 0;
  const sticky = new Map<string, Backend>();
  const log: Routed[] = [];
  const roundRobin = () => {
    for (let i = 0; i < backends.length; i++) {
      const b = backends[next++ % backends.length]!;
      if (b.up) return b;
    }
    return undefined;
  };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const session = typeof req.headers['mcp-session-id'] === 'string' ? req.headers['mcp-session-id'] : undefined;
    let rpc: string | undefined;
    try {
      rpc = (JSON.parse(body.toString()) as { method?: string }).method;
    } catch {
      /* GET, DELETE or not JSON */
    }
    // Sticky by session; a session whose instance is down is redispatched (the instance
    // that gets it answers 404, and the client starts a new session).
    const stuck = session ? sticky.get(session) : undefined;
    let target = stuck?.up ? stuck : roundRobin();
    for (let attempt = 0; target && attempt < backends.length; attempt++) {
      const backend = target;
      const entry: Routed = { method: req.method!, rpc, session, backend: backend.name };
      const connected = await new Promise<boolean>((resolve) => {
        const upstream = httpRequest(
          {
            host: backend.url.hostname,
            port: backend.url.port,
            path: req.url,
            method: req.method,
            headers: { ...endToEnd(req.headers), host: backend.url.host },
          },
          (response) => {
            entry.status = response.statusCode;
            log.push(entry);
            const sid = response.headers['mcp-session-id'];
            if (!session && typeof sid === 'string') sticky.set(sid, backend); // learn, like `stick store-response`
            res.writeHead(response.statusCode!, endToEnd(response.headers));
            res.flushHeaders();
            response.pipe(res);
            response.on('error', () => res.destroy());
            response.on('aborted', () => res.destroy());
            resolve(true);
          },
        );
        res.on('close', () => upstream.destroy());
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (!entry.status && ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(error.code ?? '')) {
            backend.up = false; // passive health check: take it out of the rotation
            resolve(false);
          } else res.destroy();
        });
        upstream.end(body);
      });
      if (connected) return;
      target = roundRobin();
    }
    res.writeHead(502, { 'content-type': 'text/plain' }).end('no instance is up');
  });
  return {
    server,
    log,
    sticky,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------------------------------
// Clients that record what the server tells them unasked.

type Heard = { method: string; uri?: string }[];
const CHANGES = [
  'notifications/resources/list_changed',
  'notifications/resources/updated',
  'notifications/tools/list_changed',
] as const;

function recording(client: Client): Heard {
  const heard: Heard = [];
  for (const method of CHANGES) {
    client.setNotificationHandler(method, (n: { params?: unknown }) =>
      heard.push({ method, ...((n.params as { uri?: string })?.uri && { uri: (n.params as { uri: string }).uri }) }),
    );
  }
  return heard;
}

async function modernListener(url: string, name: string) {
  const client = new Client({ name, version: '1.0.0' }, { versionNegotiation: { mode: { pin: MODERN_VERSION } } });
  const heard = recording(client);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const sub = await client.listen({ resourcesListChanged: true, resourceSubscriptions: [watchedUri] });
  return {
    name,
    client,
    heard,
    close: async () => {
      await sub.close().catch(() => undefined);
      await client.close().catch(() => undefined);
    },
  };
}

async function legacySession(url: string, name: string) {
  const client = new Client({ name, version: '1.0.0' }, { supportedProtocolVersions: ['2025-11-25'] });
  const heard = recording(client);
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  await client.subscribeResource({ uri: watchedUri });
  return { name, client, heard, sessionId: transport.sessionId!, close: () => client.close().catch(() => undefined) };
}

const count = (heard: Heard, method: string, uri?: string) =>
  heard.filter((h) => h.method === method && (uri === undefined || h.uri === uri)).length;

// ---------------------------------------------------------------------------------------

if (!probe.ok) {
  console.warn(`SKIPPED multi-instance tests: ${probe.reason}`);
  describe(`many instances on one Postgres — SKIPPED: ${probe.reason}`, () => {
    it.skip('needs Postgres', () => undefined);
  });
} else {
  describe('many instances on one Postgres behind a balancer', () => {
    let db: TestDatabase;
    let a: RunningServer;
    let b: RunningServer;
    let backends: Backend[];
    let balancer: ReturnType<typeof startBalancer>;
    let proxyUrl: string;
    const files = tempDir();
    const closers: Array<() => Promise<unknown>> = [];

    const importFile = async (name: string, gifts: unknown[]) => {
      const file = join(files.path, name);
      writeFileSync(file, JSON.stringify(gifts));
      // A third process, as an operator would run it: it reaches the instances only through Postgres.
      const result = await runCli(['catalog', 'import', file, '--data', files.path], { DATABASE_URL: db.url });
      expect(result.code, result.stderr).toBe(0);
      return result;
    };

    beforeAll(async () => {
      db = await createTestDatabase();
      // Both start at once on an empty database: migrations and the first seed must not race.
      [a, b] = await Promise.all([
        startHttpCli({ env: { DATABASE_URL: db.url } }),
        startHttpCli({ env: { DATABASE_URL: db.url } }),
      ]);
      backends = [
        { name: 'A', url: new URL(a.url), up: true },
        { name: 'B', url: new URL(b.url), up: true },
      ];
      balancer = startBalancer(backends);
      proxyUrl = await balancer.listen();
    });

    afterAll(async () => {
      for (const close of closers.reverse()) await close();
      await balancer?.close();
      // harness stop() waits for an exit; a process killed by a signal has had it already.
      await Promise.all(
        [a, b].map((s) =>
          s && s.child.signalCode === null && s.child.exitCode === null
            ? s.stop()
            : rmSync(s?.dataDir ?? '', { recursive: true, force: true }),
        ),
      );
      await db?.drop();
      files.remove();
    });

    it('both instances start on one database: migrated and seeded once, same catalog and revision', async () => {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM changes');
      expect(rows[0]!.n).toBe(catalog.length);
      const health = await Promise.all([a, b].map(async (s) => (await fetch(new URL('/healthz', s.url))).json()));
      for (const h of health)
        expect(h.catalog).toEqual({ store: 'postgres', items: catalog.length, revision: catalog.length });
      // Each instance holds a LISTEN connection, so NOTIFY wakes it without waiting for a poll.
      const listening = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'gift-genius-listen' AND datname = current_database()`,
      );
      expect(listening.rows[0]!.n).toBe(2);
    });

    it('modern requests are stateless: the balancer spreads them over both instances and each answers', async () => {
      const client = new Client(
        { name: 'modern-rr', version: '1.0.0' },
        { versionNegotiation: { mode: { pin: MODERN_VERSION } } },
      );
      await client.connect(new StreamableHTTPClientTransport(new URL(proxyUrl)));
      closers.push(() => client.close());
      const mark = balancer.log.length;
      for (let i = 0; i < 6; i++) {
        const tools = await client.listTools();
        expect(tools.tools.map((t) => t.name)).toContain('suggest_gifts');
        const gift = await client.readResource({ uri: watchedUri });
        expect(JSON.stringify(gift.contents)).toContain(watched.title);
      }
      const served = balancer.log.slice(mark);
      expect(new Set(served.map((r) => r.backend))).toEqual(new Set(['A', 'B']));
      expect(served.every((r) => r.status === 200)).toBe(true);
    });

    it('an import by another process reaches subscribed clients on every instance, exactly once', async () => {
      const mark = balancer.log.length;
      const listeners = await Promise.all([
        modernListener(proxyUrl, 'modern via balancer'),
        modernListener(a.url, 'modern on A'),
        modernListener(b.url, 'modern on B'),
      ]);
      const legacy = await legacySession(proxyUrl, 'legacy session via balancer');
      const clients = [...listeners, legacy];
      closers.push(...clients.map((c) => c.close));
      const listenedOn = balancer.log.slice(mark).find((r) => r.rpc === 'subscriptions/listen')?.backend;
      expect(listenedOn).toMatch(/^[AB]$/);

      const added = { ...watched, id: 'multi-instance-new-gift', title: 'Added on another process' };
      const result = await importFile('change.json', [
        { ...watched, price: watched.price + 1 },
        { ...catalog[1]!, price: catalog[1]!.price + 1 },
        added,
      ]);
      expect(result.stdout).toContain('1 added, 2 updated');

      for (const c of clients) {
        await waitFor(
          `${c.name}: resources/list_changed`,
          () => count(c.heard, 'notifications/resources/list_changed') > 0,
        );
        await waitFor(`${c.name}: resources/updated`, () => count(c.heard, 'notifications/resources/updated') > 0);
      }
      // Enough for a duplicate to show up (poll interval is 300 ms; NOTIFY and poll both fire).
      await new Promise((r) => setTimeout(r, 1000));
      for (const c of clients) {
        expect(count(c.heard, 'notifications/resources/list_changed'), c.name).toBe(1);
        expect(count(c.heard, 'notifications/resources/updated', watchedUri), c.name).toBe(1);
        expect(count(c.heard, 'notifications/resources/updated'), `${c.name}: only the subscribed resource`).toBe(1);
      }
      // Both instances serve the new record.
      for (const s of [a, b]) {
        const h = await (await fetch(new URL('/healthz', s.url))).json();
        expect(h.catalog.items).toBe(catalog.length + 1);
      }
      const reread = await legacy.client.readResource({ uri: `gift://catalog/${added.id}` });
      expect(JSON.stringify(reread.contents)).toContain('Added on another process');
    });

    it('a legacy session keeps working through the sticky balancer, and only its own instance knows it', async () => {
      const legacy = await legacySession(proxyUrl, 'legacy sticky');
      closers.push(legacy.close);
      for (let i = 0; i < 6; i++) {
        const tools = await legacy.client.listTools();
        expect(tools.tools.length).toBeGreaterThan(0);
        await legacy.client.callTool({ name: 'get_gift', arguments: { id: watched.id } });
      }
      const routed = balancer.log.filter((r) => r.session === legacy.sessionId);
      expect(routed.length).toBeGreaterThanOrEqual(12);
      const home = balancer.sticky.get(legacy.sessionId)!.name;
      expect(new Set(routed.map((r) => r.backend))).toEqual(new Set([home]));
      expect(routed.every((r) => r.status === 200 || r.status === 202)).toBe(true);
      // Why the balancer must stick: the other instance has never heard of the session.
      const other = home === 'A' ? b : a;
      const stray = await fetch(other.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': legacy.sessionId,
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(stray.status).toBe(404);
    });

    it('when one instance dies, the other keeps serving its clients; a session of the dead one gets 404 and re-initializes', async () => {
      // A legacy session on each instance (the balancer alternates, but other traffic interleaves).
      const sessions: Awaited<ReturnType<typeof legacySession>>[] = [];
      for (let i = 0; i < 8 && new Set(sessions.map((s) => balancer.sticky.get(s.sessionId)!.name)).size < 2; i++) {
        const s = await legacySession(proxyUrl, `legacy ${i}`);
        closers.push(s.close);
        sessions.push(s);
      }
      const onA = sessions.find((s) => balancer.sticky.get(s.sessionId)!.name === 'A')!;
      const onB = sessions.find((s) => balancer.sticky.get(s.sessionId)!.name === 'B')!;
      expect(onA && onB).toBeTruthy();
      const listenerOnB = await modernListener(b.url, 'modern on B (survivor)');
      closers.push(listenerOnB.close);

      a.child.kill('SIGKILL'); // a crash, not a graceful stop
      await once(a.child, 'exit');

      // B's clients keep working: requests, and change notifications.
      expect((await onB.client.listTools()).tools.length).toBeGreaterThan(0);
      await importFile('after-crash.json', [{ ...watched, price: watched.price + 2 }]);
      await waitFor(
        'the surviving legacy session to hear the change',
        () => count(onB.heard, 'notifications/resources/updated', watchedUri) > 0,
      );
      await waitFor(
        'the surviving modern listener to hear the change',
        () => count(listenerOnB.heard, 'notifications/resources/updated', watchedUri) > 0,
      );

      // Modern clients through the balancer do not notice: A is taken out of rotation.
      const modern = new Client(
        { name: 'modern-after-crash', version: '1.0.0' },
        { versionNegotiation: { mode: { pin: MODERN_VERSION } } },
      );
      await modern.connect(new StreamableHTTPClientTransport(new URL(proxyUrl)));
      closers.push(() => modern.close());
      for (let i = 0; i < 4; i++) expect((await modern.listTools()).tools.length).toBeGreaterThan(0);
      expect(backends.find((x) => x.name === 'A')!.up).toBe(false);

      // The session A held is gone: the spec's 404, then the client starts over on B.
      const mark = balancer.log.length;
      await expect(onA.client.listTools()).rejects.toThrow(/404|not found/i);
      expect(
        balancer.log.slice(mark).some((r) => r.session === onA.sessionId && r.backend === 'B' && r.status === 404),
      ).toBe(true);
      const again = await legacySession(proxyUrl, 'legacy re-initialized');
      closers.push(again.close);
      expect(balancer.sticky.get(again.sessionId)!.name).toBe('B');
      expect((await again.client.listTools()).tools.length).toBeGreaterThan(0);
    });
  });
}
