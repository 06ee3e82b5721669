import { createServer, type Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  createMcpHandler,
  isJsonContentType,
  legacyStatelessFallback,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../app.js';
import type { LiveReceiver } from '../live/live-updates.js';
import type { ServerMetrics } from '../observe/metrics.js';
import { RateLimitedLog } from '../observe/rate-limited-log.js';
import { createGiftServer } from '../server.js';
import { ToolCallAdmission } from './admission.js';
import { connectionsCheckingInterval, limitConnections } from './connections.js';
import { BearerAccess } from './edge/access.js';
import { Cors } from './edge/cors.js';
import { type Authorized, EdgeGate, nodeHead } from './edge/gate.js';
import { RateLimiter } from './edge/limits.js';
import { createDirectPath } from './fast/direct-path.js';
import type { MirrorEntry } from './fast/sdk-mirror.js';
import { createFastMethods } from './fast/served-once.js';
import { LegacySessions } from './legacy-sessions.js';
import { createMcpEndpoint } from './mcp-endpoint.js';
import { nodeHeader, writeWebResponse } from './node-io.js';
import type { HttpOptions } from './options.js';
import { answerProbe, type ProbeContext } from './probes.js';
import { jsonRpcErrorResponse } from './responses.js';

export { DEFAULT_HTTP_OPTIONS, type HttpOptions } from './options.js';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

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
 * Streamable HTTP for every revision on one endpoint. Every request passes one gate first, on every
 * route (`gate` below: Host/Origin, then access); then the MCP endpoint's POSTs from non-browser
 * clients go to the direct path (fast/: plain tool calls and the served-once answers, read from node's
 * request), everything else to the SDK path (mcp-endpoint.ts) through the SDK's node adapter. Beside
 * the endpoint: /healthz, /metrics, the RFC 9728 metadata (probes.ts). CORS on every answer (edge/cors.ts).
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
        { maxRequestBodySize: options.maxRequestBodySize },
      );

  // The SDK's listen router hands these on to every open subscriptions/listen stream whose filter asks for them.
  const detachListen = app.live.add(LISTEN_ROUTER, (_, change) => {
    if (change.kind === 'resourcesListChanged') modern.notify.resourcesChanged();
    else if (change.kind === 'resourceUpdated') modern.notify.resourceUpdated(change.uri);
    else modern.notify.toolsChanged();
  });

  const allowedOrigins = [...LOOPBACK, ...options.allowedOrigins];
  const anyOrigin = options.allowedOrigins.includes('*');
  const cors = new Cors(allowedOrigins, anyOrigin);
  const access = new BearerAccess({
    tokens: options.tokens,
    authorizationServers: options.authorizationServers,
    oauth: options.oauth,
  });
  const rate = new RateLimiter(options.rateLimitPerSecond, options.rateLimitBurst);
  const edge = new EdgeGate({
    allowedHosts: [...LOOPBACK, ...options.allowedHosts],
    allowedOrigins,
    anyOrigin,
    access,
    rate,
    metrics,
    peerHeader: PEER_HEADER,
  });
  const admission = new ToolCallAdmission(options.maxConcurrentToolCalls);
  const serveMcp = createMcpEndpoint({ app, metrics, options, admission, modern, sessions, stateless });
  const probes: ProbeContext = { app, metrics, access, admission, sessions, mcpPath: options.path };

  type FetchOptions = { parsedBody?: unknown; authInfo?: AuthInfo };
  const fetch = async (request: Request, requestOptions?: FetchOptions): Promise<Response> => {
    const url = new URL(request.url);
    const probe = answerProbe(request, url, probes);
    if (probe) return probe;
    if (url.pathname !== options.path)
      return jsonRpcErrorResponse(404, -32000, `Not found: the MCP endpoint is ${options.path}`);
    const serving = servingNow.get(request.headers.get(SERVING_HEADER) ?? '');
    const parsedBody = requestOptions?.parsedBody ?? serving?.parsedBody;
    const response = await serveMcp(request, parsedBody, requestOptions?.authInfo, serving?.res);
    return cors.apply(request, response);
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
        admission,
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
    admission,
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
    if (authorized instanceof Response) return void writeWebResponse(res, cors.applyNode(req, authorized));
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
    if (rejected) return void writeWebResponse(res, cors.applyNode(req, rejected));
    const path = pathOf(req.url);
    const open =
      (req.method === 'OPTIONS' && path === options.path) ||
      path.startsWith('/.well-known/oauth-protected-resource') ||
      (options.openProbes && (path === '/healthz' || path === '/metrics'));
    const authorized = open ? OPEN : edge.authorize(head);
    if (authorized instanceof Promise) void authorized.then((a) => route(req, res, a));
    else route(req, res, authorized);
  };

  const server: HttpServer = createServer(
    { connectionsCheckingInterval: connectionsCheckingInterval(options.headersTimeoutMs) },
    gate,
  );
  limitConnections(server, options, app.log);
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
      fastMethods?.close();
      const left = await admission.drain(Date.now() + options.shutdownGraceMs);
      if (left > 0) app.log.warn({ event: 'shutdown_timeout', inFlight: left }, 'stopping with calls still in flight');
      rate.close();
      await sessions?.close();
      detachListen();
      await modern.close();
      server.closeIdleConnections();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        setTimeout(() => (server.closeAllConnections(), resolve()), 1000).unref();
      });
    },
  };
}

/** The modern listen streams, as one receiver: no handshake, and the router filters updates itself. */
const LISTEN_ROUTER: LiveReceiver = Object.freeze({ initialized: true, subscriptions: 'all' });
const PEER_HEADER = 'x-giftgen-peer';
const SERVING_HEADER = 'x-giftgen-serving';
const OPEN: Authorized = Object.freeze({});

const pathOf = (url: string | undefined) => {
  const q = (url ?? '/').indexOf('?');
  return q < 0 ? (url ?? '/') : url!.slice(0, q);
};
