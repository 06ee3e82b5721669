import { createServer, type Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  createMcpHandler,
  isJsonContentType,
  isLegacyRequest,
  legacyStatelessFallback,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../app.js';
import { HandshakeTap } from '../observe/handshake-tap.js';
import type { ServerMetrics } from '../observe/metrics.js';
import { RateLimitedLog } from '../observe/rate-limited-log.js';
import { createGiftServer } from '../server.js';
import { invalidInitialize } from '../transports/initialize-check.js';
import { boundedStream } from './bounded-stream.js';
import { BearerAccess } from './edge/access.js';
import { type Authorized, EdgeGate, nodeHead } from './edge/gate.js';
import { ConcurrencyGate, RateLimiter } from './edge/limits.js';
import { createDirectPath } from './fast/direct-path.js';
import type { MirrorEntry } from './fast/sdk-mirror.js';
import { createFastMethods } from './fast/served-once.js';
import { LegacySessions } from './legacy-sessions.js';
import { listenRefusal } from './listen-check.js';
import { nodeHeader, writeWebResponse } from './node-io.js';
import { jsonRpcErrorResponse, requestIdOf, whenFinished } from './responses.js';

export { DEFAULT_HTTP_OPTIONS, type HttpOptions } from './options.js';

import type { HttpOptions } from './options.js';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const ALLOWED_REQUEST_HEADER = /^(content-type|accept|authorization|last-event-id|mcp-[a-z0-9-]+)$/i;
const EXPOSED_HEADERS = 'Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate';

export interface RunningHttpServer {
  url: string;
  port: number;
  modern: McpHttpHandler;
  sessions?: LegacySessions;
  authRequired: boolean;
  /** Graceful: refuse new requests (503), let calls in flight finish (bounded), close streams, stop listening. */
  close(): Promise<void>;
}

/**
 * Streamable HTTP for every revision on one endpoint: modern (2026-07-28) requests go
 * to the SDK's `createMcpHandler`, 2025-era requests to sessions (or the SDK's stateless
 * fallback), decided by the SDK's own `isLegacyRequest`. Plain suggest_gifts / get_gift
 * calls of either era take the direct path instead (`serveNodePost`, below). Around it:
 * Host/Origin checks, bearer tokens and rate (EdgeGate, the same for both paths), CORS
 * for browser-based inspectors, /healthz and /metrics.
 */
export async function startHttpServer(
  app: GiftGenApp,
  metrics: ServerMetrics,
  options: HttpOptions,
  internals: { mirror?: readonly MirrorEntry[] } = {},
): Promise<RunningHttpServer> {
  const onerror = (error: Error) => app.log.debug({ event: 'http_mcp_error', err: error.message }, 'request rejected');
  const modern = createMcpHandler(
    () => createGiftServer(app, { transport: 'http', era: 'modern', sessions: 'stateless' }).server,
    {
      legacy: 'reject',
      maxRequestBodySize: options.maxRequestBodySize,
      maxSubscriptions: options.maxListenStreams,
      onerror,
    },
  );
  const sessions =
    options.legacyHttp === 'sessions'
      ? new LegacySessions(app, metrics, {
          maxSessions: options.maxSessions,
          idleMs: options.sessionIdleMs,
          maxRequestBodySize: options.maxRequestBodySize,
        })
      : undefined;
  const stateless = sessions
    ? undefined
    : legacyStatelessFallback(
        () => createGiftServer(app, { transport: 'http', era: 'legacy', sessions: 'stateless' }).server,
        onerror,
        {
          maxRequestBodySize: options.maxRequestBodySize,
        },
      );

  // The SDK's listen router fans these out to every open subscriptions/listen stream that asked for them.
  app.on('resourcesListChanged', () => modern.notify.resourcesChanged());
  app.on('resourceUpdated', (uri) => modern.notify.resourceUpdated(uri));
  app.on('toolsChanged', () => modern.notify.toolsChanged());

  const allowedHosts = [...LOOPBACK, ...options.allowedHosts];
  const allowedOrigins = [...LOOPBACK, ...options.allowedOrigins];
  const anyOrigin = options.allowedOrigins.includes('*');

  const access = new BearerAccess({ tokens: options.tokens, authorizationServers: options.authorizationServers });
  const rate = new RateLimiter(options.rateLimitPerSecond, options.rateLimitBurst);
  const edge = new EdgeGate({
    allowedHosts,
    allowedOrigins,
    anyOrigin,
    access,
    rate,
    metrics,
    peerHeader: PEER_HEADER,
  });
  const toolCalls = new ConcurrencyGate(options.maxConcurrentToolCalls);
  let inFlight = 0;
  let draining = false;

  /** Admits a tool call (a 503 when draining or at the concurrency limit); the caller must call `leave` once it is answered. */
  const admitToolCall = (id: string | number | null): Response | undefined => {
    if (draining)
      return jsonRpcErrorResponse(503, -32000, 'Server is shutting down; retry on another instance', id, {
        'retry-after': '5',
      });
    if (!toolCalls.tryEnter())
      return jsonRpcErrorResponse(503, -32000, `Busy: ${toolCalls.limit} tool calls in progress; retry shortly`, id, {
        'retry-after': '1',
      });
    inFlight++;
    return undefined;
  };
  const leaveToolCall = () => {
    toolCalls.leave();
    inFlight--;
  };

  /** The MCP endpoint, past the gate (Host/Origin, then access: `gate` below, for every route alike). */
  const serveMcp = async (request: Request, parsedBody: unknown, authInfo?: AuthInfo, res?: ServerResponse) => {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204 });
    if (!['GET', 'POST', 'DELETE'].includes(request.method)) {
      return jsonRpcErrorResponse(405, -32000, 'Method not allowed', null, { allow: 'GET, POST, DELETE, OPTIONS' });
    }
    // Hand-wired routing must refuse non-JSON bodies itself (the SDK's isLegacyRequest does not).
    if (request.method === 'POST' && !isJsonContentType(request.headers.get('content-type'))) {
      return jsonRpcErrorResponse(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    const tap = request.method === 'POST' ? new HandshakeTap(app.log, metrics, 'http') : undefined;
    // The direct node path hands on the body it already parsed; otherwise it is read here, once.
    const body = tap ? (parsedBody ?? (await peekJson(request))) : undefined;
    tap?.inbound(body);
    const method = (body as { method?: unknown } | undefined)?.method;
    // While draining, only what completes work already in flight gets in: a client's answer
    // to a server request (an elicitation reply) or a cancellation.
    if (
      draining &&
      !(
        request.method === 'POST' &&
        (method === undefined || method === 'notifications/cancelled') &&
        body !== undefined
      )
    ) {
      return jsonRpcErrorResponse(
        503,
        -32000,
        'Server is shutting down; retry on another instance',
        requestIdOf(body),
        { 'retry-after': '5' },
      );
    }
    // A listen stream keeps its filter and id for as long as it is open: both bounded, the filter to what is served.
    const listenRefused = method === 'subscriptions/listen' ? listenRefusal(body, app, options) : undefined;
    if (listenRefused) return listenRefused;
    if (typeof method === 'string' && FAST_METHOD_NAMES.has(method)) metrics.fastMethods.inc({ method, path: 'sdk' });
    const isToolCall = method === 'tools/call';
    if (isToolCall) {
      const refused = admitToolCall(requestIdOf(body));
      if (refused) return refused;
      metrics.toolCalls.inc({ path: 'sdk' });
    }
    // Only tool calls can take long (a question to the user); they are what shutdown waits
    // for. Everything else answers in milliseconds, and open streams are closed instead.
    const done = () => {
      if (isToolCall) leaveToolCall();
    };
    let response: Response;
    let legacy = false;
    try {
      // The body was read and parsed once, above; the SDK takes it as parsedBody instead of reading it again.
      legacy = await isLegacyRequest(request, body, { maxRequestBodySize: options.maxRequestBodySize });
      // On the modern wire `initialize` is a removed method, answered by the SDK (404, -32601).
      const badInitialize = legacy ? invalidInitialize(body) : undefined;
      response = badInitialize
        ? jsonRpcErrorResponse(400, badInitialize.error.code, badInitialize.error.message, badInitialize.id)
        : legacy
          ? await (sessions
              ? sessions.handle(request, authInfo, body)
              : stateless!(request, { authInfo, parsedBody: body }))
          : await modern.fetch(request, { authInfo, parsedBody: body });
    } catch (error) {
      done();
      throw error;
    }
    if (isToolCall) response = whenFinished(response, done, request.signal);
    const longLived = request.method === 'GET' || method === 'subscriptions/listen';
    if (longLived && response.body && isEventStream(response)) response = guardStream(response, request.signal, res);
    // Sessions are tapped on their own transport; per-request exchanges are observed here.
    // Only a stateless initialize is read from an event stream: a listen stream never ends.
    const watched = method === 'initialize' || method === 'server/discover' || response.status >= 400;
    if (tap && watched && !(legacy && sessions)) void observeResponse(response, tap, method === 'initialize');
    return response;
  };

  const streamDrops = new RateLimitedLog(app.log, 30_000);
  /** A long-lived stream: its head sent at once (not with its first event), what its client leaves unread bounded. */
  const guardStream = (response: Response, signal: AbortSignal, res: ServerResponse | undefined): Response => {
    // The node adapter sets the head (headersSent) once this returns, but node sends it with the first
    // chunk: a client waiting for the head (the AI SDK's) opened a second GET, and got 409.
    if (res) setImmediate(() => res.headersSent && !res.destroyed && res.flushHeaders());
    const body = boundedStream(
      response.body!,
      options.maxStreamQueueBytes,
      (queuedBytes) => {
        const fields = { event: 'stream_dropped', reason: 'client not reading', queuedBytes };
        streamDrops.warn(fields, 'dropped an event stream its client does not read');
        res?.destroy();
      },
      signal,
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };

  type FetchOptions = { parsedBody?: unknown; authInfo?: AuthInfo };
  const fetch = async (request: Request, requestOptions?: FetchOptions): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === '/healthz' && request.method === 'GET') {
      // 503 while the catalog cannot be read, so a balancer sends traffic elsewhere meanwhile.
      const revision = await app.store.revision().catch(() => undefined);
      return Response.json(
        {
          status: revision === undefined ? 'degraded' : 'ok',
          server: 'gift-genius',
          catalog: {
            store: app.store.kind,
            items: app.gifts.length,
            revision: revision ?? null,
            ...(revision === undefined && { error: 'unavailable' }),
          },
          legacySessions: sessions?.size ?? null,
          inFlight,
          toolCallsInUse: toolCalls.inUse,
          draining,
        },
        { status: revision === undefined ? 503 : 200 },
      );
    }
    if (
      url.pathname.startsWith('/.well-known/oauth-protected-resource') &&
      request.method === 'GET' &&
      access.enabled
    ) {
      return Response.json(access.metadata(new URL(options.path, url)));
    }
    if (url.pathname === '/metrics' && request.method === 'GET') {
      return new Response(await metrics.registry.metrics(), {
        headers: { 'content-type': metrics.registry.contentType },
      });
    }
    if (url.pathname !== options.path)
      return jsonRpcErrorResponse(404, -32000, `Not found: the MCP endpoint is ${options.path}`);
    const serving = servingNow.get(request.headers.get(SERVING_HEADER) ?? '');
    const parsedBody = requestOptions?.parsedBody ?? serving?.parsedBody;
    const response = await serveMcp(request, parsedBody, requestOptions?.authInfo, serving?.res);
    return withCors(request, response, allowedOrigins, anyOrigin);
  };

  const nodeHandler = toNodeHandler(
    { fetch },
    {
      maxRequestBodySize: options.maxRequestBodySize,
      onerror: (error) => app.log.error({ event: 'http_adapter_error', err: error.message }, 'HTTP adapter error'),
    },
  );
  const fastMethods = options.directCalls
    ? createFastMethods({
        app,
        metrics,
        sessions,
        mirror: internals.mirror,
        draining: () => draining,
        // The same handlers serveMcp hands these to, in process: the answer to keep is the SDK's own.
        sdkAnswer: (era, request, body, authInfo, check) =>
          era === 'modern'
            ? modern.fetch(request, { authInfo, parsedBody: body })
            : sessions
              ? sessions.handle(request, authInfo, body, check)
              : stateless!(request, { authInfo, parsedBody: body }),
      })
    : undefined;
  // Bounded: a catalog that cannot be read yet (Postgres down at start) must not hold up listening.
  if (fastMethods) {
    const failed = (error: Error) =>
      app.log.error({ event: 'fast_check_failed', err: error.message }, 'start-up check failed');
    const checked = fastMethods.check().catch(failed);
    await Promise.race([checked, new Promise((r) => setTimeout(r, 2000).unref())]);
  }
  const directPath = createDirectPath({
    app,
    fastMethods,
    sessions,
    maxRequestBodySize: options.maxRequestBodySize,
    calls: metrics.toolCalls.labels('direct'),
    admitToolCall,
    leaveToolCall,
    fallback: (req, res, parsedBody) => sdkPath(req, res, parsedBody),
  });

  const adapterError = (res: ServerResponse, error: Error) => {
    app.log.error({ event: 'http_adapter_error', err: error.message }, 'HTTP adapter error');
    if (!res.headersSent) res.writeHead(500).end();
  };
  /**
   * What the web Request/Response pair cannot carry, for the request being served: its node response (a
   * stream's socket), and the body the direct path already parsed; found again by a header only the server
   * sets (the gate removes a client's). Not the adapter's `parsedBody`: it re-serializes that into the web
   * Request (a 5,000-deep body overflowed the stack there), so the SDK path would answer such a body otherwise
   * than when it reads the body itself. Not an AsyncLocalStorage: measured, it kept ~2.4 KB per request alive
   * and tripled RSS growth under the fuzz suite.
   */
  const servingNow = new Map<string, { res: ServerResponse; parsedBody?: unknown }>();
  let servingSeq = 0;
  const sdkPath = (req: IncomingMessage, res: ServerResponse, parsedBody?: unknown) => {
    const key = String(++servingSeq);
    req.headers[SERVING_HEADER] = key;
    servingNow.set(key, { res, parsedBody });
    res.once('close', () => servingNow.delete(key));
    nodeHandler(req, res).catch((error: Error) => adapterError(res, error));
  };

  /** Past the gate: the direct path for plain JSON POSTs from non-browser clients, the SDK's for everything else. */
  const route = (req: IncomingMessage, res: ServerResponse, authorized: Authorized) => {
    if (authorized instanceof Response) {
      return void writeWebResponse(res, withNodeCors(req, authorized, allowedOrigins, anyOrigin));
    }
    // The node adapter hands req.auth on as the handler's authInfo.
    if (authorized.authInfo) (req as IncomingMessage & { auth?: AuthInfo }).auth = authorized.authInfo;
    const direct =
      options.directCalls &&
      req.method === 'POST' &&
      req.url === options.path &&
      req.headers.origin === undefined &&
      isJsonContentType(nodeHeader(req, 'content-type'));
    if (direct) directPath(req, res, authorized.authInfo);
    else sdkPath(req, res);
  };

  /**
   * The one gate, for every route (/mcp, /healthz, /metrics, anything else) and both paths, in one
   * order: Host and Origin (DNS rebinding), then access (token, rate). Open past access: CORS
   * preflights (they cannot carry a token), the RFC 9728 metadata (how a client learns where to get
   * one), and /healthz and /metrics with --open-probes.
   */
  const gate = (req: IncomingMessage, res: ServerResponse) => {
    // The web Request has no peer address; carry it in a header the client cannot set.
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? 'unknown';
    delete req.headers[SERVING_HEADER];
    const head = nodeHead(req);
    const rejected = edge.hostAndOrigin(head);
    if (rejected) return void writeWebResponse(res, withNodeCors(req, rejected, allowedOrigins, anyOrigin));
    const path = pathOf(req.url);
    const open =
      (req.method === 'OPTIONS' && path === options.path) ||
      path.startsWith('/.well-known/oauth-protected-resource') ||
      (options.openProbes && (path === '/healthz' || path === '/metrics'));
    const authorized = open ? OPEN : edge.authorize(head);
    if (authorized instanceof Promise) void authorized.then((a) => route(req, res, a));
    else route(req, res, authorized);
  };

  // Node checks the header and request timeouts on an interval (30 s by default): often enough for them to hold.
  const connectionsCheckingInterval = Math.max(100, Math.min(5000, options.headersTimeoutMs / 4));
  const server: HttpServer = createServer({ connectionsCheckingInterval }, gate);
  // Every connection times out: its headers, its whole request (a short body gets 408), and idle
  // between requests. A stream, once its request is in, is not subject to these (node applies them
  // to receiving a request only); a stream that stops reading is dropped by guardStream.
  server.headersTimeout = options.headersTimeoutMs;
  server.requestTimeout = options.requestTimeoutMs;
  server.keepAliveTimeout = options.idleTimeoutMs;
  // Per open connection, how many of its requests are unanswered: one with none (idle keep-alive, or no
  // request yet) is what gives way first when the cap is reached. A Map keeps them oldest first.
  const connections = new Map<Socket, { busy: number }>();
  const refusals = new RateLimitedLog(app.log, 30_000);
  server.on('connection', (socket: Socket) => {
    if (connections.size >= options.maxConnections) {
      for (const [other, state] of connections) {
        if (state.busy === 0) {
          other.destroy();
          connections.delete(other);
          break;
        }
      }
      if (connections.size >= options.maxConnections) {
        const fields = { event: 'connection_refused', reason: 'connection limit', limit: options.maxConnections };
        refusals.warn(fields, 'connection refused: at the limit');
        return void socket.destroy();
      }
    }
    connections.set(socket, { busy: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = connections.get(req.socket);
    if (!state) return;
    state.busy++;
    res.once('close', () => state.busy--);
  });
  // Out of file descriptors (EMFILE on accept) and the like: logged, and the server keeps serving
  // the connections it has; without a listener node would end the process.
  const serverErrors = new RateLimitedLog(app.log, 30_000);
  server.on('error', (error: NodeJS.ErrnoException) => {
    // A failed listen (port in use) is the start's own error, worded by the CLI: not logged twice.
    if (!server.listening) return;
    serverErrors.error({ event: 'http_server_error', code: error.code, err: error.message }, 'HTTP server error');
  });
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
    authRequired: access.enabled,
    async close() {
      draining = true;
      fastMethods?.close();
      const deadline = Date.now() + options.shutdownGraceMs;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      if (inFlight > 0) app.log.warn({ event: 'shutdown_timeout', inFlight }, 'stopping with calls still in flight');
      rate.close();
      await sessions?.close();
      await modern.close();
      server.closeIdleConnections();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        setTimeout(() => (server.closeAllConnections(), resolve()), 1000).unref();
      });
    },
  };
}

