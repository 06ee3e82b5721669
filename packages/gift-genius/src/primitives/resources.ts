import { type McpServer, ProtocolError, ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../app.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import type { Lane } from './lane.js';
import { servesResource } from './served-uris.js';
import { GIFT_URI_TEMPLATE, giftIdFromUri, giftUri } from './uris.js';

const INVALID_PARAMS = -32602;
const COMPLETION_LIMIT = 100;

/**
 * Every catalog item is a resource, `gift://catalog/{id}`, read as JSON.
 * McpServer lists template resources in one unpaged response, so `resources/list`
 * is answered here instead, with keyset paging straight from the store.
 */
export function registerResources(
  server: McpServer,
  app: GiftGenApp,
  lane: Lane,
  subscriptions = new Set<string>(),
): { subscriptions: Set<string> } {
  server.registerResource(
    'gift',
    new ResourceTemplate(GIFT_URI_TEMPLATE, {
      list: undefined,
      complete: { id: (value) => completeIds(app, value) },
    }),
    {
      title: 'Gift catalog item',
      description: 'One gift idea from the GiftGen catalog, as a JSON record.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const id = String(variables.id);
      const gift = await app.gift(id);
      if (!gift) throw new ResourceNotFoundError(uri.href, `No gift with id "${id}"`);
      return { contents: [{ uri: giftUri(id), mimeType: 'application/json', text: JSON.stringify(gift) }] };
    },
  );

  server.server.setRequestHandler('resources/list', async (request) => {
    const cursor = request.params?.cursor;
    const afterId = cursor === undefined ? undefined : decodeCursor(cursor);
    if (cursor !== undefined && afterId === undefined)
      throw new ProtocolError(INVALID_PARAMS, 'Invalid cursor', { cursor });
    const page = await app.store.page(afterId, app.pageSize);
    return {
      resources: page.items.map((gift) => ({
        uri: giftUri(gift.id),
        name: gift.id,
        title: gift.title,
        description: `$${gift.price} · ${gift.categories.join(', ')}`,
        mimeType: 'application/json',
      })),
      ...(page.nextAfterId !== undefined && { nextCursor: encodeCursor(page.nextAfterId) }),
    };
  });

  // Legacy subscriptions are per connection (the caller's set outlives this instance on a
  // session); the modern era subscribes through subscriptions/listen, which the SDK's
  // serving entries own.
  if (lane.era === 'legacy' && server.server.getCapabilities().resources?.subscribe) {
    server.server.setRequestHandler('resources/subscribe', async (request) => {
      const uri = request.params.uri;
      // Only what this server serves (a gift of the snapshot, the widget), and at most app.maxSubscriptions
      // per connection: a subscription is kept for the connection's life, so it is memory the client chooses.
      if (!servesResource(app, uri)) {
        const id = giftIdFromUri(uri);
        const shown = uri.slice(0, 100);
        if (id === undefined) {
          throw new ProtocolError(INVALID_PARAMS, `Not a resource of this server: ${shown}`, { uri: shown });
        }
        throw new ResourceNotFoundError(uri, `No gift with id "${id}"`);
      }
      if (!subscriptions.has(uri) && subscriptions.size >= app.maxSubscriptions) {
        const message = `At most ${app.maxSubscriptions} subscriptions per connection; unsubscribe first`;
        throw new ProtocolError(INVALID_PARAMS, message, { uri });
      }
      subscriptions.add(uri);
      return {};
    });
    server.server.setRequestHandler('resources/unsubscribe', async (request) => {
      subscriptions.delete(request.params.uri);
      return {};
    });
  }
  return { subscriptions };
}

function completeIds(app: GiftGenApp, prefix: string): string[] {
  const out: string[] = [];
  for (const id of app.giftIds) {
    if (id.startsWith(prefix)) out.push(id);
    if (out.length === COMPLETION_LIMIT) break;
  }
  return out;
}
