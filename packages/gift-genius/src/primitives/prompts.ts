import { completable, type McpServer, ProtocolError } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { GiftGenApp } from '../app.js';
import { OCCASION_SUGGESTIONS, RELATIONSHIP_SUGGESTIONS } from '../recommend/vocabulary.js';

const INVALID_PARAMS = -32602;

const startingWith = (values: readonly string[], prefix: string, limit = 100) => {
  const p = prefix.trim().toLowerCase();
  return values.filter((v) => v.startsWith(p)).slice(0, limit);
};

/** The lecture's prompt ("a short description of a gift for user N") and a greeting card, both with completion. */
/**
 * Argument schemas are built once per app, not per server instance: the modern HTTP lane
 * makes an instance per request, and zod compiles each new schema object again.
 */
const promptSchemas = (() => {
  const memo = new WeakMap<GiftGenApp, ReturnType<typeof build>>();
  function build(app: GiftGenApp) {
    const giftId = completable(z.string().describe('Gift id from the catalog'), (value) =>
      startingWith(app.giftIds, value ?? ''),
    );
    const relationship = completable(z.string().describe('Who the recipient is to you, e.g. "sister"'), (value) =>
      startingWith(RELATIONSHIP_SUGGESTIONS, value ?? ''),
    );
    const occasion = completable(z.string().describe('e.g. "birthday"'), (value) =>
      startingWith(OCCASION_SUGGESTIONS, value ?? ''),
    );

    const descriptionArgs = z.object({
      giftId,
      recipient: z.string().describe('Who it is for, e.g. "Anna"'),
      relationship: relationship.optional(),
    });
    const cardArgs = z.object({
      recipient: z.string().describe('Name of the recipient'),
      relationship,
      occasion,
      giftId: giftId.optional(),
      tone: z.string().optional().describe('e.g. "funny", "heartfelt", "formal"'),
    });
    return { giftId, relationship, occasion, descriptionArgs, cardArgs };
  }
  return (app: GiftGenApp) => {
    let schemas = memo.get(app);
    if (!schemas) memo.set(app, (schemas = build(app)));
    return schemas;
  };
})();

export function registerPrompts(server: McpServer, app: GiftGenApp): void {
  const { descriptionArgs, cardArgs } = promptSchemas(app);

  server.registerPrompt(
    'gift_description',
    {
      title: 'Gift description',
      description: 'Write a short description of a gift for a given user.',
      argsSchema: descriptionArgs,
    },
    async ({ giftId: id, recipient, relationship: rel }) => {
      const gift = await app.store.get(id);
      if (!gift) throw new ProtocolError(INVALID_PARAMS, `No gift with id "${id}"`, { giftId: id });
      const forWhom = rel ? `${recipient}, my ${rel}` : recipient;
      return {
        description: `Short description of "${gift.title}" for ${forWhom}`,
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text:
                `Write a short (2–3 sentences), warm description of this gift for ${forWhom}. ` +
                `Say why it suits them; do not invent features.\n\nGift: ${gift.title} ($${gift.price})\n${gift.description}`,
            },
          },
        ],
      };
    },
  );

  server.registerPrompt(
    'greeting_card',
    {
      title: 'Greeting card',
      description: 'Write the text of a greeting card to go with a gift.',
      argsSchema: cardArgs,
    },
    async ({ recipient, relationship: rel, occasion: occ, giftId: id, tone }) => {
      const gift = id ? await app.store.get(id) : undefined;
      if (id && !gift) throw new ProtocolError(INVALID_PARAMS, `No gift with id "${id}"`, { giftId: id });
      return {
        description: `Greeting card for ${recipient} (${occ})`,
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text:
                `Write a ${tone ?? 'warm'} greeting card, at most 60 words, for ${recipient}, my ${rel}, for ${occ}.` +
                (gift ? ` It comes with this gift: ${gift.title}.` : ''),
            },
          },
        ],
      };
    },
  );
}
