import type { ConnectionInfo, ExchangeOutcome, JsonRpcId } from '../types.js';
import type { Recorder } from './recorder.js';

export interface Reply {
  outcome: ExchangeOutcome;
  /** The (unredacted) JSON-RPC response, when one arrived. */
  message?: Record<string, unknown>;
  ms: number;
  httpStatus?: number;
}

export interface RequestOptions {
  label?: string;
  timeoutMs?: number;
  /** Send this object verbatim instead of building `{jsonrpc, id, method, params}`. */
  raw?: Record<string, unknown>;
  /** Extra HTTP headers for this request only. */
  headers?: Record<string, string>;
  /** The answer is a long-lived stream (subscriptions/listen): do not cut it when the timer fires. */
  longLived?: boolean;
  /**
   * HTTP: keep reading the answer's SSE stream this long after the answer, recording what else arrives
   * (lifecycle-order judges messages sent there after the initialize result, before notifications/initialized).
   */
  drainMs?: number;
}

interface Pending {
  key: string;
  id: JsonRpcId | undefined;
  method: string;
  label?: string;
  start: number;
  sentSeq: number;
  /** The first request of a connection: its wait includes the server's start-up, which pace must not learn. */
  startup: boolean;
  timer: NodeJS.Timeout;
  httpStatus?: number;
  resolve: (reply: Reply) => void;
}

export type MessageListener = (message: Record<string, unknown>, seq: number) => void;

export const idKey = (id: unknown): string => JSON.stringify(id ?? null);

/** True for anything shaped like a JSON-RPC message (even a bad one), false for log lines and banners. */
export function looksLikeJsonRpc(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0 && value.every(looksLikeJsonRpc);
  if (!value || typeof value !== 'object') return false;
  const o = value as Record<string, unknown>;
  return 'jsonrpc' in o || typeof o.method === 'string' || 'result' in o || ('error' in o && 'id' in o);
}

/**
 * Request/response bookkeeping shared by every transport: ids, timeouts, the exchange
 * log, answering the server's own requests (ping) the way a minimal client would.
 */
export abstract class RpcConnection {
  private nextId = 1;
  private readonly pending = new Map<string, Pending>();
  /** Every id ever sent: a late answer to a timed-out request must not be taken for another's. */
  private readonly sentKeys = new Set<string>();
  private listeners: MessageListener[] = [];
  closed = false;
  /**
   * How long the first request may wait, when longer than the timeout: a freshly spawned process (or a
   * cold HTTP server) must start before it can answer. Set by whoever opens the connection, from what
   * hosts wait (the first connection) or from the start-up the first connection measured (the others).
   */
  firstAnswerWithinMs = 0;
  private requested = false;
  /** The first request, while it waits in its start-up budget (see started()). */
  private firstPending: { key: string; timeoutMs: number } | undefined;
  private heard = false;

  constructor(
    readonly rec: Recorder,
    readonly info: ConnectionInfo,
    readonly timeoutMs: number,
  ) {
    rec.open(info);
  }

  get conn(): string {
    return this.info.id;
  }

  /** Put one message on the wire. Returns the seq of the recorded outgoing event. */
  protected abstract transmit(
    payload: Record<string, unknown>,
    requestKey: string | undefined,
    options?: RequestOptions,
  ): Promise<void>;
  abstract close(): Promise<void>;

  protected recordOut(payload: Record<string, unknown>): number {
    return this.rec.record(this.conn, { dir: 'out', kind: 'message', message: payload }).seq;
  }

  async request(method: string, params?: Record<string, unknown>, options: RequestOptions = {}): Promise<Reply> {
    const payload = options.raw ?? {
      jsonrpc: '2.0',
      id: this.nextId++,
      method,
      ...(params !== undefined && { params }),
    };
    const id = payload.id as JsonRpcId | undefined;
    const key = idKey(id);
    const start = performance.now();
    const first = !this.requested;
    this.requested = true;
    if (this.closed) {
      this.rec.exchange({ conn: this.conn, id, method, label: options.label, sentSeq: -1, outcome: 'closed', ms: 0 });
      return { outcome: 'closed', ms: 0 };
    }
    return new Promise<Reply>((resolve) => {
      // Never less than this run's answers suggest: on a busy machine every answer is slower.
      const timeoutMs = this.rec.pace.budget(options.timeoutMs ?? this.timeoutMs);
      const startupBudget = first && !this.heard && this.firstAnswerWithinMs > timeoutMs;
      if (startupBudget) this.firstPending = { key, timeoutMs };
      const startup = first;
      const p: Pending = {
        key,
        id,
        method,
        label: options.label,
        start,
        sentSeq: -1,
        startup,
        timer: setTimeout(() => this.settle(key, 'timeout'), startupBudget ? this.firstAnswerWithinMs : timeoutMs),
        resolve,
      };
      this.pending.set(key, p);
      this.sentKeys.add(key);
      this.transmit(payload, key, options).catch(() => this.settle(key, 'transport-error'));
    });
  }

