import type { ServerResponse } from 'node:http';
import {
  type AuthInfo,
  isJsonContentType,
  isLegacyRequest,
  type legacyStatelessFallback,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../app.js';
import { HandshakeTap } from '../observe/handshake-tap.js';
import type { ServerMetrics } from '../observe/metrics.js';
import { RateLimitedLog } from '../observe/rate-limited-log.js';
import { invalidInitialize } from '../primitives/initialize-check.js';
import { shuttingDown, type ToolCallAdmission } from './admission.js';
import { boundedStream } from './bounded-stream.js';
import type { LegacySessions } from './legacy-sessions.js';
import { type ListenLimits, listenRefusal } from './listen-check.js';
import type { HttpOptions } from './options.js';
import { jsonRpcErrorResponse, requestIdOf, whenFinished } from './responses.js';
import type { StreamSlots } from './stream-slots.js';
import { KEPT_METHODS } from './table.js';

/** The SDK's stateless legacy handler (when the server keeps no sessions). */
export type StatelessLegacyHandler = ReturnType<typeof legacyStatelessFallback>;

export interface McpEndpointOptions {
  app: GiftGenApp;
  metrics: ServerMetrics;
  options: Pick<HttpOptions, 'maxRequestBodySize' | 'maxStreamQueueBytes'> & ListenLimits;
  admission: ToolCallAdmission;
  modern: McpHttpHandler;
  sessions?: LegacySessions;
  stateless?: StatelessLegacyHandler;
  /** Who may hold a long-lived stream, and who the client is (its credential, else its address). */
  streams: StreamSlots;
  clientOf(request: Request, authInfo: AuthInfo | undefined): string;
}

/** The MCP endpoint as a web handler; `res` is the node response under it, for long-lived streams. */
export type McpEndpoint = (
  request: Request,
  parsedBody: unknown,
  authInfo?: AuthInfo,
  res?: ServerResponse,
) => Promise<Response>;

/**
 * The SDK path of the MCP endpoint, past the gate (Host/Origin, then access): the body parsed once, the
 * drain and the tool-call limit applied, listen streams bounded, then the request handed to the handler
 * of its era (the SDK's own `isLegacyRequest` decides): modern to `createMcpHandler`, legacy to sessions
 * or the SDK's stateless fallback. Long-lived streams are bounded; handshakes and errors are tapped.
 */
export function createMcpEndpoint(endpoint: McpEndpointOptions): McpEndpoint {
  const { app, metrics, options, admission, modern, sessions, stateless, streams } = endpoint;
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

  return async (request, parsedBody, authInfo, res) => {
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
    const completesWork =
      request.method === 'POST' && (method === undefined || method === 'notifications/cancelled') && body !== undefined;
    if (admission.isDraining && !completesWork) return shuttingDown(requestIdOf(body));
    // A listen stream keeps its filter and id for as long as it is open: both bounded, the filter to what is served.
    const listenRefused = method === 'subscriptions/listen' ? listenRefusal(body, app, options) : undefined;
    if (listenRefused) return listenRefused;
    // A stream holds a connection while open: within the streams' share of connections, and the client's.
    const wantsStream = method === 'subscriptions/listen' || (request.method === 'GET' && sessions !== undefined);
    const slot = wantsStream ? streams.take(endpoint.clientOf(request, authInfo)) : undefined;
    if (typeof slot === 'string') return streamRefusal(slot, streams, method === 'subscriptions/listen', body);
    if (typeof method === 'string' && KEPT_METHODS.has(method)) metrics.fastMethods.inc({ method, path: 'sdk' });
    const isToolCall = method === 'tools/call';
    if (isToolCall) {
      const refused = admission.admit(requestIdOf(body));
      if (refused) return refused;
      metrics.toolCalls.inc({ path: 'sdk' });
    }
    const done = () => {
      if (isToolCall) admission.leave();
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
      slot?.();
      throw error;
    }
    if (isToolCall) response = whenFinished(response, done, request.signal);
    if (slot) response = isEventStream(response) ? whenFinished(response, slot, request.signal) : (slot(), response);
    const longLived = request.method === 'GET' || method === 'subscriptions/listen';
    if (longLived && response.body && isEventStream(response)) response = guardStream(response, request.signal, res);
    // Sessions are tapped on their own transport; per-request exchanges are observed here.
    // Only a stateless initialize is read from an event stream: a listen stream never ends.
    const watched = method === 'initialize' || method === 'server/discover' || response.status >= 400;
    if (tap && watched && !(legacy && sessions)) void observeResponse(response, tap, method === 'initialize');
    return response;
  };
}

/** A stream over a limit: in-band for listen, as the SDK's router refuses its own; 503 for a legacy GET stream. */
function streamRefusal(limit: 'client' | 'total', streams: StreamSlots, listen: boolean, body: unknown): Response {
  const message =
    limit === 'client'
      ? `Subscription limit reached: at most ${streams.perClient} open streams per client`
      : `Subscription limit reached: ${streams.total} open streams on this server`;
  if (listen) return jsonRpcErrorResponse(200, -32603, message, requestIdOf(body));
  return jsonRpcErrorResponse(503, -32000, `${message}; retry later`, null, { 'retry-after': '5' });
}

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
