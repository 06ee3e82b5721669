import type { IncomingMessage } from 'node:http';
import { nodeHeader } from '../node-io.js';

const ALLOWED_REQUEST_HEADER = /^(content-type|accept|authorization|last-event-id|mcp-[a-z0-9-]+)$/i;
const EXPOSED_HEADERS = 'Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate';
const ALLOWED_HEADERS = [
  'Content-Type',
  'Accept',
  'Authorization',
  'Mcp-Session-Id',
  'MCP-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
  'Last-Event-ID',
];

/**
 * CORS for browser-based inspectors, on answers to an allowed Origin only (the gate has already
 * refused any other Origin with 403). Applied to every answer, the gate's refusals included: a
 * browser must be able to read a 401 or 403.
 */
export class Cors {
  constructor(
    private readonly allowedOrigins: readonly string[],
    private readonly anyOrigin: boolean,
  ) {}

  /** `response` with the CORS headers `request` calls for. */
  apply(request: Request, response: Response): Response {
    const origin = request.headers.get('origin');
    if (!origin || !this.allows(origin)) return response;
    const headers = new Headers(response.headers);
    headers.set('access-control-allow-origin', origin);
    headers.append('vary', 'Origin');
    headers.set('access-control-expose-headers', EXPOSED_HEADERS);
    if (request.method === 'OPTIONS') {
      const requested = (request.headers.get('access-control-request-headers') ?? '')
        .split(',')
        .map((h) => h.trim())
        .filter((h) => h && ALLOWED_REQUEST_HEADER.test(h));
      headers.set('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
      headers.set('access-control-allow-headers', [...new Set([...ALLOWED_HEADERS, ...requested])].join(', '));
      headers.set('access-control-max-age', '600');
    }
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  /** `apply` for an answer given from node's request, before any web Request exists (a gate refusal). */
  applyNode(req: IncomingMessage, response: Response): Response {
    if (req.headers.origin === undefined) return response;
    const headers = new Headers();
    for (const name of ['origin', 'access-control-request-headers']) {
      const value = nodeHeader(req, name);
      if (value !== null) headers.set(name, value);
    }
    const method = req.method === 'OPTIONS' ? 'OPTIONS' : 'GET';
    return this.apply(new Request('http://localhost/', { method, headers }), response);
  }

  private allows(origin: string): boolean {
    if (this.anyOrigin) return true;
    try {
      const host = new URL(origin).hostname;
      return (
        this.allowedOrigins.includes(host) ||
        this.allowedOrigins.includes(`[${host}]`) ||
        this.allowedOrigins.includes(host.replace(/^\[|\]$/g, ''))
      );
    } catch {
      return false;
    }
  }
}