  async notify(method: string, params?: Record<string, unknown>, headers?: Record<string, string>): Promise<void> {
    await this.transmit({ jsonrpc: '2.0', method, ...(params !== undefined && { params }) }, undefined, {
      headers,
    }).catch(() => undefined);
  }

  onMessage(listener: MessageListener): () => void {
    this.listeners.push(listener);
    return () => (this.listeners = this.listeners.filter((l) => l !== listener));
  }

  /** Resolves with the first incoming message matching `predicate`, or undefined after `ms`. */
  waitFor(
    predicate: (m: Record<string, unknown>) => boolean,
    ms: number,
  ): Promise<Record<string, unknown> | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        off();
        resolve(undefined);
      }, ms);
      const off = this.onMessage((m) => {
        if (predicate(m)) {
          clearTimeout(timer);
          off();
          resolve(m);
        }
      });
    });
  }

  /**
   * The server said something on the wire (a stdout line, an HTTP response): it has started. A first
   * request still waiting in its start-up budget now waits only the request timeout, counted from
   * here: a server that talks but never answers is not slow to start, and must not cost a minute.
   */
  protected started(): void {
    if (this.heard) return;
    this.heard = true;
    const first = this.firstPending;
    this.firstPending = undefined;
    const p = first && this.pending.get(first.key);
    if (!p || !first) return;
    clearTimeout(p.timer);
    p.timer = setTimeout(() => this.settle(first.key, 'timeout'), first.timeoutMs);
  }

  /** The subclass calls this when the outgoing event of a pending request was recorded. */
  protected markSent(key: string | undefined, seq: number): void {
    const p = key === undefined ? undefined : this.pending.get(key);
    if (p) p.sentSeq = seq;
  }

  protected isPending(key: string | undefined): boolean {
    return key !== undefined && this.pending.has(key);
  }

  protected setHttpStatus(key: string | undefined, status: number): void {
    const p = key === undefined ? undefined : this.pending.get(key);
    if (p) p.httpStatus = status;
  }

  /**
   * Route one incoming message: to the pending request with its id on this connection, or,
   * over HTTP, to the still-pending request whose POST it came back on (`hintKey`), so an
   * answer with a wrong or null id is still attributed and the envelope check sees the
   * mismatch. Nothing else: a late answer to a request that timed out must never be taken
   * for the answer to whichever request happens to be pending (issue 11).
   */
  protected deliver(message: Record<string, unknown>, seq: number, hintKey?: string): void {
    const isResponse = typeof message.method !== 'string' && ('result' in message || 'error' in message);
    if (isResponse) {
      const key = idKey(message.id);
      let p = this.pending.get(key);
      if (!p && hintKey && !this.sentKeys.has(key)) p = this.pending.get(hintKey);
      if (p) this.settle(p.key, 'reply', message, seq);
    } else if (typeof message.method === 'string' && 'id' in message) {
      // A server-to-client request: answer as a client with no optional capabilities would.
      const answer =
        message.method === 'ping'
          ? { jsonrpc: '2.0', id: message.id, result: {} }
          : {
              jsonrpc: '2.0',
              id: message.id,
              error: { code: -32601, message: `mcp-handshake does not implement ${message.method}` },
            };
      void this.transmit(answer, undefined).catch(() => undefined);
    }
    for (const listener of this.listeners) listener(message, seq);
  }

  protected settle(key: string, outcome: Reply['outcome'], message?: Record<string, unknown>, replySeq?: number): void {
    const p = this.pending.get(key);
    if (!p) return;
    this.pending.delete(key);
    clearTimeout(p.timer);
    const ms = Math.round((performance.now() - p.start) * 10) / 10;
    if (outcome === 'reply' && !p.startup) this.rec.pace.note(ms);
    this.rec.exchange({
      conn: this.conn,
      id: p.id,
      method: p.method,
      ...(p.label !== undefined && { label: p.label }),
      sentSeq: p.sentSeq,
      ...(replySeq !== undefined && { replySeq }),
      outcome,
      ms,
      ...(p.httpStatus !== undefined && { httpStatus: p.httpStatus }),
    });
    p.resolve({ outcome, message, ms, ...(p.httpStatus !== undefined && { httpStatus: p.httpStatus }) });
  }

  /** Ends every pending request (the process died, the socket closed). */
  protected failAll(outcome: Reply['outcome']): void {
    for (const key of [...this.pending.keys()]) this.settle(key, outcome);
  }

  protected failOne(key: string | undefined, outcome: Reply['outcome']): void {
    if (key !== undefined) this.settle(key, outcome);
  }
}
