import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { rankGifts } from '../dist/recommend/rank.js';
import { connectClient, type Target, type Wire, wireName } from './clients.js';
import { LEGACY_VERSIONS, MODERN_VERSION, type RunningServer, startHttpCli, tempDir } from './harness.js';

/**
 * The MCP Apps surface without a browser: the ui:// widget resource, suggest_gifts'
 * UI link, the app-only tools, and what hosts with and without MCP Apps get.
 */
const MIME = 'text/html;profile=mcp-app';
const UI_CAPS = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [MIME] } } };
const URI = /^ui:\/\/gift-genius\/suggestions-[0-9a-f]{12}\.html$/;
const ARGS = { age: 25, relationship: 'sister', budget: 50, interests: ['coffee'] };
const catalog = loadBundledCatalog();

// biome-ignore lint/suspicious/noExplicitAny: test data of any shape, read field by field
type Meta = Record<string, any>;
type Listed = { name: string; _meta?: Meta };
type Suggestions = {
  gifts: Array<{ id: string; title: string; price: number; category: string; reason: string }>;
  matched: number;
  budget: number | null;
  acrossPriceRanges: boolean;
};

let http: RunningServer;
let stateless: RunningServer;
let configured: RunningServer;
const stdioData = tempDir();

beforeAll(async () => {
  [http, stateless, configured] = await Promise.all([
    startHttpCli(),
    startHttpCli({ args: ['--legacy-http', 'stateless'] }),
    startHttpCli({ env: { GIFTGEN_WIDGET_DOMAIN: 'gift-genius.example.com', GIFTGEN_APP_TOOLS: 'always' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([http?.stop(), stateless?.stop(), configured?.stop()]);
  stdioData.remove();
});

const WIRES: Wire[] = [
  ...LEGACY_VERSIONS.map((version) => ({ kind: 'v2' as const, version })),
  { kind: 'v2', version: MODERN_VERSION },
  { kind: 'v1' },
];
const targets = (): Array<[string, () => Target]> => [
  ['http', () => ({ transport: 'http', url: http.url })],
  ['stdio', () => ({ transport: 'stdio', dataDir: stdioData.path })],
];

async function firstResourcePage(conn: Awaited<ReturnType<typeof connectClient>>) {
  return conn.v1
    ? await conn.client.listResources({})
    : ((await conn.client.request({ method: 'resources/list', params: {} })) as {
        resources: Array<{ uri: string; mimeType?: string; _meta?: Meta }>;
      });
}

describe.each(targets())('MCP Apps host over %s', (_name, target) => {
  it.each(WIRES.map((w) => [wireName(w), w] as const))(
    '%s: widget resource, UI link, app-only tools',
    async (_n, wire) => {
      const conn = await connectClient(wire, target(), UI_CAPS);
      try {
        const { client } = conn;
        const tools = (await client.listTools()).tools as Listed[];
        expect(tools.map((t) => t.name)).toEqual(['suggest_gifts', 'get_gift', 'more_like_this', 'change_budget']);
        const suggest = tools[0]!;
        const uri = suggest._meta!.ui.resourceUri as string;
        expect(uri).toMatch(URI);
        expect(suggest._meta!['openai/outputTemplate']).toBe(uri);
        expect(tools[1]!._meta?.ui).toBeUndefined();
        for (const name of ['more_like_this', 'change_budget']) {
          const tool = tools.find((t) => t.name === name)!;
          expect(tool._meta!.ui.visibility).toEqual(['app']);
          expect(tool._meta!['openai/visibility']).toBe('private');
        }

        const page = await firstResourcePage(conn);
        const listed = page.resources.find((r) => r.uri === uri);
        expect(listed?.mimeType).toBe(MIME);
        expect(page.resources.filter((r) => r.uri.startsWith('gift://')).length).toBe(50);

        const read = await client.readResource({ uri });
        const content = read.contents[0] as { uri: string; mimeType: string; text: string; _meta: Meta };
        expect(content.uri).toBe(uri);
        expect(content.mimeType).toBe(MIME);
        expect(content._meta.ui.csp).toEqual({ connectDomains: [], resourceDomains: [] });
        expect(content._meta['openai/widgetCSP']).toEqual({ connect_domains: [], resource_domains: [] });
        expect(content._meta.ui.domain).toBeUndefined();
        expect(Buffer.byteLength(content.text)).toBeLessThan(50 * 1024);

        const result = await client.callTool({ name: 'suggest_gifts', arguments: ARGS });
        const data = (result._meta as Meta)['gift-genius/widget'];
        expect(data.query).toEqual({ age: 25, relationship: 'sister', budget: 50, interests: ['coffee'] });
        const first = (result.structuredContent as Suggestions).gifts;
        expect(first.length).toBe(5);

        // The widget's actions, as the host bridge relays them.
        const shown = first.map((g) => g.id);
        const seed = shown[0]!;
        const more = await client.callTool({ name: 'more_like_this', arguments: { ...ARGS, id: seed, shown } });
        expect(more.isError).toBeFalsy();
        expect((more._meta as Meta)['gift-genius/widget'].heading).toMatch(/^More like /);
        const cheaper = await client.callTool({ name: 'change_budget', arguments: { ...ARGS, budget: 20 } });
        expect((cheaper._meta as Meta)['gift-genius/widget'].query.budget).toBe(20);
        const moreIds = (more.structuredContent as Suggestions).gifts.map((g) => g.id);
        expect(moreIds.length).toBe(5);
        for (const id of moreIds) expect(shown).not.toContain(id);
        const prices = (cheaper.structuredContent as Suggestions).gifts.map((g) => g.price);
        expect(prices.length).toBe(5);
        for (const p of prices) expect(p).toBeLessThanOrEqual(20);
      } finally {
        await conn.close();
      }
    },
  );
});

describe('hosts without MCP Apps', () => {
  it.each(WIRES.map((w) => [wireName(w), w] as const))(
    '%s: same text answer and compact structuredContent; no app-only tools listed',
    async (_n, wire) => {
      const conn = await connectClient(wire, { transport: 'http', url: http.url });
      try {
        const { client } = conn;
        expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['suggest_gifts', 'get_gift']);
        expect((await firstResourcePage(conn)).resources.every((r) => r.uri.startsWith('gift://'))).toBe(true);

        const result = await client.callTool({ name: 'suggest_gifts', arguments: ARGS });
        const ranking = rankGifts(catalog, { ...ARGS, count: 5 });
        const text = (result.content as Array<{ type: string; text: string }>)[0]!.text;
        expect(text).toBe(
          // Issue 14: each line names the id (a host's model can call get_gift with it).
          [
            `Gift ideas for your sister (25), up to $50:`,
            ...ranking.gifts.map(
              (g, i) => `${i + 1}. ${g.gift.title} — $${g.gift.price} (id: ${g.gift.id}): ${g.reason}`,
            ),
          ].join('\n'),
        );
        expect(result.structuredContent).toEqual({
          gifts: ranking.gifts.map((g) => ({
            id: g.gift.id,
            title: g.gift.title,
            price: g.gift.price,
            category: g.category,
            reason: g.reason,
            why: g.gift.why,
          })),
          matched: ranking.matched,
          budget: 50,
          acrossPriceRanges: false,
          unmet: [],
        });
        // The widget data rides in _meta only.
        expect(JSON.stringify(result.structuredContent ?? {})).not.toContain('relationship');
        expect((result._meta as Meta)['gift-genius/widget'].query.relationship).toBe('sister');
      } finally {
        await conn.close();
      }
    },
  );

  it('stateless legacy HTTP: the widget resource reads and the app-only tools answer', async () => {
    const conn = await connectClient(
      { kind: 'v2', version: '2025-11-25' },
      { transport: 'http', url: stateless.url },
      UI_CAPS,
    );
    try {
      const tools = (await conn.client.listTools()).tools as Listed[];
      const uri = tools.find((t) => t.name === 'suggest_gifts')!._meta!.ui.resourceUri as string;
      const read = await conn.client.readResource({ uri });
      expect((read.contents[0] as { mimeType: string }).mimeType).toBe(MIME);
      const cheaper = await conn.client.callTool({ name: 'change_budget', arguments: { ...ARGS, budget: 30 } });
      expect((cheaper.structuredContent as Suggestions).budget).toBe(30);
      const more = await conn.client.callTool({ name: 'more_like_this', arguments: { ...ARGS, id: 'no-such-gift' } });
      expect(more.isError).toBe(true);
    } finally {
      await conn.close();
    }
  });
});

describe('configuration', () => {
  it('GIFTGEN_WIDGET_DOMAIN sets ui.domain and openai/widgetDomain', async () => {
    const conn = await connectClient(
      { kind: 'v2', version: '2025-11-25' },
      { transport: 'http', url: configured.url },
      UI_CAPS,
    );
    try {
      const tools = (await conn.client.listTools()).tools as Listed[];
      const uri = tools[0]!._meta!.ui.resourceUri as string;
      const meta = (await conn.client.readResource({ uri })).contents[0]!._meta as Meta;
      expect(meta.ui.domain).toBe('gift-genius.example.com');
      expect(meta['openai/widgetDomain']).toBe('gift-genius.example.com');
    } finally {
      await conn.close();
    }
  });

  it('GIFTGEN_APP_TOOLS=always lists the app-only tools and the widget to clients that did not declare MCP Apps', async () => {
    const conn = await connectClient({ kind: 'v2', version: '2025-11-25' }, { transport: 'http', url: configured.url });
    try {
      const tools = (await conn.client.listTools()).tools as Listed[];
      expect(tools.map((t) => t.name)).toEqual(['suggest_gifts', 'get_gift', 'more_like_this', 'change_budget']);
      const uri = tools[0]!._meta!.ui.resourceUri as string;
      expect((await firstResourcePage(conn)).resources[0]!.uri).toBe(uri);
    } finally {
      await conn.close();
    }
  });

  it('the widget is one self-contained document under 50 KB, addressed by its content hash', async () => {
    const { widgetResource } = await import('../dist/widget/meta.js');
    const { createHash } = await import('node:crypto');
    const widget = widgetResource();
    expect(widget.bytes).toBeLessThan(50 * 1024);
    expect(widget.uri).toBe(
      `ui://gift-genius/suggestions-${createHash('sha256').update(widget.html).digest('hex').slice(0, 12)}.html`,
    );
    expect(widget.html).toMatch(/^<!DOCTYPE html>/);
    // Nothing to fetch: no external scripts, styles, images or URLs at all.
    expect(widget.html).not.toMatch(/<script[^>]+src=|<link|<img|@import|url\(|https?:\/\//i);
    expect(widget.html).not.toContain('sourceMappingURL');
  });

  it('the widget has a picture for every catalog category and empty-state cause, in its own sprite', async () => {
    const { ILLUSTRATION_IDS } = await import('../dist/widget/illustrations.js');
    const { widgetResource } = await import('../dist/widget/meta.js');
    const html = widgetResource().html;
    const wanted = [
      ...new Set(catalog.flatMap((g) => g.categories).map((c) => `c-${c}`)),
      ...['budget', 'exclusion', 'age', 'interest', 'occasion', 'catalog'].map((k) => `e-${k}`),
      'gift',
    ];
    for (const id of wanted) {
      expect(ILLUSTRATION_IDS).toContain(id);
      expect(html).toContain(`<symbol id="${id}" viewBox="0 0 48 48"`);
    }
  });
});