const PEER_HEADER = 'x-giftgen-peer';
const FAST_METHOD_NAMES = new Set([
  'server/discover',
  'tools/list',
  'resources/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
]);
const SERVING_HEADER = 'x-giftgen-serving';
const OPEN: Authorized = Object.freeze({});

const pathOf = (url: string | undefined) => {
  const q = (url ?? '/').indexOf('?');
  return q < 0 ? (url ?? '/') : url!.slice(0, q);
};
const isEventStream = (response: Response) =>
  (response.headers.get('content-type') ?? '').includes('text/event-stream');

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

/** withCors for a gate rejection answered from node's request (a browser must be able to read a 401 or 403). */
function withNodeCors(req: IncomingMessage, response: Response, allowedOrigins: string[], anyOrigin: boolean) {
  if (req.headers.origin === undefined) return response;
  const headers = new Headers();
  for (const name of ['origin', 'access-control-request-headers']) {
    const value = nodeHeader(req, name);
    if (value !== null) headers.set(name, value);
  }
  const request = new Request('http://localhost/', { method: req.method === 'OPTIONS' ? 'OPTIONS' : 'GET', headers });
  return withCors(request, response, allowedOrigins, anyOrigin);
}

function withCors(request: Request, response: Response, allowedOrigins: string[], anyOrigin: boolean): Response {
  const origin = request.headers.get('origin');
  if (!origin) return response;
  let allowed = anyOrigin;
  try {
    const host = new URL(origin).hostname;
    allowed ||=
      allowedOrigins.includes(host) ||
      allowedOrigins.includes(`[${host}]`) ||
      allowedOrigins.includes(host.replace(/^\[|\]$/g, ''));
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
    headers.set(
      'access-control-allow-headers',
      [
        ...new Set([
          'Content-Type',
          'Accept',
          'Authorization',
          'Mcp-Session-Id',
          'MCP-Protocol-Version',
          'Mcp-Method',
          'Mcp-Name',
          'Last-Event-ID',
          ...requested,
        ]),
      ].join(', '),
    );
    headers.set('access-control-max-age', '600');
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
