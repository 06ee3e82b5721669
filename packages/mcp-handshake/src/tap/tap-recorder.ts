import type { ConnectionInfo, Exchange, HttpInfo, JsonRpcId, WireEvent } from '../types.js';
import { overlongNote, type SplitLine } from '../wire/line-splitter.js';
import { parsePeerJson } from '../wire/peer-json.js';
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
  private readonly pending = new Map<string, { exchange: Exchange; start: number; message: Msg }>();
  private readonly known = new Set<string>();
  private readonly infos = new Map<string, ConnectionInfo>();

  constructor(readonly rec: Recorder) {}

  connection(info: ConnectionInfo): void {
    if (this.known.has(info.id)) return;
    this.known.add(info.id);
    this.infos.set(info.id, this.rec.open(info));
  }

  /** What is known of a connection changed (an HTTP+SSE endpoint event said what a GET stream was). */
  relabel(conn: string, patch: Partial<Pick<ConnectionInfo, 'era' | 'version'>>): void {
    const info = this.infos.get(conn);
    if (info) Object.assign(info, patch);
  }

  /**
   * A connection's era and version follow what was negotiated: a request says what the client
   * asks for (`initialize` a legacy version, the `_meta` envelope the modern wire); an initialize
   * answer says what was agreed. A client that probed the modern wire and then sent initialize
   * fell back: the connection is legacy, and says which probe came first.
   */
  private learnFromRequest(conn: string, message: Msg): void {
    const info = this.infos.get(conn);
    if (!info) return;
    const params = (message.params ?? {}) as Msg;
    const modern = ((params._meta ?? {}) as Msg)[PROTOCOL_VERSION_META];
    if (message.method === 'initialize') {
      if (info.era === 'modern' && info.version) info.fellBackFrom = info.version;
      info.era = 'legacy';
      info.version = typeof params.protocolVersion === 'string' ? params.protocolVersion : undefined;
    } else if (typeof modern === 'string' && !this.hasLegacySession(conn)) {
      info.era = 'modern';
      info.version = modern;
    }
  }

  private readonly legacySessions = new Set<string>();
  private hasLegacySession(conn: string): boolean {
    return this.legacySessions.has(conn);
  }

  private learnFromAnswer(conn: string, request: Msg, answer: Msg): void {
    const info = this.infos.get(conn);
    if (!info || request.method !== 'initialize' || !answer.result || typeof answer.result !== 'object') return;
    const agreed = (answer.result as Msg).protocolVersion;
    this.legacySessions.add(conn);
    info.era = 'legacy';
    if (typeof agreed === 'string') info.version = agreed;
  }

  /** A stdio line as the splitter gave it: one too long to keep is recorded as what it was. */
  line(conn: string, dir: 'out' | 'in', line: SplitLine): void {
    if (typeof line === 'string') this.text(conn, dir, line);
    else this.rec.record(conn, { dir, kind: 'noise', raw: overlongNote(line, 'a line') });
  }

  /** One unit of text the framing delimits: a stdio line, an HTTP body, an SSE `data`. */
  text(conn: string, dir: 'out' | 'in', text: string, http?: HttpInfo, status?: number): void {
    const json = parsePeerJson(text);
    const parsed = json.ok ? json.value : undefined;
    if (!looksLikeJsonRpc(parsed)) {
      if (text.trim() !== '' || http)
        this.rec.record(conn, { dir, kind: 'noise', raw: text.slice(0, 4000), ...(http && { http }) });
      return;
    }
    const batch = (Array.isArray(parsed) ? parsed : [parsed]) as Msg[];
    const cutDepth = json.ok ? json.cutDepth : undefined;
    batch.forEach((message, i) => this.message(conn, dir, message, i === 0 ? http : undefined, status, cutDepth));
  }

  /** `status`: the HTTP status of the response that carried an answer. */
  message(
    conn: string,
    dir: 'out' | 'in',
    message: Msg,
    http?: HttpInfo,
    status?: number,
    cutDepth?: number,
  ): WireEvent {
    const event = this.rec.record(conn, {
      dir,
      kind: 'message',
      message,
      ...(http && { http }),
      ...(cutDepth !== undefined && { cutDepth }),
    });
    const isRequest = typeof message.method === 'string' && 'id' in message;
    const isResponse = !('method' in message) && ('result' in message || 'error' in message);
    if (dir === 'out' && isRequest) {
      this.learnFromRequest(conn, message);
      const exchange: Exchange = {
        conn,
        id: message.id as JsonRpcId,
        method: message.method as string,
        sentSeq: event.seq,
        outcome: 'closed',
        ms: 0,
      };
      this.rec.exchange(exchange);
      this.pending.set(`${conn}\u0000${idKey(message.id)}`, { exchange, start: event.at, message });
    } else if (dir === 'in' && isResponse) {
      const key = `${conn}\u0000${idKey(message.id)}`;
      const open = this.pending.get(key);
      if (open) {
        this.pending.delete(key);
        open.exchange.replySeq = event.seq;
        open.exchange.outcome = 'reply';
        open.exchange.ms = Math.round((event.at - open.start) * 10) / 10;
        if (status !== undefined) open.exchange.httpStatus = status;
        this.learnFromAnswer(conn, open.message, message);
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
