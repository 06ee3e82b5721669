import type { ConnectionInfo, Exchange, HttpInfo, JsonRpcId, WireEvent } from '../types.js';
import type { Recorder } from '../wire/recorder.js';
import { idKey, looksLikeJsonRpc } from '../wire/rpc.js';

type Msg = Record<string, unknown>;

const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';

/**
 * What the tap saw, turned into transcript events and exchanges. `out` is what the host
 * (client) sent, `in` what the server sent, as in every transcript. Requests of the
 * client are paired with the server's answers so `check` and reports see exchanges.
 */
export class TapRecorder {
  private readonly pending = new Map<string, { exchange: Exchange; start: number }>();
  private readonly known = new Set<string>();
  private readonly infos = new Map<string, ConnectionInfo>();
  private readonly settled = new Set<string>();

  constructor(readonly rec: Recorder) {}

  connection(info: ConnectionInfo): void {
    if (this.known.has(info.id)) return;
    this.known.add(info.id);
    this.infos.set(info.id, this.rec.open(info));
  }

  /**
   * A connection's era and version are known from its first request: `initialize` names a
   * legacy version, anything else with the `_meta` envelope is the modern wire.
   */
  private learnEra(conn: string, message: Msg): void {
    const info = this.infos.get(conn);
    if (!info || this.settled.has(conn)) return;
    this.settled.add(conn);
    const params = (message.params ?? {}) as Msg;
    const modern = ((params._meta ?? {}) as Msg)[PROTOCOL_VERSION_META];
    if (message.method === 'initialize') {
      info.era = 'legacy';
      if (typeof params.protocolVersion === 'string') info.version = params.protocolVersion;
    } else if (typeof modern === 'string') {
      info.era = 'modern';
      info.version = modern;
    }
  }

  /** One unit of text the framing delimits: a stdio line, an HTTP body, an SSE `data`. */
  text(conn: string, dir: 'out' | 'in', text: string, http?: HttpInfo, status?: number): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!looksLikeJsonRpc(parsed)) {
      if (text.trim() !== '' || http)
        this.rec.record(conn, { dir, kind: 'noise', raw: text.slice(0, 4000), ...(http && { http }) });
      return;
    }
    const batch = (Array.isArray(parsed) ? parsed : [parsed]) as Msg[];
    batch.forEach((message, i) => this.message(conn, dir, message, i === 0 ? http : undefined, status));
  }

  /** `status`: the HTTP status of the response that carried an answer. */
  message(conn: string, dir: 'out' | 'in', message: Msg, http?: HttpInfo, status?: number): WireEvent {
    const event = this.rec.record(conn, { dir, kind: 'message', message, ...(http && { http }) });
    const isRequest = typeof message.method === 'string' && 'id' in message;
    const isResponse = !('method' in message) && ('result' in message || 'error' in message);
    if (dir === 'out' && isRequest) this.learnEra(conn, message);
    if (dir === 'out' && isRequest) {
      const exchange: Exchange = {
        conn,
        id: message.id as JsonRpcId,
        method: message.method as string,
        sentSeq: event.seq,
        outcome: 'closed',
        ms: 0,
      };
      this.rec.exchange(exchange);
      this.pending.set(`${conn}\u0000${idKey(message.id)}`, { exchange, start: event.at });
    } else if (dir === 'in' && isResponse) {
      const key = `${conn}\u0000${idKey(message.id)}`;
      const open = this.pending.get(key);
      if (open) {
        this.pending.delete(key);
        open.exchange.replySeq = event.seq;
        open.exchange.outcome = 'reply';
        open.exchange.ms = Math.round((event.at - open.start) * 10) / 10;
        if (status !== undefined) open.exchange.httpStatus = status;
      }
    }
    return event;
  }

  /** An HTTP status seen for a request that got no JSON-RPC answer (e.g. 404 with HTML). */
  httpStatus(conn: string, id: JsonRpcId | undefined, status: number): void {
    const open = this.pending.get(`${conn}\u0000${idKey(id)}`);
    if (open) open.exchange.httpStatus = status;
  }
}
