import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { connectClient, type Target, type Wire, wireName } from './clients.js';
import { LEGACY_VERSIONS, MODERN_VERSION, type RunningServer, startHttpCli, tempDir } from './harness.js';

const catalog = loadBundledCatalog();
const WIRES: Wire[] = [
  ...LEGACY_VERSIONS.map((version) => ({ kind: 'v2' as const, version })),
  { kind: 'v2', version: MODERN_VERSION },
  { kind: 'v1' },
];

let http: RunningServer;
const stdioData = tempDir();

beforeAll(async () => {
  http = await startHttpCli();
});
afterAll(async () => {
  await http?.stop();
  stdioData.remove();
});

const targets = (): Array<[string, () => Target]> => [
  ['http', () => ({ transport: 'http', url: http.url })],
  ['stdio', () => ({ transport: 'stdio', dataDir: stdioData.path })],
];

describe.each(targets())('every primitive over %s', (_name, target) => {
  it.each(WIRES.map((w) => [wireName(w), w] as const))(
    '%s: handshake → tools → resources → prompts → completion',
    async (_n, wire) => {
      const { client, close } = await connectClient(wire, target());
      try {
        const expected = wire.kind === 'v1' ? undefined : wire.version;
        if (expected) expect(client.getNegotiatedProtocolVersion?.()).toBe(expected);
        expect(client.getServerVersion()?.name).toBe('gift-genius');

        const tools = await client.listTools();
        expect(tools.tools.map((t) => t.name)).toEqual(['suggest_gifts', 'get_gift']);
        const suggest = tools.tools[0]!;
        expect(suggest.inputSchema.required).toEqual(['age', 'relationship']);
        expect(Object.keys(suggest.inputSchema.properties ?? {})).toEqual([
          'age',
          'relationship',
          'budget',
          'interests',
          'occasion',
          'exclude',
          'count',
        ]);
        expect(suggest.outputSchema?.properties).toHaveProperty('gifts');

        const result = await client.callTool({
          name: 'suggest_gifts',
          arguments: { age: 25, relationship: 'sister', budget: 50, interests: ['coffee'] },
        });
        expect(result.isError).toBeFalsy();
        const structured = result.structuredContent as {
          gifts: Array<{ id: string; price: number; category: string; reason: string }>;
          budget: number;
        };
        expect(structured.budget).toBe(50);
        expect(structured.gifts.length).toBe(5);
        for (const g of structured.gifts) {
          expect(g.price).toBeLessThanOrEqual(50);
          expect(g.reason.length).toBeGreaterThan(10);
        }
        expect((result.content as Array<{ type: string; text: string }>)[0]!.text).toContain(
          structured.gifts[0]!.id ? 'Gift ideas' : '',
        );

        const first = structured.gifts[0]!.id;
        const record = await client.callTool({ name: 'get_gift', arguments: { id: first } });
        expect((record.structuredContent as { id: string }).id).toBe(first);

        const read = await client.readResource({ uri: `gift://catalog/${first}` });
        const content = read.contents[0] as { text: string; mimeType: string };
        expect(content.mimeType).toBe('application/json');
        expect(JSON.parse(content.text).id).toBe(first);

        // Walk every page by hand: each cursor comes from the previous page.
        const seen = new Set<string>();
        let cursor: string | undefined;
        let pages = 0;
        do {
          // The v2 client aggregates every page when given no cursor; ask for one page on the wire.
          const page =
            wire.kind === 'v1'
              ? await client.listResources(cursor === undefined ? {} : { cursor })
              : await client.request({ method: 'resources/list', params: cursor === undefined ? {} : { cursor } });
          for (const r of page.resources) {
            expect(seen.has(r.uri)).toBe(false);
            seen.add(r.uri);
          }
          cursor = page.nextCursor;
          pages++;
        } while (cursor !== undefined && pages < 100);
        expect(seen.size).toBe(catalog.length);
        expect(pages).toBe(Math.ceil(catalog.length / 50));
        if (wire.kind === 'v2') expect((await client.listResources()).resources.length).toBe(catalog.length);

        const prompt = await client.getPrompt({
          name: 'gift_description',
          arguments: { giftId: first, recipient: 'Anna' },
        });
        expect(JSON.stringify(prompt.messages)).toContain('Anna');

        const completion = await client.complete({
          ref: { type: 'ref/prompt', name: 'greeting_card' },
          argument: { name: 'relationship', value: 'sis' },
        });
        expect(completion.completion.values).toContain('sister');
        const occasion = await client.complete({
          ref: { type: 'ref/prompt', name: 'greeting_card' },
          argument: { name: 'occasion', value: 'birth' },
        });
        expect(occasion.completion.values).toContain('birthday');
      } finally {
        await close();
      }
    },
  );
});
