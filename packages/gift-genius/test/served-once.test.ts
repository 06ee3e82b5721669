import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GiftGenApp } from '../dist/app.js';
import { loadBundledCatalog, openCatalog } from '../dist/catalog/open.js';
import { DEFAULT_HTTP_OPTIONS, startHttpServer } from '../dist/http/server.js';
import { TABLE, type TableEntry } from '../dist/http/table.js';
import { ServerMetrics } from '../dist/observe/metrics.js';
import { MODERN_VERSION, type RunningServer, runCli, startHttpCli, tempDir, waitFor } from './harness.js';

/**
 * The table's kept answers (src/http/table.ts, kept.ts): the start-up check (sdk-check.ts) disables an
 * entry that stops matching the SDK, and a catalog import or a tool configuration change reaches the
 * kept answers as it reaches the SDK path.
 */
type Obj = Record<string, unknown>;
const ids = loadBundledCatalog().map((g) => g.id);
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
};

async function modern(url: string, method: string, params: Obj, extraHeaders: Record<string, string> = {}) {
  const name = method === 'resources/read' ? params.uri : method === 'prompts/get' ? params.name : undefined;
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN_VERSION,
      'mcp-method': method,
      ...(typeof name === 'string' && { 'mcp-name': name }),
      ...extraHeaders,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: META } }),
  });
  return (await response.json()) as { result?: Obj; error?: Obj };
}

async function servedOnce(url: string, method: string): Promise<number> {
  const text = await (await fetch(new URL('/metrics', url))).text();
  const m = new RegExp(`giftgen_fast_method_requests_total\\{method="${method}",path="served_once"\\} (\\d+)`).exec(
    text,
  );
  return Number(m?.[1] ?? 0);
}

describe('start-up check: a table entry that differs from the SDK is disabled', () => {
  const data = tempDir();
  const lines: string[] = [];
  let app: GiftGenApp;
  let server: Awaited<ReturnType<typeof startHttpServer>>;
  beforeAll(async () => {
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    app = new GiftGenApp({ store: await openCatalog(data.path), log });
    await app.start();
    // Deliberately broken: resources/read keyed without its URI, tools/list without the client's capabilities.
    const broken: TableEntry[] = TABLE.map((e) =>
      e.method === 'resources/read'
        ? { ...e, paramsKey: () => '' }
        : e.method === 'tools/list'
          ? { ...e, capabilitiesKey: () => '' }
          : e,
    );
    server = await startHttpServer(app, new ServerMetrics(), { ...DEFAULT_HTTP_OPTIONS, port: 0 }, { table: broken });
  });
  afterAll(async () => {
    await server?.close();
    await app?.close();
    data.remove();
  });

  it('warns naming each broken method, serves those through the SDK, the others still served once', async () => {
    const warned = lines
      .map((l) => JSON.parse(l) as Obj)
      .filter((l) => l.event === 'fast_method_disabled')
      .map((l) => l.method);
    expect(new Set(warned)).toEqual(new Set(['resources/read', 'tools/list']));
    for (const [method, params] of [
      ['tools/list', {}],
      ['resources/read', { uri: `gift://catalog/${ids[0]}` }],
    ] as const) {
      const answer = await modern(server.url, method, params);
      expect(answer.result, method).toBeDefined();
      expect(await servedOnce(server.url, method), method).toBe(0);
    }
    // The two reads stay apart (the broken key would have served the first gift for both on a legacy session).
    const second = await modern(server.url, 'resources/read', { uri: `gift://catalog/${ids[1]}` });
    expect(JSON.stringify(second.result)).toContain(ids[1]);
    expect((await modern(server.url, 'prompts/list', {})).result).toBeDefined();
    expect(await servedOnce(server.url, 'prompts/list')).toBe(1);
  });

  it('the shipped table passes its own check', async () => {
    const ok = tempDir();
    const quiet: string[] = [];
    const app2 = new GiftGenApp({
      store: await openCatalog(ok.path),
      log: pino({}, { write: (l: string) => void quiet.push(l) }),
    });
    await app2.start();
    const s = await startHttpServer(app2, new ServerMetrics(), {
      ...DEFAULT_HTTP_OPTIONS,
      port: 0,
      legacyHttp: 'stateless',
    });
    try {
      expect(quiet.filter((l) => l.includes('fast_method_disabled'))).toEqual([]);
    } finally {
      await s.close();
      await app2.close();
      ok.remove();
    }
  });
});

