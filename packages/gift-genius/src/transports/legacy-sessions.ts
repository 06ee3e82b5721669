import { randomUUID } from 'node:crypto';
import { WebStandardStreamableHTTPServerTransport, type AuthInfo } from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../app.js';
import { HandshakeTap } from '../observe/handshake-tap.js';
import type { ServerMetrics } from '../observe/metrics.js';
import { attachLiveUpdates, createGiftServer, type GiftServer } from '../server.js';
import { LEGACY_METHODS } from './initialize-check.js';
import { jsonRpcErrorResponse, requestIdOf } from './responses.js';
import { TapTransport } from './tap-transport.js';
import type { DirectCallContext } from '../primitives/direct-call.js';

export interface LegacySessionOptions {
  maxSessions: number;
  idleMs: number;
  maxRequestBodySize: number;
}

interface Session {
  gs: GiftServer;
  /** Who opened it (a hash of their token): a session answers only to the credentials that created it. */
  principal?: string;
  transport: WebStandardStreamableHTTPServerTransport;
  lastSeen: number;
  /** What `logging/setLevel` last set; the SDK holds it too, per instance. */
  logLevel?: string;
  detach: () => void;
}

/**
 * Sessionful Streamable HTTP for the 2025 revisions: one server instance per
 * `Mcp-Session-Id`, a GET stream for what the server sends unasked (list changes,
 * resource updates, elicitation), DELETE to end it, idle expiry and a cap.
 * The SDK's `createMcpHandler` serves legacy traffic only statelessly, so this sits in
 * front of it, routed by `isLegacyRequest` as the SDK documents.
 */
export class LegacySessions {
  private readonly sessions = new Map<string, Session>();
  private opening = 0;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly app: GiftGenApp,
    private readonly metrics: ServerMetrics,
    private readonly options: LegacySessionOptions,
  ) {
    this.sweeper = setInterval(() => this.expireIdle(), Math.min(30_000, Math.max(50, options.idleMs / 4)));
    this.sweeper.unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** What the direct tools/call path needs of a session; `undefined` when there is none by that id. Changes nothing. */
  directContext(sessionId: string): DirectCallContext | undefined {
    const session = this.sessions.get(sessionId);
    return session && { lane: session.gs.lane, clientCapabilities: session.gs.server.server.getClientCapabilities(), logLevel: session.logLevel };
  }

  /** Whether the session is there and the caller's; if so it counts as used now. */
  claim(sessionId: string, principal: string | undefined): boolean {
    return this.lookup(sessionId, principal) !== undefined;
  }

  /** The caller's live session, its idle clock reset. */
  private lookup(sessionId: string, principal: string | undefined): Session | undefined {
    const session = this.sessions.get(sessionId);
    // The spec's signal to start over: 404, and the client re-initializes. Someone else's
    // session looks exactly like a missing one, so ids cannot be probed.
    if (!session || session.principal !== principal) return undefined;
    session.lastSeen = Date.now();
    return session;
  }

  async handle(request: Request, authInfo?: AuthInfo, parsedBody?: unknown): Promise<Response> {
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const session = this.lookup(sessionId, authInfo?.clientId);
      if (!session) return jsonRpcErrorResponse(404, -32001, 'Session not found');
      const response = await session.transport.handleRequest(request, { authInfo, parsedBody });
      const body = parsedBody as { method?: unknown; params?: { level?: unknown } } | undefined;
      if (body?.method === 'logging/setLevel' && response.ok && typeof body.params?.level === 'string') session.logLevel = body.params.level;
      return response;
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
      return jsonRpcErrorResponse(400, -32000, 'Bad Request: no Mcp-Session-Id header; send initialize first to open a session', requestIdOf(body));
    }

    if (this.sessions.size + this.opening >= this.options.maxSessions) {
      this.metrics.negotiationFailures.inc({ reason: 'session_limit', era: 'legacy', transport: 'http' });
      return jsonRpcErrorResponse(503, -32000, `Too many open sessions (limit ${this.options.maxSessions}); retry later`, null, {
        'retry-after': '5',
      });
    }
    return this.open(request, authInfo, parsedBody);
  }

  private async open(request: Request, authInfo: AuthInfo | undefined, parsedBody: unknown): Promise<Response> {
    this.opening++;
    const gs = createGiftServer(this.app, { transport: 'http', era: 'legacy', sessions: 'stateful' });
    let session: Session | undefined;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: this.options.maxRequestBodySize,
      onsessioninitialized: (id) => {
        session = { gs, transport, principal: authInfo?.clientId, lastSeen: Date.now(), detach: attachLiveUpdates(this.app, gs) };
        this.sessions.set(id, session);
        this.metrics.legacySessions.set(this.sessions.size);
      },
      onsessionclosed: (id) => this.drop(id),
    });
    try {
      await gs.server.connect(new TapTransport(transport, new HandshakeTap(this.app.log, this.metrics, 'http')));
      const previous = gs.server.server.onclose;
      gs.server.server.onclose = () => {
        previous?.();
        if (transport.sessionId) this.drop(transport.sessionId);
      };
      const response = await transport.handleRequest(request, { authInfo, parsedBody });
      // Not an initialize (or a bad one): no session was made, so nothing may linger.
      if (!session) await gs.server.close().catch(() => undefined);
      return response;
    } finally {
      this.opening--;
    }
  }

  private drop(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    this.metrics.legacySessions.set(this.sessions.size);
    session.detach();
    void session.gs.server.close().catch(() => undefined);
  }

  private expireIdle(): void {
    const cutoff = Date.now() - this.options.idleMs;
    for (const [id, session] of this.sessions) {
      if (session.lastSeen < cutoff) {
        this.app.log.info({ event: 'session_expired', idleMs: this.options.idleMs }, 'legacy session expired');
        this.drop(id);
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const id of [...this.sessions.keys()]) this.drop(id);
  }
}
