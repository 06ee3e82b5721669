import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  isJsonContentType,
  isLegacyRequest,
  legacyStatelessFallback,
  originValidationResponse,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { GiftGenApp } from '../app.js';
import { HandshakeTap } from '../observe/handshake-tap.js';
import type { ServerMetrics } from '../observe/metrics.js';
import { createGiftServer } from '../server.js';
import { LegacySessions } from './legacy-sessions.js';
import { jsonRpcErrorResponse } from './responses.js';

export interface HttpOptions {
  host: string;
  port: number;
  path: string;
  /** `sessions` (default) keeps 2025-era sessions; `stateless` answers each POST alone. */
  legacyHttp: 'sessions' | 'stateless';
  maxSessions: number;
  sessionIdleMs: number;
  maxRequestBodySize: number;
  /** Host header names accepted besides the loopback names (DNS rebinding protection). */
  allowedHosts: string[];
  /** Origin host names accepted besides loopback; `*` accepts any (for a public deployment behind a proxy). */
  allowedOrigins: string[];
}

export const DEFAULT_HTTP_OPTIONS: HttpOptions = {
  host: '127.0.0.1',
  port: 3000,
  path: '/mcp',
  legacyHttp: 'sessions',
  maxSessions: 1000,
  sessionIdleMs: 30 * 60_000,
  maxRequestBodySize: 1024 * 1024,
  allowedHosts: [],
  allowedOrigins: [],
};

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const ALLOWED_REQUEST_HEADER = /^(content-type|accept|authorization|last-event-id|mcp-[a-z0-9-]+)$/i;
const EXPOSED_HEADERS = 'Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate';

export interface RunningHttpServer {
  url: string;
  port: number;
  modern: McpHttpHandler;
  sessions?: LegacySessions;
  close(): Promise<void>;
}

/**
 * Streamable HTTP for every revision on one endpoint: modern (2026-07-28) requests go
 * to the SDK's `createMcpHandler`, 2025-era requests to sessions (or the SDK's stateless
 * fallback), decided by the SDK's own `isLegacyRequest`. Around it: Host/Origin checks,
 * CORS for browser-based inspectors, /healthz and /metrics.
 */
