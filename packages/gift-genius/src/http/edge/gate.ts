import type { IncomingMessage } from 'node:http';
import { type AuthInfo, validateHostHeader, validateOriginHeader } from '@modelcontextprotocol/server';
import type { ServerMetrics } from '../../observe/metrics.js';
import { nodeHeader } from '../node-io.js';
import { jsonRpcErrorResponse } from '../responses.js';
import type { BearerAccess } from './access.js';
import type { RateLimiter } from './limits.js';

/** What the edge checks read of a request: its headers, wherever they come from (a web Request or node's IncomingMessage). */
export interface RequestHead {
  header(name: string): string | null;
  /** The MCP endpoint as the client addressed it (for the RFC 9728 metadata URL). */
  endpoint(): URL;
}

export interface EdgeOptions {
  allowedHosts: string[];
  allowedOrigins: string[];
  anyOrigin: boolean;
  access: BearerAccess;
  rate: RateLimiter;
  metrics: ServerMetrics;
  /** The header carrying the peer address (set by the server, never by the client). */
  peerHeader: string;
}

/**
 * Host as RFC 9110 has it: a name or an IPv4 address, or a bracketed IPv6 address, and an optional port.
 * The SDK's check reads the header as a URL's authority, so `evil.com@127.0.0.1` passed as 127.0.0.1
 * (and then broke the web Request built from it): anything else is refused here.
 */
const HOST_SYNTAX = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The checks every request passes before anything else, on every route and both serving
 * paths (the node server's gate calls them once per request), so the two can never
 * disagree: DNS-rebinding (Host, Origin), the bearer token, the per-client rate.
 */
export class EdgeGate {
  /** Host headers already found good: a server sees a handful, and parsing one as a URL per request adds up. */
  private readonly goodHosts = new Set<string>();

  constructor(private readonly options: EdgeOptions) {}

  /** 403 for a Host or Origin this server does not serve; `undefined` to go on. */
  hostAndOrigin(head: RequestHead): Response | undefined {
    const hostHeader = head.header('host');
    const origin = head.header('origin');
    if (hostHeader !== null && origin === null && this.goodHosts.has(hostHeader)) return undefined;
    if (hostHeader && !HOST_SYNTAX.test(hostHeader)) return jsonRpcErrorResponse(403, -32000, 'Invalid Host header');
    const host = validateHostHeader(hostHeader, this.options.allowedHosts);
    if (host.ok && hostHeader !== null && this.goodHosts.size < 64) this.goodHosts.add(hostHeader);
    const originCheck =
      host.ok && !this.options.anyOrigin
        ? validateOriginHeader(origin, this.options.allowedOrigins)
        : { ok: true as const };
    const failed = !host.ok ? host : !originCheck.ok ? originCheck : undefined;
    return failed && jsonRpcErrorResponse(403, -32000, failed.message);
  }

  /**
   * The caller's AuthInfo (none on an open endpoint), or the 401 / 429 to send instead.
   * Synchronous on an open endpoint, so the hot path need not wait a turn for nothing.
   */
  authorize(head: RequestHead): Authorized | Promise<Authorized> {
    if (!this.options.access.enabled) return this.rateLimit(head, undefined);
    return this.options.access
      .check(head.header('authorization'), head.endpoint())
      .then((checked) => (checked instanceof Response ? checked : this.rateLimit(head, checked)));
  }

  private rateLimit(head: RequestHead, authInfo: AuthInfo | undefined): Authorized {
    const wait = this.options.rate.take(authInfo?.clientId ?? head.header(this.options.peerHeader) ?? 'unknown');
    if (wait > 0) {
      this.options.metrics.negotiationFailures.inc({ reason: 'rate_limited', era: 'any', transport: 'http' });
      return jsonRpcErrorResponse(429, -32000, `Too many requests; retry in ${wait} s`, null, {
        'retry-after': String(wait),
      });
    }
    return authInfo ? { authInfo } : OPEN;
  }
}

export type Authorized = { authInfo?: AuthInfo } | Response;
const OPEN: { authInfo?: AuthInfo } = Object.freeze({});

/** A node request's head. */
export function nodeHead(req: IncomingMessage): RequestHead {
  return {
    header: (name) => nodeHeader(req, name),
    endpoint: () => new URL(req.url ?? '/', `http://${nodeHeader(req, 'host') ?? 'localhost'}`),
  };
}
