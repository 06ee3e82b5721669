import type { IncomingMessage } from 'node:http';
import { jsonRpcErrorResponse } from '../responses.js';

/** Every method any route here serves; anything else (TRACE, CONNECT, PUT, …) is 405 wherever it is sent. */
export const SERVED_METHODS = 'GET, POST, DELETE, OPTIONS';
const SERVED = new Set(SERVED_METHODS.split(', '));

/**
 * What RFC 9112 asks of a request before any route looks at it, from node's request alone: one Host
 * header (two are 400), a path as the target (this is an origin server, not a proxy: the absolute form
 * `GET http://…/x` and the asterisk form are 400, `OPTIONS *` aside), and a method some route serves
 * (405 with Allow). Before, these reached the web Request the SDK's adapter builds, which cannot hold
 * them (`Failed to parse URL`, `'TRACE' HTTP method is unsupported`): 500 and an error-level log line per
 * request, as often as anyone sent them. `undefined`: the request is well framed.
 */
export function framingRefusal(req: IncomingMessage): Response | undefined {
  let hosts = 0;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === 4 && raw[i]!.toLowerCase() === 'host') hosts++;
  if (hosts > 1) return jsonRpcErrorResponse(400, -32000, 'Bad Request: more than one Host header');
  if (!SERVED.has(req.method ?? '')) {
    return jsonRpcErrorResponse(405, -32000, `Method Not Allowed: ${String(req.method).slice(0, 20)}`, null, {
      allow: SERVED_METHODS,
    });
  }
  const target = req.url ?? '';
  if (target.startsWith('/')) return undefined;
  if (target === '*' && req.method === 'OPTIONS')
    return new Response(null, { status: 204, headers: { allow: SERVED_METHODS } });
  return jsonRpcErrorResponse(
    400,
    -32000,
    'Bad Request: the request target must be a path such as /mcp (the absolute form is for proxies)',
  );
}
