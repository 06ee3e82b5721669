/**
 * The recorded transcript is the contract between the parts: probes write it, checks and
 * reports only read it. Everything a check needs must therefore be in here.
 */

export type JsonRpcId = string | number | null;
export type Era = 'legacy' | 'modern';
export type TransportKind = 'stdio' | 'http';

/** Why a connection was opened; checks pick connections by purpose. */
export type Purpose =
  | 'main' // legacy handshake + discovery + capability probes + drift
  | 'version' // one initialize with one protocol version
  | 'malformed' // malformed initialize variants, then a valid one
  | 'modern-main' // server/discover + modern discovery
  | 'modern-version' // a modern request naming an unknown version
  | 'watch'
  | 'call'
  | 'inspect'
  | 'tap'; // a host's own session, recorded by `tap`

export interface ConnectionInfo {
  id: string;
  purpose: Purpose;
  era: Era;
  /** The protocol version this connection asked for. */
  version?: string;
}

export interface HttpInfo {
  method: string;
  url: string;
  status?: number;
  headers?: Record<string, string>;
  contentType?: string;
}

export type EventKind =
  | 'message' // a JSON-RPC message (parsed)
  | 'noise' // a stdout line (or HTTP body) that is not a JSON-RPC message
  | 'stderr' // a line the child wrote on stderr
  | 'exit' // the child process ended
  | 'http' // an HTTP request (out) or response head (in)
  | 'error' // a transport error (spawn failed, connection refused…)
  | 'note'; // something the client did that is not on the wire (closing, waiting)

export interface WireEvent {
  seq: number;
  /** Milliseconds since the transcript started. */
  at: number;
  conn: string;
  dir: 'out' | 'in' | 'local';
  kind: EventKind;
  message?: unknown;
  raw?: string;
  http?: HttpInfo;
  exit?: { code: number | null; signal: string | null; expected: boolean };
  note?: string;
}

export type ExchangeOutcome = 'reply' | 'timeout' | 'closed' | 'transport-error';

/** A request we sent and what became of it. */
export interface Exchange {
  conn: string;
  id: JsonRpcId | undefined;
  method: string;
  /** Probe-specific tag, e.g. `variant:no-jsonrpc`, `list-1`, `unknown-method`. */
  label?: string;
  sentSeq: number;
  replySeq?: number;
  outcome: ExchangeOutcome;
  ms: number;
  httpStatus?: number;
}

export interface Transcript {
  format: 'mcp-handshake/transcript@1';
  target: string;
  transport: TransportKind;
  startedAt: string;
  durationMs: number;
  options: { timeoutMs: number; driftWindowMs: number; eras: Era[] };
  connections: ConnectionInfo[];
  events: WireEvent[];
  exchanges: Exchange[];
}

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'skip' | 'info';

export interface CheckResult {
  status: CheckStatus;
  /** One line: what was found. */
  summary: string;
  /** Wire evidence: short excerpts of what was sent and received. */
  evidence: string[];
}

export interface Check {
  id: string;
  title: string;
  /** Why it matters to real hosts. */
  why: string;
  /** How to fix it. */
  fix: string;
  /** Spec section (URL). */
  spec: string;
  run(transcript: Transcript): CheckResult;
}

export interface Finding extends CheckResult {
  id: string;
  title: string;
  why: string;
  fix: string;
  spec: string;
  baselined?: boolean;
}

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}
