import {
  type AuthInfo,
  createMcpHandler,
  legacyStatelessFallback,
  type McpHttpHandler,
} from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../app.js';
import type { LiveReceiver } from '../live/live-updates.js';
import type { ServerMetrics } from '../observe/metrics.js';
import { createGiftServer } from '../server.js';
import { ToolCallAdmission } from './admission.js';
import type { SdkAnswer } from './dispatch.js';
import { BearerAccess } from './edge/access.js';
import { Cors } from './edge/cors.js';
import { EdgeGate } from './edge/gate.js';
import { RateLimiter } from './edge/limits.js';
import { KeptAnswers } from './kept.js';
import { LegacySessions } from './legacy-sessions.js';
import { createMcpEndpoint, type McpEndpoint } from './mcp-endpoint.js';
import type { HttpOptions } from './options.js';
import type { ProbeContext } from './probes.js';
import { createSdkCheck, type SdkCheck } from './sdk-check.js';
import { reservedForRequests, StreamSlots } from './stream-slots.js';
import { TABLE, type TableEntry } from './table.js';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
/** The header carrying the peer address into the web Request (set by the gate, never by the client). */
export const PEER_HEADER = 'x-giftgen-peer';
/** The modern listen streams, as one receiver: no handshake, and the router filters updates itself. */
const LISTEN_ROUTER: LiveReceiver = Object.freeze({ initialized: true, subscriptions: 'all' });

/** Everything the HTTP server is made of, apart from how a request is routed among them (server.ts). */
export interface HttpParts {
  modern: McpHttpHandler;
  sessions?: LegacySessions;
  cors: Cors;
  access: BearerAccess;
  rate: RateLimiter;
  edge: EdgeGate;
  admission: ToolCallAdmission;
  serveMcp: McpEndpoint;
  probes: ProbeContext;
  kept: KeptAnswers;
  check: SdkCheck;
  sdkAnswer: SdkAnswer;
  table: readonly TableEntry[];
  close(): Promise<void>;
}

/**
 * The parts, made once: the SDK's handlers (modern, and legacy sessions or the SDK's stateless fallback),
 * the edge checks, the tool-call admission, the endpoint of the SDK path, the table's memo and its
 * start-up check. `internals.table` lets a test put a broken table in to see the check switch it off.
 */
export function composeHttp(
  app: GiftGenApp,
  metrics: ServerMetrics,
  options: HttpOptions,
  internals: { table?: readonly TableEntry[]; installedSdkVersion?: string } = {},
): HttpParts {
  // First: kept answers are dropped before any client hears of the change that drops them.
  const kept = new KeptAnswers(app);
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
  const streams = new StreamSlots(
    options.maxConnections - reservedForRequests(options.maxConnections),
    options.maxStreamsPerClient,
  );
  const serveMcp = createMcpEndpoint({
    app,
    metrics,
    options,
    admission,
    modern,
    sessions,
    stateless,
    streams,
    clientOf: (request, authInfo) => authInfo?.clientId ?? request.headers.get(PEER_HEADER) ?? 'unknown',
  });
  const probes: ProbeContext = { app, metrics, access, admission, sessions, mcpPath: options.path };

  // The same handlers serveMcp hands these to, in process: the answer to keep is the SDK's own.
  const sdkAnswer: SdkAnswer = (era, request, body, authInfo?: AuthInfo) =>
    era === 'modern'
      ? modern.fetch(request, { authInfo, parsedBody: body })
      : sessions
        ? sessions.handle(request, authInfo, body)
        : stateless!(request, { authInfo, parsedBody: body });
  const table = internals.table ?? TABLE;
  const check = createSdkCheck({
    app,
    table,
    kept,
    sessions,
    sdkAnswer,
    installedSdkVersion: internals.installedSdkVersion,
    ...(sessions && {
      openSession: (version, capabilities) => openCheckSession(sessions, version, capabilities),
      closeSession: (sessionId) => closeCheckSession(sessions, sessionId),
    }),
  });

  return {
    modern,
    sessions,
    cors,
    access,
    rate,
    edge,
    admission,
    serveMcp,
    probes,
    kept,
    check,
    sdkAnswer,
    table,
    async close() {
      check.close();
      const left = await admission.drain(Date.now() + options.shutdownGraceMs);
      if (left > 0) app.log.warn({ event: 'shutdown_timeout', inFlight: left }, 'stopping with calls still in flight');
      rate.close();
      await sessions?.close();
      detachListen();
      kept.detach();
      await modern.close();
    },
  };
}

/** A session the server opens itself for the start-up check (untapped: not a client's handshake). */
async function openCheckSession(
  sessions: LegacySessions,
  protocolVersion: string,
  capabilities: object,
): Promise<string | undefined> {
  const initialize = {
    jsonrpc: '2.0',
    id: 'startup-check',
    method: 'initialize',
    params: { protocolVersion, capabilities, clientInfo: { name: 'gift-genius-startup-check', version: '1' } },
  };
  const opened = await sessions.handle(cannedRequest(initialize, {}), undefined, initialize, true);
  await opened.text();
  const sessionId = opened.headers.get('mcp-session-id') ?? undefined;
  if (sessionId) {
    const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
    const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': protocolVersion };
    await (await sessions.handle(cannedRequest(initialized, headers), undefined, initialized)).text();
  }
  return sessionId;
}

async function closeCheckSession(sessions: LegacySessions, sessionId: string): Promise<void> {
  const request = new Request('http://localhost/mcp', { method: 'DELETE', headers: { 'mcp-session-id': sessionId } });
  await (await sessions.handle(request, undefined)).text();
}

function cannedRequest(body: unknown, headers: Record<string, string>): Request {
  const all = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers };
  return new Request('http://localhost/mcp', { method: 'POST', headers: all, body: JSON.stringify(body) });
}
