import type { GiftGenApp } from '../app.js';
import { servesResource } from '../primitives/served-uris.js';
import { jsonRpcErrorResponse, requestIdOf } from './responses.js';

const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;

export interface ListenLimits {
  maxListenFilter: number;
  maxStreamIdChars: number;
}

/**
 * What a `subscriptions/listen` stream keeps for as long as it is open is its filter and its id
 * (echoed in every notification): both bounded here, before the SDK's listen router takes the
 * request. The filter may name only resources this server serves, at most `maxListenFilter` of
 * them. Refusals are answered as the router answers its own (HTTP 200, a JSON-RPC error).
 */
export function listenRefusal(body: unknown, app: GiftGenApp, limits: ListenLimits): Response | undefined {
  const id = (body as { id?: unknown }).id;
  if (id !== undefined && JSON.stringify(id).length > limits.maxStreamIdChars) {
    return refuse(
      INVALID_REQUEST,
      `Invalid Request: a subscriptions/listen id must be at most ${limits.maxStreamIdChars} characters`,
      null,
    );
  }
  const uris = (body as { params?: { notifications?: { resourceSubscriptions?: unknown } } }).params?.notifications
    ?.resourceSubscriptions;
  if (!Array.isArray(uris)) return undefined; // absent, or the router's to refuse as malformed
  if (uris.length > limits.maxListenFilter) {
    return refuse(
      INVALID_PARAMS,
      `Invalid params: at most ${limits.maxListenFilter} resourceSubscriptions per stream`,
      requestIdOf(body),
    );
  }
  const unknown = uris.find((uri) => typeof uri !== 'string' || !servesResource(app, uri));
  if (unknown !== undefined) {
    const shown = typeof unknown === 'string' ? unknown.slice(0, 100) : typeof unknown;
    return refuse(INVALID_PARAMS, `Invalid params: not a resource of this server: ${shown}`, requestIdOf(body));
  }
  return undefined;
}

const refuse = (code: number, message: string, id: string | number | null) =>
  jsonRpcErrorResponse(200, code, message, id);
