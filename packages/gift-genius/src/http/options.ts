import type { OAuthAccess } from './edge/access.js';

/** HTTP settings and their defaults, apart from the server so the CLI can show them without loading it. */
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
  /** Bearer tokens; when any are set, /mcp needs one (401 with a WWW-Authenticate challenge otherwise). */
  tokens: string[];
  /** Authorization servers named in /.well-known/oauth-protected-resource. */
  authorizationServers: string[];
  /** OAuth-protected (`--auth-issuer`): JWT access tokens of a real authorization server instead of `tokens`. */
  oauth?: OAuthAccess;
  /** Requests per second per client (token, else peer address), with this burst; 0 turns it off. */
  rateLimitPerSecond: number;
  rateLimitBurst: number;
  /** tools/call running at once; over it, 503 with Retry-After. */
  maxConcurrentToolCalls: number;
  /** Open 2026-07-28 subscriptions/listen streams. */
  maxListenStreams: number;
  /** On shutdown, how long calls in flight may take to finish. */
  shutdownGraceMs: number;
  /**
   * Answer plain suggest_gifts / get_gift calls from the table (http/table.ts: tool calls run directly, lists and reads kept)
   * instead of a per-request SDK instance. Same answers, several times the throughput; off
   * only to compare or to rule it out.
   */
  directCalls: boolean;
  /** /healthz and /metrics without a bearer token (Host/Origin still checked), for a balancer or scraper. */
  openProbes: boolean;
  /** Time for a client to send a request's headers; then the connection is closed. */
  headersTimeoutMs: number;
  /** Time for a client to send a whole request, body included (a short body then gets 408). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection (no request in progress) is closed after this. */
  idleTimeoutMs: number;
  /**
   * Open connections at once; idle ones are closed first to make room, and past it new ones are refused.
   * Long-lived streams hold at most this less a reserve for requests (stream-slots.ts).
   */
  maxConnections: number;
  /** Long-lived streams (listen, legacy GET) one client (token, else address) may hold at once. */
  maxStreamsPerClient: number;
  /** URIs in one `subscriptions/listen` filter (each must be a resource this server serves). */
  maxListenFilter: number;
  /** Bytes queued for a stream whose client does not read; past it the stream is dropped (logged). */
  maxStreamQueueBytes: number;
  /** Longest request id (as JSON) on a request that stays open (`subscriptions/listen`). */
  maxStreamIdChars: number;
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
  tokens: [],
  authorizationServers: [],
  // Off by default: behind a host such as ChatGPT every user arrives from a few addresses.
  rateLimitPerSecond: 0,
  rateLimitBurst: 100,
  maxConcurrentToolCalls: 64,
  maxListenStreams: 1024,
  shutdownGraceMs: 10_000,
  directCalls: true,
  openProbes: false,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 5_000,
  maxConnections: 900,
  maxStreamsPerClient: 100,
  maxListenFilter: 100,
  maxStreamQueueBytes: 64 * 1024,
  maxStreamIdChars: 256,
};