describe('start-up check: tool calls too, and the SDK version', () => {
  const started: Array<{ close: () => Promise<unknown> }> = [];
  afterAll(async () => {
    for (const s of started.reverse()) await s.close();
  });
  async function startWith(internals: Parameters<typeof startHttpServer>[3]) {
    const data = tempDir();
    const lines: string[] = [];
    const app = new GiftGenApp({
      store: await openCatalog(data.path),
      log: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
    });
    await app.start();
    const server = await startHttpServer(app, new ServerMetrics(), { ...DEFAULT_HTTP_OPTIONS, port: 0 }, internals);
    started.push({ close: async () => (await server.close(), await app.close(), data.remove()) });
    const disabled = () =>
      lines
        .map((l) => JSON.parse(l) as Obj)
        .filter((l) => l.event === 'fast_method_disabled')
        .map((l) => [l.method, l.reason]);
    return { server, disabled };
  }

  it('a tools/call entry whose answer differs from the SDK (here: every get_gift answers the first gift) is switched off, and the SDK answers the calls', async () => {
    const broken: TableEntry[] = TABLE.map((e) =>
      e.method === 'tools/call'
        ? {
            ...e,
            // Answers get_gift for every id: what the SDK answers for the canned missing one differs.
            call: (app, request) =>
              e.call!(app, { ...request, params: { ...request.params, arguments: { id: app.giftIds[0]! } } }),
          }
        : e,
    );
    const { server, disabled } = await startWith({ table: broken });
    expect(disabled()).toEqual([['tools/call', 'answers differ from the SDK']]);
    const answer = await modern(
      server.url,
      'tools/call',
      { name: 'get_gift', arguments: { id: ids[0] } },
      { 'mcp-name': 'get_gift' },
    );
    expect(answer.result?.resultType).toBe('complete');
    const metrics = await (await fetch(new URL('/metrics', server.url))).text();
    expect(metrics).not.toMatch(/giftgen_tool_calls_total\{path="direct"\} [1-9]/);
  });

  it('an installed SDK other than the one the table was checked against switches every entry off, one warning each', async () => {
    const { server, disabled } = await startWith({ installedSdkVersion: '2.5.0' });
    const warned = disabled();
    expect(warned.map(([method]) => method).sort()).toEqual(TABLE.map((e) => e.method).sort());
    for (const [, reason] of warned)
      expect(reason).toBe('installed @modelcontextprotocol/server 2.5.0, table checked against 2.4.0');
    expect((await modern(server.url, 'tools/list', {})).result).toBeDefined();
    expect(await servedOnce(server.url, 'tools/list')).toBe(0);
  });
});

describe('a catalog import or a tools-config change reaches the kept answers', () => {
  const data = tempDir();
  const toolsFile = join(data.path, 'tools.json');
  let server: RunningServer;
  beforeAll(async () => {
    writeFileSync(
      toolsFile,
      JSON.stringify({ tools: { suggest_gifts: { enabled: true }, get_gift: { enabled: true } } }),
    );
    server = await startHttpCli({ dataDir: data.path, args: ['--tools-config', toolsFile] });
  });
  afterAll(async () => {
    await server?.stop();
    data.remove();
  });

  // The same server's SDK path: a browser-style request (an Origin) never takes the fast path.
  const viaSdk = { origin: 'http://localhost' };
  const same = async (method: string, params: Obj) => {
    const [fast, sdk] = await Promise.all([
      modern(server.url, method, params),
      modern(server.url, method, params, viaSdk),
    ]);
    return isDeepStrictEqual(fast, sdk) ? fast : undefined;
  };

  it('resources/list, resources/read and tools/list follow the change on the fast path', async () => {
    const uri = `gift://catalog/${ids[0]}`;
    const before = {
      list: await same('resources/list', {}),
      read: await same('resources/read', { uri }),
      tools: await same('tools/list', {}),
    };
    expect(before.list && before.read && before.tools).toBeTruthy();
    const servedBefore = await servedOnce(server.url, 'resources/list');
    await same('resources/list', {});
    expect(await servedOnce(server.url, 'resources/list')).toBe(servedBefore + 1);

    const gift = loadBundledCatalog()[0]!;
    const importFile = join(data.path, 'import.json');
    writeFileSync(
      importFile,
      JSON.stringify([
        { ...gift, title: 'Renamed by the test' },
        { ...gift, id: 'aaa-first-new-gift', title: 'A new gift' },
      ]),
    );
    const imported = await runCli(['catalog', 'import', importFile, '--data', data.path]);
    expect(imported.code, imported.stderr).toBe(0);
    await waitFor('resources/list changed on both paths', async () => {
      const list = await same('resources/list', {});
      return list && JSON.stringify(list).includes('aaa-first-new-gift') ? list : undefined;
    });
    await waitFor('resources/read changed on both paths', async () => {
      const read = await same('resources/read', { uri });
      return read && JSON.stringify(read).includes('Renamed by the test') ? read : undefined;
    });

    writeFileSync(
      toolsFile,
      JSON.stringify({ tools: { suggest_gifts: { enabled: true }, get_gift: { enabled: false } } }),
    );
    const tools = await waitFor('tools/list changed on both paths', async () => {
      const list = await same('tools/list', {});
      return list && !JSON.stringify(list).includes('"get_gift"') ? list : undefined;
    });
    expect((tools.result!.tools as Obj[]).map((t) => t.name)).toEqual(['suggest_gifts']);
  });
});