export async function startHttpServer(app: GiftGenApp, metrics: ServerMetrics, options: HttpOptions): Promise<RunningHttpServer> {
  const onerror = (error: Error) => app.log.debug({ event: 'http_mcp_error', err: error.message }, 'request rejected');
  const modern = createMcpHandler(() => createGiftServer(app, { transport: 'http', era: 'modern', sessions: 'stateless' }).server, {
    legacy: 'reject',
    maxRequestBodySize: options.maxRequestBodySize,
    onerror,
  });
  const sessions =
    options.legacyHttp === 'sessions'
      ? new LegacySessions(app, metrics, { maxSessions: options.maxSessions, idleMs: options.sessionIdleMs, maxRequestBodySize: options.maxRequestBodySize })
      : undefined;
  const stateless = sessions
    ? undefined
    : legacyStatelessFallback(() => createGiftServer(app, { transport: 'http', era: 'legacy', sessions: 'stateless' }).server, onerror, {
        maxRequestBodySize: options.maxRequestBodySize,
      });

  // The SDK's listen router fans these out to every open subscriptions/listen stream that asked for them.
  app.on('resourcesListChanged', () => modern.notify.resourcesChanged());
  app.on('resourceUpdated', (uri) => modern.notify.resourceUpdated(uri));
  app.on('toolsChanged', () => modern.notify.toolsChanged());

  const allowedHosts = [...LOOPBACK, ...options.allowedHosts];
  const allowedOrigins = [...LOOPBACK, ...options.allowedOrigins];
  const anyOrigin = options.allowedOrigins.includes('*');

  const serveMcp = async (request: Request): Promise<Response> => {
    const rejected =
      hostHeaderValidationResponse(request, allowedHosts) ?? (anyOrigin ? undefined : originValidationResponse(request, allowedOrigins));
    if (rejected) return rejected;
    if (request.method === 'OPTIONS') return new Response(null, { status: 204 });
    if (!['GET', 'POST', 'DELETE'].includes(request.method)) {
      return jsonRpcErrorResponse(405, -32000, 'Method not allowed', null, { allow: 'GET, POST, DELETE, OPTIONS' });
    }
    // Hand-wired routing must refuse non-JSON bodies itself (the SDK's isLegacyRequest does not).
    if (request.method === 'POST' && !isJsonContentType(request.headers.get('content-type'))) {
      return jsonRpcErrorResponse(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    const tap = request.method === 'POST' ? new HandshakeTap(app.log, metrics, 'http') : undefined;
    const body = tap ? await peekJson(request) : undefined;
    tap?.inbound(body);
    const legacy = await isLegacyRequest(request, undefined, { maxRequestBodySize: options.maxRequestBodySize });
    const response = legacy ? await (sessions ? sessions.handle(request) : stateless!(request)) : await modern.fetch(request);
    // Sessions are tapped on their own transport; per-request exchanges are observed here.
    // Only a stateless initialize is read from an event stream: a listen stream never ends.
    if (tap && !(legacy && sessions)) void observeResponse(response, tap, (body as { method?: unknown })?.method === 'initialize');
    return response;
  };

  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === '/healthz' && request.method === 'GET') {
      return Response.json({
        status: 'ok',
        server: 'gift-genius',
        catalog: { store: app.store.kind, items: app.gifts.length, revision: await app.store.revision() },
        legacySessions: sessions?.size ?? null,
      });
    }
    if (url.pathname === '/metrics' && request.method === 'GET') {
      return new Response(await metrics.registry.metrics(), { headers: { 'content-type': metrics.registry.contentType } });
    }
    if (url.pathname !== options.path) return jsonRpcErrorResponse(404, -32000, `Not found: the MCP endpoint is ${options.path}`);
    return withCors(request, await serveMcp(request), allowedOrigins, anyOrigin);
  };

  const nodeHandler = toNodeHandler(
    { fetch },
    { maxRequestBodySize: options.maxRequestBodySize, onerror: (error) => app.log.error({ event: 'http_adapter_error', err: error.message }, 'HTTP adapter error') },
  );
  const server: HttpServer = createServer((req, res) => void nodeHandler(req, res));
  server.headersTimeout = 20_000;
  server.requestTimeout = 0; // SSE streams stay open; idle sessions are expired by LegacySessions
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${hostForUrl}:${port}${options.path}`,
    port,
    modern,
    sessions,
    async close() {
      await sessions?.close();
      await modern.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function peekJson(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.clone().text());
  } catch {
    return undefined;
  }
}

/** Reads a finished JSON or SSE response body for the tap, without holding up the client. */
async function observeResponse(response: Response, tap: HandshakeTap, readStream: boolean): Promise<void> {
  const type = response.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) tap.outbound(await response.clone().json());
    else if (readStream && type.includes('text/event-stream') && response.body) {
      const text = await response.clone().text();
      for (const line of text.split('\n')) {
        if (line.startsWith('data:')) {
          try {
            tap.outbound(JSON.parse(line.slice(5)));
          } catch {
            /* a partial or non-JSON frame */
          }
        }
      }
    }
  } catch {
    /* observation never affects serving */
  }
}

function withCors(request: Request, response: Response, allowedOrigins: string[], anyOrigin: boolean): Response {
  const origin = request.headers.get('origin');
  if (!origin) return response;
  let allowed = anyOrigin;
  try {
    const host = new URL(origin).hostname;
    allowed ||= allowedOrigins.includes(host) || allowedOrigins.includes(`[${host}]`) || allowedOrigins.includes(host.replace(/^\[|\]$/g, ''));
  } catch {
    allowed = false;
  }
  if (!allowed) return response;
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
    headers.set('access-control-allow-headers', [...new Set(['Content-Type', 'Accept', 'Authorization', 'Mcp-Session-Id', 'MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name', 'Last-Event-ID', ...requested])].join(', '));
    headers.set('access-control-max-age', '600');
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
