import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { CHANGE_NOTIFICATIONS, connectClient, onNotification, type Wire, wireName } from './clients.js';
import { MODERN_VERSION, type RunningServer, runCli, startHttpCli, tempDir, waitFor } from './harness.js';

/**
 * One catalog, one tool configuration, many lanes: a change made by another process
 * (`gift-genius catalog import`, an edit of the tools file) must reach every client on a
 * lane that declared it — and nothing may reach a lane that did not.
 */
const catalog = loadBundledCatalog();
const watched = catalog[0]!;
const unwatched = catalog[1]!;
const data = tempDir();
const toolsFile = join(data.path, 'tools.json');
const importFile = join(data.path, 'change.json');
writeFileSync(toolsFile, JSON.stringify({ tools: { suggest_gifts: { enabled: true }, get_gift: { enabled: true } } }));

let sessions: RunningServer;
let stateless: RunningServer;

type Received = { method: string; uri?: string }[];

async function connectRecording(wire: Wire, target: Parameters<typeof connectClient>[1]) {
  const conn = await connectClient(wire, target);
  const received: Received = [];
  for (const method of CHANGE_NOTIFICATIONS) {
    onNotification(conn, method, (params) => received.push({ method, ...(params?.uri && { uri: params.uri }) }));
  }
  const caps = conn.client.getServerCapabilities()!;
  if (wire.kind === 'v2' && wire.version === MODERN_VERSION) {
    const sub = await conn.client.listen({
      toolsListChanged: true,
      resourcesListChanged: true,
      resourceSubscriptions: [`gift://catalog/${watched.id}`],
    });
    return { ...conn, caps, received, close: async () => (await sub.close(), await conn.close()) };
  }
  if (caps.resources?.subscribe) await conn.client.subscribeResource({ uri: `gift://catalog/${watched.id}` });
  return { ...conn, caps, received };
}

beforeAll(async () => {
  const args = ['--tools-config', toolsFile];
  sessions = await startHttpCli({ dataDir: data.path, args });
  stateless = await startHttpCli({ dataDir: data.path, args: [...args, '--legacy-http', 'stateless'] });
});
afterAll(async () => {
  await sessions?.stop();
  await stateless?.stop();
  data.remove();
});

describe('notifications reach every lane that declares them', () => {
  it('catalog import and tool config change, seen on stdio, legacy sessions and modern listen; none on stateless HTTP', async () => {
    const live: Array<{ name: string; wire: Wire; target: Parameters<typeof connectClient>[1] }> = [
      {
        name: 'http legacy session 2025-11-25',
        wire: { kind: 'v2', version: '2025-11-25' },
        target: { transport: 'http', url: sessions.url },
      },
      {
        name: 'http legacy session 2025-03-26',
        wire: { kind: 'v2', version: '2025-03-26' },
        target: { transport: 'http', url: sessions.url },
      },
      { name: 'http sdk-v1', wire: { kind: 'v1' }, target: { transport: 'http', url: sessions.url } },
      {
        name: 'http modern listen',
        wire: { kind: 'v2', version: MODERN_VERSION },
        target: { transport: 'http', url: sessions.url },
      },
      {
        name: 'stdio legacy 2025-06-18',
        wire: { kind: 'v2', version: '2025-06-18' },
        target: { transport: 'stdio', dataDir: data.path, env: { GIFTGEN_TOOLS_CONFIG: toolsFile } },
      },
      {
        name: 'stdio modern listen',
        wire: { kind: 'v2', version: MODERN_VERSION },
        target: { transport: 'stdio', dataDir: data.path, env: { GIFTGEN_TOOLS_CONFIG: toolsFile } },
      },
    ];
    const clients = await Promise.all(live.map(async (l) => ({ ...l, ...(await connectRecording(l.wire, l.target)) })));
    const quiet = await connectRecording(
      { kind: 'v2', version: '2025-11-25' },
      { transport: 'http', url: stateless.url },
    );
    try {
      for (const c of clients) {
        expect(c.caps.tools?.listChanged, c.name).toBe(true);
        expect(c.caps.resources?.listChanged, c.name).toBe(true);
        expect(c.caps.resources?.subscribe, c.name).toBe(true);
        expect(c.caps.prompts?.listChanged, c.name).toBe(false);
      }
      expect(quiet.caps.tools?.listChanged).toBe(false);
      expect(quiet.caps.resources?.listChanged).toBe(false);
      expect(quiet.caps.resources?.subscribe).toBe(false);
      expect(quiet.caps.logging).toBeUndefined();

      // Another process changes two gifts and adds one.
      const added = { ...watched, id: 'brand-new-test-gift', title: 'Brand new test gift' };
      writeFileSync(
        importFile,
        JSON.stringify([{ ...watched, price: watched.price + 1 }, { ...unwatched, price: unwatched.price + 1 }, added]),
      );
      const imported = await runCli(['catalog', 'import', importFile, '--data', data.path]);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stdout).toContain('1 added, 2 updated');

      for (const c of clients) {
        await waitFor(`${c.name}: resources/list_changed`, () =>
          c.received.some((r) => r.method === 'notifications/resources/list_changed'),
        );
        await waitFor(`${c.name}: resources/updated`, () =>
          c.received.some((r) => r.method === 'notifications/resources/updated'),
        );
        const updated = c.received.filter((r) => r.method === 'notifications/resources/updated').map((r) => r.uri);
        // Only the subscribed resource, never the other changed one.
        expect(new Set(updated), c.name).toEqual(new Set([`gift://catalog/${watched.id}`]));
      }

      // The tools file changes: get_gift is switched off.
      writeFileSync(
        toolsFile,
        JSON.stringify({ tools: { suggest_gifts: { enabled: true }, get_gift: { enabled: false } } }),
      );
      for (const c of clients) {
        await waitFor(`${c.name}: tools/list_changed`, () =>
          c.received.some((r) => r.method === 'notifications/tools/list_changed'),
        );
        const tools = await c.client.listTools(
          undefined,
          ...(c.wire.kind === 'v2' ? [{ cacheMode: 'refresh' as const }] : []),
        );
        expect(
          tools.tools.map((t) => t.name),
          c.name,
        ).toEqual(['suggest_gifts']);
      }
      // The stateless lane declared nothing to push, so nothing arrives there.
      await new Promise((r) => setTimeout(r, 800));
      expect(quiet.received).toEqual([]);
      for (const c of clients)
        expect(
          c.received.some((r) => r.method === 'notifications/prompts/list_changed'),
          c.name,
        ).toBe(false);
    } finally {
      await Promise.all([...clients.map((c) => c.close()), quiet.close()]);
    }
  });
});

describe('lane names for reports', () => {
  it.each([
    [{ kind: 'v1' } as Wire, 'sdk-v1'],
    [{ kind: 'v2', version: '2025-11-25' } as Wire, 'sdk-v2@2025-11-25'],
  ])('%o is %s', (wire, name) => expect(wireName(wire)).toBe(name));
});
