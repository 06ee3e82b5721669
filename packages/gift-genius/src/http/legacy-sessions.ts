import { randomUUID } from 'node:crypto';
import {
  type AuthInfo,
  type ClientCapabilities,
  type JSONRPCMessage,
  SUPPORTED_PROTOCOL_VERSIONS,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../app.js';
import type { LiveChange } from '../live/live-updates.js';
import { HandshakeTap } from '../observe/handshake-tap.js';
import type { ServerMetrics } from '../observe/metrics.js';
import { TapTransport } from '../observe/tap-transport.js';
import { LEGACY_METHODS } from '../primitives/initialize-check.js';
import type { Lane } from '../primitives/lane.js';
import { LOG_LEVELS } from '../primitives/log-levels.js';
import { createGiftServer, type GiftServer } from '../server.js';
import type { SessionFacts, SessionView } from './plain-request.js';
import { jsonRpcErrorResponse, requestIdOf, whenFinished } from './responses.js';
import { sessionInitialize } from './session-record.js';

export interface LegacySessionOptions {
  maxSessions: number;
  idleMs: number;
  maxRequestBodySize: number;
  /** Interval of the `: keepalive` comment on open GET streams (the SDK's default: 15 s). */
  keepAliveMs?: number;
}

const LANE: Lane = { transport: 'http', era: 'legacy', sessions: 'stateful' };
const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** An SDK instance serving a session while it has requests in flight. */
interface LiveInstance {
  gs: GiftServer;
  transport: WebStandardStreamableHTTPServerTransport;
  /** Settles once the instance has been brought to the session's state (initialize replayed). */
  ready: Promise<void>;
  inFlight: number;
}

/**
 * What a session is between requests: who opened it, what it negotiated, what it asked
 * for. A few hundred bytes; the SDK instance (tens of KB) exists only while a request is
 * being served.
 */
interface Session {
  id: string;
  /** Who opened it (a hash of their token): a session answers only to the credentials that created it. */
  principal?: string;
  lastSeen: number;
  /**
   * The client's `initialize` as far as this server uses it (session-record.ts: bounded, whatever the
   * client sent), replayed into every instance that serves this session.
   */
  initialize: string;
  /** The revision the client asked for in it (what the SDK negotiated follows from it). */
  protocolVersion: string;
  clientCapabilities?: ClientCapabilities;
  /** `notifications/initialized` seen: list changes may be sent from now on. */
  initialized: boolean;
  /** What `logging/setLevel` last set (replayed like `initialize`). */
  logLevel?: string;
  /** `resources/subscribe` URIs; made when an instance serves the session, dropped again while empty. */
  subscriptions?: Set<string>;
  /** The GET stream, when the client holds one open: where list changes and updates go. */
  stream?: ReadableStreamDefaultController<Uint8Array>;
  live?: LiveInstance;
}

const encoder = new TextEncoder();
const frame = (message: JSONRPCMessage) => encoder.encode(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
/** A change as the notification a legacy GET stream carries (the list ones are the same bytes every time). */
const LIST_CHANGED = frame({ jsonrpc: '2.0', method: 'notifications/resources/list_changed' });
const TOOLS_CHANGED = frame({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
let lastUpdate: { change: LiveChange; bytes: Uint8Array } | undefined;
/** One frame per change, however many sessions it reaches. */
const frameOf = (change: LiveChange): Uint8Array => {
  if (change.kind === 'resourcesListChanged') return LIST_CHANGED;
  if (change.kind === 'toolsChanged') return TOOLS_CHANGED;
  if (lastUpdate?.change !== change) {
    const params = { uri: change.uri };
    lastUpdate = { change, bytes: frame({ jsonrpc: '2.0', method: 'notifications/resources/updated', params }) };
  }
  return lastUpdate.bytes;
};

/**
 * Sessionful Streamable HTTP for the 2025 revisions: `Mcp-Session-Id`, a GET stream for
 * what the server sends unasked (list changes, resource updates), DELETE to end it, idle
 * expiry and a cap. The SDK's `createMcpHandler` serves legacy traffic only statelessly,
 * so this sits in front of it, routed by `isLegacyRequest` as the SDK documents.
 *
 * Why not one SDK instance per session: each holds a whole McpServer and transport,
 * ≈26 KB of heap per idle session (bench: memory). Here a session is a small record;
 * a request that needs the SDK gets an instance brought to the session's state by
 * replaying the client's own `initialize` (and `notifications/initialized`, and its log
 * level) through the SDK's transport, and the instance is dropped when no request of
 * that session is in flight any more. Questions to the user (elicitation) keep the
 * instance alive, because the call that asked is in flight until answered. Plain tool
 * calls do not need an instance at all (the table, http/table.ts).
 */
export class LegacySessions implements SessionView {
  private readonly sessions = new Map<string, Session>();
  private opening = 0;
  private readonly timers: NodeJS.Timeout[];
  private readonly detachLive: () => void;

  constructor(
    private readonly app: GiftGenApp,
    private readonly metrics: ServerMetrics,
    private readonly options: LegacySessionOptions,
  ) {
    this.timers = [
      setInterval(() => this.expireIdle(), Math.min(30_000, Math.max(50, options.idleMs / 4))),
      // One timer for every open stream, instead of one per stream.
      setInterval(() => this.keepAlive(), options.keepAliveMs ?? 15_000),
    ];
    for (const timer of this.timers) timer.unref();
    // Sessions with a GET stream open hear changes, by the fan-out's rules (initialized, subscribed).
    this.detachLive = app.live.addGroup(
      () => this.listening(),
      (session, change) => this.push(session, change),
    );
  }

  get size(): number {
    return this.sessions.size;
  }

  /** What the table (table.ts) reads of a session; `undefined` when there is none by that id. Changes nothing. */
  facts(sessionId: string): SessionFacts | undefined {
    const session = this.sessions.get(sessionId);
    if (!session) return undefined;
    const { protocolVersion, clientCapabilities, logLevel, principal } = session;
    return { protocolVersion, clientCapabilities, logLevel, principal };
  }

  /** Whether the session is there and the caller's; if so it counts as used now. */
  claim(sessionId: string, principal: string | undefined): boolean {
    return this.lookup(sessionId, principal) !== undefined;
  }

  /** The caller's session, its idle clock reset. */
  private lookup(sessionId: string, principal: string | undefined): Session | undefined {
    const session = this.sessions.get(sessionId);
    // The spec's signal to start over: 404, and the client re-initializes. Someone else's
    // session looks exactly like a missing one, so ids cannot be probed.
    if (!session || session.principal !== principal) return undefined;
    session.lastSeen = Date.now();
    return session;
  }

  /** `untapped`: a session the server opens itself (the served-once start-up check), not a client's handshake. */
  async handle(request: Request, authInfo?: AuthInfo, parsedBody?: unknown, untapped = false): Promise<Response> {
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const session = this.lookup(sessionId, authInfo?.clientId);
      if (!session) return jsonRpcErrorResponse(404, -32001, 'Session not found');
      return this.serve(session, request, authInfo, parsedBody);
    }
    if (request.method !== 'POST') {
      return jsonRpcErrorResponse(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    }
    // Anything but initialize needs a session; answer here so the request id is echoed.
    const body = parsedBody;
    const method = (body as { method?: unknown } | undefined)?.method;
    if (body !== undefined && !Array.isArray(body) && method !== 'initialize') {
      if (typeof method === 'string' && !method.startsWith('notifications/') && !LEGACY_METHODS.has(method)) {
        return jsonRpcErrorResponse(400, -32601, `Method not found: ${method.slice(0, 100)}`, requestIdOf(body));
      }
      return jsonRpcErrorResponse(
        400,
        -32000,
        'Bad Request: no Mcp-Session-Id header; send initialize first to open a session',
        requestIdOf(body),
      );
    }

    if (this.sessions.size + this.opening >= this.options.maxSessions) {
      this.metrics.negotiationFailures.inc({ reason: 'session_limit', era: 'legacy', transport: 'http' });
      return jsonRpcErrorResponse(
        503,
        -32000,
        `Too many open sessions (limit ${this.options.maxSessions}); retry later`,
        null,
        {
          'retry-after': '5',
        },
      );
    }
    return this.open(request, authInfo, parsedBody, untapped);
  }

  /** A request to an existing session. */
  private async serve(
    session: Session,
    request: Request,
    authInfo: AuthInfo | undefined,
    parsedBody: unknown,
  ): Promise<Response> {
    const versionRefusal = unsupportedVersion(request);
    if (request.method === 'GET') return versionRefusal ?? this.openStream(session, request);
    if (request.method === 'DELETE') {
      if (versionRefusal) return versionRefusal;
      this.drop(session.id);
      return new Response(null, { status: 200 });
    }
    const message = parsedBody as { method?: unknown; id?: unknown; params?: { level?: unknown } } | undefined;
    const isRequest = !Array.isArray(message) && typeof message?.method === 'string' && message.id !== undefined;
    if (message?.method === 'notifications/initialized') session.initialized = true;
    // A notification or a client's answer with no instance alive to hear it: nothing to pass it to.
    if (!isRequest && !Array.isArray(message) && !session.live && message !== undefined)
      return versionRefusal ?? new Response(null, { status: 202 });

    const live = await this.hydrate(session);
    live.inFlight++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      if (--live.inFlight === 0 && session.live === live) this.dehydrate(session);
    };
    let response: Response;
    try {
      response = await live.transport.handleRequest(request, { authInfo, parsedBody });
    } catch (error) {
      release();
      throw error;
    }
    if (
      message?.method === 'logging/setLevel' &&
      response.ok &&
      typeof message.params?.level === 'string' &&
      LOG_LEVELS.includes(message.params.level)
    ) {
      session.logLevel = message.params.level;
    }
    return whenFinished(response, release, request.signal);
  }

  private async open(
    request: Request,
    authInfo: AuthInfo | undefined,
    parsedBody: unknown,
    untapped: boolean,
  ): Promise<Response> {
    this.opening++;
    const gs = createGiftServer(this.app, LANE);
    let session: Session | undefined;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: this.options.maxRequestBodySize,
      onsessioninitialized: (id) => {
        const kept = sessionInitialize(parsedBody);
        session = {
          id,
          principal: authInfo?.clientId,
          lastSeen: Date.now(),
          initialize: JSON.stringify(kept),
          protocolVersion: kept.params.protocolVersion,
          clientCapabilities: kept.params.capabilities,
          initialized: false,
        };
        this.sessions.set(id, session);
        this.metrics.legacySessions.set(this.sessions.size);
      },
    });
    try {
      // The handshake is tapped (one log line, metrics); replays into later instances are not.
      const tap = () => new TapTransport(transport, new HandshakeTap(this.app.log, this.metrics, 'http'));
      await gs.server.connect(untapped ? transport : tap());
      const response = await transport.handleRequest(request, { authInfo, parsedBody });
      if (!session) {
        // Not an initialize (or a bad one): no session was made, so nothing may linger.
        await gs.server.close().catch(() => undefined);
        return response;
      }
      const opened = session;
      opened.subscriptions = gs.subscriptions;
      const live: LiveInstance = { gs, transport, ready: Promise.resolve(), inFlight: 1 };
      opened.live = live;
      return whenFinished(
        response,
        () => {
          if (--live.inFlight === 0 && opened.live === live) this.dehydrate(opened);
        },
        request.signal,
      );
    } finally {
      this.opening--;
    }
  }

  /** The session's live instance, made and brought to the session's state if there is none. */
  private async hydrate(session: Session): Promise<LiveInstance> {
    if (session.live) {
      await session.live.ready;
      return session.live;
    }
    const gs = createGiftServer(this.app, LANE, (session.subscriptions ??= new Set()));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => session.id,
      maxRequestBodySize: this.options.maxRequestBodySize,
    });
    const live: LiveInstance = { gs, transport, ready: Promise.resolve(), inFlight: 0 };
    live.ready = (async () => {
      await gs.server.connect(transport);
      // The client's own words, answers discarded: the instance negotiates exactly as the session did.
      await replay(transport, session.initialize);
      const headers = { 'mcp-session-id': session.id };
      if (session.initialized)
        await replay(transport, '{"jsonrpc":"2.0","method":"notifications/initialized"}', headers);
      if (session.logLevel)
        await replay(
          transport,
          JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'logging/setLevel', params: { level: session.logLevel } }),
          headers,
        );
    })();
    session.live = live;
    try {
      await live.ready;
    } catch (error) {
      if (session.live === live) session.live = undefined;
      void gs.server.close().catch(() => undefined);
      throw error;
    }
    return live;
  }

  private dehydrate(session: Session): void {
    const live = session.live;
    if (!live) return;
    session.live = undefined;
    if (session.subscriptions?.size === 0) session.subscriptions = undefined; // an empty Set is ~250 B; most sessions never subscribe
    void live.gs.server.close().catch(() => undefined);
  }

  /** The session's GET stream, as the SDK's transport serves it (one per session; 409 for a second). */
  private openStream(session: Session, request: Request): Response {
    if (!request.headers.get('accept')?.includes('text/event-stream')) {
      return jsonRpcErrorResponse(406, -32000, 'Not Acceptable: Client must accept text/event-stream');
    }
    if (session.stream)
      return jsonRpcErrorResponse(409, -32000, 'Conflict: Only one SSE stream is allowed per session');
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (c) => void (controller = c),
      cancel: () => {
        if (session.stream === controller) session.stream = undefined;
      },
    });
    session.stream = controller;
    return new Response(body, { headers: { ...SSE_HEADERS, 'mcp-session-id': session.id } });
  }

  private *listening(): Iterable<Session> {
    for (const session of this.sessions.values()) if (session.stream) yield session;
  }

  private push(session: Session, change: LiveChange): void {
    try {
      session.stream?.enqueue(frameOf(change));
    } catch {
      session.stream = undefined; // closed underneath us
    }
  }

  private keepAlive(): void {
    const comment = encoder.encode(': keepalive\n\n');
    for (const session of this.sessions.values()) {
      try {
        session.stream?.enqueue(comment);
      } catch {
        session.stream = undefined;
      }
    }
  }

  private drop(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    this.metrics.legacySessions.set(this.sessions.size);
    try {
      session.stream?.close();
    } catch {
      /* already closed */
    }
    this.dehydrate(session);
  }

  private expireIdle(): void {
    const cutoff = Date.now() - this.options.idleMs;
    for (const [id, session] of this.sessions) {
      if (session.lastSeen < cutoff && !session.live) {
        this.app.log.info({ event: 'session_expired', idleMs: this.options.idleMs }, 'legacy session expired');
        this.drop(id);
      }
    }
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.detachLive();
    for (const id of [...this.sessions.keys()]) this.drop(id);
  }
}

/** The SDK transport's answer to a version header it does not support, for what is answered here without it. */
function unsupportedVersion(request: Request): Response | undefined {
  const version = request.headers.get('mcp-protocol-version');
  if (version === null || SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  return jsonRpcErrorResponse(
    400,
    -32000,
    `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
  );
}

/** Sends one message to an instance through its transport as a client would, and drains the answer. */
async function replay(
  transport: WebStandardStreamableHTTPServerTransport,
  body: string,
  headers: Record<string, string> = {},
): Promise<void> {
  const response = await transport.handleRequest(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body,
    }),
  );
  if (response.status >= 400) throw new Error(`replaying a session message failed: ${response.status}`);
  await response.text();
}
