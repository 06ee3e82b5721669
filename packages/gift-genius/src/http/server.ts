import { createServer, type Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { type AuthInfo, isJsonContentType, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../app.js';
import type { ServerMetrics } from '../observe/metrics.js';
import { RateLimitedLog } from '../observe/rate-limited-log.js';
import { composeHttp, PEER_HEADER } from './compose.js';
import { connectionsCheckingInterval, limitConnections } from './connections.js';
import { createDispatch } from './dispatch.js';
import { framingRefusal } from './edge/framing.js';
import { type Authorized, nodeHead } from './edge/gate.js';
import type { LegacySessions } from './legacy-sessions.js';
import { nodeHeader, writeWebResponse } from './node-io.js';
import type { HttpOptions } from './options.js';
import { answerProbe } from './probes.js';
import { jsonRpcErrorResponse } from './responses.js';
import type { TableEntry } from './table.js';

export { DEFAULT_HTTP_OPTIONS, type HttpOptions } from './options.js';

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
 * Streamable HTTP for every revision on one endpoint: how a request is routed among the parts
 * (compose.ts). Every request passes one gate first, on every route (its framing, Host/Origin, then
 * access); then the MCP endpoint's JSON POSTs from non-browser clients go to the table (dispatch.ts),
 * which answers what it holds and hands everything else to the SDK path (mcp-endpoint.ts) through the
 * SDK's node adapter, as it hands every other request. Beside the endpoint: /healthz, /metrics, the
 * RFC 9728 metadata (probes.ts). CORS on every answer.
 */
export async function startHttpServer(
  app: GiftGenApp,
  metrics: ServerMetrics,
  options: HttpOptions,
  internals: { table?: readonly TableEntry[]; installedSdkVersion?: string } = {},
): Promise<RunningHttpServer> {
  const parts = composeHttp(app, metrics, options, internals);
  const { cors, edge, serveMcp, probes, sessions } = parts;

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
  // Whatever still fails in the adapter is logged at most once per 30 s (with a count of the rest), not per request.
  const adapterErrors = new RateLimitedLog(app.log, 30_000);
  const logAdapterError = (error: Error) =>
    adapterErrors.error({ event: 'http_adapter_error', err: error.message }, 'HTTP adapter error');
  const nodeHandler = toNodeHandler(
    { fetch },
    { maxRequestBodySize: options.maxRequestBodySize, onerror: logAdapterError },
  );

  /**
   * What the web Request/Response pair cannot carry, for the request being served: its node response (a
   * stream's socket), and the body the table already parsed; found again by a header only the server
   * sets (the gate removes a client's). Not the adapter's `parsedBody`: it re-serializes that into the web
   * Request (a 5,000-deep body overflowed the stack there). Not an AsyncLocalStorage: measured, it kept
   * ~2.4 KB per request alive and tripled RSS growth under the fuzz suite.
   */
  const servingNow = new Map<string, { res: ServerResponse; parsedBody?: unknown }>();
  let servingSeq = 0;
  const sdkPath = (req: IncomingMessage, res: ServerResponse, parsedBody?: unknown) => {
    const key = String(++servingSeq);
    req.headers[SERVING_HEADER] = key;
    servingNow.set(key, { res, parsedBody });
    res.once('close', () => servingNow.delete(key));
    nodeHandler(req, res).catch((error: Error) => {
      logAdapterError(error);
      if (!res.headersSent) res.writeHead(500).end();
    });
  };

  const dispatch = options.directCalls
    ? createDispatch({
        app,
        metrics,
        table: parts.table,
        enabled: parts.check.enabled,
        kept: parts.kept,
        sessions,
        admission: parts.admission,
        maxRequestBodySize: options.maxRequestBodySize,
        sdkAnswer: parts.sdkAnswer,
        fallback: sdkPath,
      })
    : undefined;
  if (dispatch) {
    // Bounded: a catalog that cannot be read yet (Postgres down at start) must not hold up listening.
    const failed = (error: Error) =>
      app.log.error({ event: 'fast_check_failed', err: error.message }, 'start-up check failed');
    const checked = parts.check.run().catch(failed);
    await Promise.race([checked, new Promise((r) => setTimeout(r, 2000).unref())]);
  }

  /** Past the gate: the table for plain JSON POSTs from non-browser clients, the SDK's path for everything else. */
  const route = (req: IncomingMessage, res: ServerResponse, authorized: Authorized) => {
    if (authorized instanceof Response) return void writeWebResponse(res, cors.applyNode(req, authorized));
    // The node adapter hands req.auth on as the handler's authInfo.
    if (authorized.authInfo) (req as IncomingMessage & { auth?: AuthInfo }).auth = authorized.authInfo;
    const table =
      dispatch &&
      req.method === 'POST' &&
      req.url === options.path &&
      req.headers.origin === undefined &&
      isJsonContentType(nodeHeader(req, 'content-type'));
    if (table) dispatch(req, res, authorized.authInfo);
    else sdkPath(req, res);
  };

  /**
   * The one gate, for every route (/mcp, /healthz, /metrics, anything else), in one order: the request's
   * framing (RFC 9112), Host and Origin (DNS rebinding), then access (token, rate). Open past access:
   * CORS preflights (they cannot carry a token), the RFC 9728 metadata (how a client learns where to get
   * one), and /healthz and /metrics with --open-probes.
   */
  const gate = (req: IncomingMessage, res: ServerResponse) => {
    // The web Request has no peer address; carry it in a header the client cannot set.
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? 'unknown';
    delete req.headers[SERVING_HEADER];
    const head = nodeHead(req);
    const rejected = framingRefusal(req) ?? edge.hostAndOrigin(head);
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
  }).catch(async (error) => {
    await parts.close();
    throw error;
  });
  const { port } = server.address() as AddressInfo;
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${hostForUrl}:${port}${options.path}`,
    port,
    modern: parts.modern,
    sessions,
    authRequired: parts.access.enabled,
    async close() {
      await parts.close();
      server.closeIdleConnections();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        setTimeout(() => (server.closeAllConnections(), resolve()), 1000).unref();
      });
    },
  };
}

const SERVING_HEADER = 'x-giftgen-serving';
const OPEN: Authorized = Object.freeze({});

const pathOf = (url: string | undefined) => {
  const q = (url ?? '/').indexOf('?');
  return q < 0 ? (url ?? '/') : url!.slice(0, q);
};
