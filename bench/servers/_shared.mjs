// Shared by the comparator servers: the same catalog, the same ranking, the same result shapes as gift-genius.
// Imports gift-genius's built, pure modules (rankGifts, the bundled catalog); no server code.
import { z } from 'zod';
import { loadBundledCatalog } from '../../packages/gift-genius/dist/catalog/open.js';
import { rankGifts } from '../../packages/gift-genius/dist/recommend/rank.js';

export const gifts = loadBundledCatalog();
export const giftMap = new Map(gifts.map((g) => [g.id, g]));
export { rankGifts };

export const SERVER_INFO = { name: 'gift-genius-bench', version: '0.0.0' };

export const SUGGEST_DESCRIPTION =
  "Suggests gift ideas from the GiftGen catalog for one recipient. Give the recipient's age and your relationship to them " +
  '(e.g. "sister", "colleague"); add a budget in USD, their interests, the occasion and anything to avoid for better picks. ' +
  'Returns ranked ideas, each with a one-line reason.';
export const GET_DESCRIPTION = 'Returns the full catalog record of one gift, by the id suggest_gifts returned.';

export const suggestInput = z.object({
  age: z.number().int().min(0).max(120).describe('Recipient age in years'),
  relationship: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .describe('Who the recipient is to you, e.g. "sister", "partner", "colleague"'),
  budget: z.number().positive().max(100_000).optional().describe('Most you want to spend, in USD'),
  interests: z
    .array(z.string().trim().min(1).max(40))
    .max(10)
    .optional()
    .describe('What they enjoy, e.g. ["coffee", "hiking"]'),
  occasion: z.string().trim().min(1).max(40).optional().describe('e.g. "birthday", "christmas", "housewarming"'),
  exclude: z
    .array(z.string().trim().min(1).max(40))
    .max(20)
    .optional()
    .describe('Gift ids, categories or words to avoid'),
  count: z.number().int().min(1).max(10).optional().describe('How many ideas, 1–10 (default 5)'),
});
export const suggestOutput = z.object({
  gifts: z.array(
    z.object({ id: z.string(), title: z.string(), price: z.number(), category: z.string(), reason: z.string() }),
  ),
  matched: z.number().int(),
  budget: z.number().nullable(),
  acrossPriceRanges: z.boolean(),
});
export const getInput = z.object({
  id: z.string().trim().min(1).max(120).describe('Gift id, e.g. "pour-over-coffee-kit"'),
});
export const giftRecord = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  categories: z.array(z.string()),
  interests: z.array(z.string()),
  ageMin: z.number().int(),
  ageMax: z.number().int(),
  relationships: z.array(z.string()),
  occasions: z.array(z.string()),
  uri: z.string(),
});

/** suggest_gifts' result, built like gift-genius builds it (same text, same structuredContent). */
export function suggestResult(args) {
  const ranking = rankGifts(gifts, args);
  const who = `${args.relationship} (${args.age})`;
  const lines = ranking.gifts.map(
    (g, i) => `${i + 1}. ${g.gift.title} — $${g.gift.price} (${g.category}): ${g.reason}`,
  );
  const text =
    ranking.gifts.length === 0
      ? `No gift in the catalog fits a ${who}.`
      : [
          args.budget !== undefined
            ? `Gift ideas for your ${who}, up to $${args.budget}:`
            : `Gift ideas for your ${who}:`,
          ...lines,
        ].join('\n');
  return {
    content: [{ type: 'text', text }],
    structuredContent: {
      gifts: ranking.gifts.map((g) => ({
        id: g.gift.id,
        title: g.gift.title,
        price: g.gift.price,
        category: g.category,
        reason: g.reason,
      })),
      matched: ranking.matched,
      budget: args.budget ?? null,
      acrossPriceRanges: ranking.acrossPriceRanges,
    },
  };
}

/** get_gift's result from the Map. */
export function getGiftResult({ id }) {
  const gift = giftMap.get(id);
  if (!gift) return { isError: true, content: [{ type: 'text', text: `No gift with id "${id}".` }] };
  return {
    content: [{ type: 'text', text: `${gift.title} — $${gift.price}\n${gift.description}` }],
    structuredContent: { ...gift, uri: `gift://catalog/${gift.id}` },
  };
}

export function portArg(argv = process.argv) {
  const i = argv.indexOf('--port');
  return i >= 0 ? Number(argv[i + 1]) : 0;
}

export function logListening(server, path = '/mcp') {
  const { port } = server.address();
  process.stderr.write(`${JSON.stringify({ event: 'listening', url: `http://127.0.0.1:${port}${path}` })}\n`);
}
