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
  | 'transport-probe' // HTTP: the first POST, when the server turned out to speak HTTP+SSE instead
  | 'http-probe' // HTTP transport rules: a foreign Origin, a bad MCP-Protocol-Version, an ended session, header/body mismatch
  | 'version' // one initialize with one protocol version
  | 'malformed' // malformed initialize variants, then a valid one
  | 'modern-main' // server/discover + modern discovery
  | 'modern-version' // a modern request naming an unknown version
  | 'watch'
  | 'call'
  | 'inspect'
  | 'tap' // a host's own session, recorded by `tap`
  | 'oauth'; // a host's OAuth requests (metadata, registration, authorization, token), recorded by `tap`

export interface ConnectionInfo {
  id: string;
  purpose: Purpose;
  era: Era;
  /** The protocol version this connection asked for, or (tap) the one the server's answer settled on. */
  version?: string;
  /** tap: a modern version the client probed first on this connection, before it fell back to initialize. */
  fellBackFrom?: string;
  /** tap over HTTP: requests that are neither MCP nor OAuth (purpose `oauth` has those): a health check, a page. */
  traffic?: 'other';
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
  /** A transport error's system or TLS code: ECONNREFUSED, ENOTFOUND, ENOENT (spawn), CERT_HAS_EXPIRED… */
  errorCode?: string;
  /** HTTP: the seq of the outgoing POST whose response carried this event (its head, body or SSE events). */
  replyTo?: number;
  /** The message nested deeper than mcp-handshake keeps (wire/peer-json.ts): how deep, at least. */
  cutDepth?: number;
  /** stdio: at the server's first output, how long its processes had waited for a CPU (ms; Linux). */
  cpuWaitMs?: number;
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

/**
 * How bad a finding is, from the spec level it breaks: `fail` for a MUST, a REQUIRED schema field or a
 * type error of the revision in use; `warn` for a SHOULD or for behaviour a named host is known to
 * mishandle; `info` otherwise.
 */
export type Severity = 'fail' | 'warn' | 'info';
/** Whose side a finding is on: the server's behaviour, the client's (this tool's or a host's), or the spec's. */
export type Party = 'server' | 'client' | 'spec';
/** Hosts whose known behaviour a finding can name (see findings/hosts.ts). */
export type HostId = 'chatgpt' | 'claude' | 'vscode';

/** A section of one revision of the spec. */
export interface Citation {
  /** `2025-11-25`, `2026-07-28`…; absent for pages that span revisions (versioning). */
  revision?: string;
  /** Path and anchor below the revision, e.g. `basic/lifecycle#initialization`. */
  section: string;
  url: string;
}

/** One finding, as data (the publint model): reports render it, baselines and SARIF key on `code`. */
export interface Diagnostic {
  /** Stable: `<check-id>` or `<check-id>/<what>`. */
  code: string;
  severity: Severity;
  /** One line, in words. */
  message: string;
  /** The values the message is made of (field, revision, status, method…), for tools. */
  args: Record<string, unknown>;
  evidence: string[];
  cite: Citation;
  party?: Party;
  /** Hosts known to mishandle what this finding describes: a --profile for one of them makes it a failure. */
  hosts?: HostId[];
  /** Set when a --profile turned this warning into a failure. */
  escalatedBy?: string;
}

export interface CheckResult {
  status: CheckStatus;
  /** One line: what was found. */
  summary: string;
  /** Wire evidence: short excerpts of what was sent and received. */
  evidence: string[];
  /** What was found, as data. A check that leaves it out is adapted by findings/finding.ts. */
  findings?: Diagnostic[];
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

/** A check's outcome in a report: its result, its findings (always present) and what it is. */
export interface Finding extends CheckResult {
  id: string;
  title: string;
  why: string;
  fix: string;
  spec: string;
  findings: Diagnostic[];
  baselined?: boolean;
}

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: Record<string, unknown>;
}
