import { SSE_NOTE } from '../labels.js';
import type { ConnectionInfo, Era } from '../types.js';
import { badPortCause, errorCodeOf } from './errors.js';
import { MAX_MESSAGE_BYTES, parsePeerJson } from './peer-json.js';
import type { Recorder } from './recorder.js';
import { looksLikeJsonRpc, type RequestOptions, RpcConnection } from './rpc.js';
import { SseOverflow, sseEvents } from './sse.js';

export interface HttpTarget {
  url: string;
  headers: Record<string, string>;
}

const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';
/** Response headers worth showing; the rest is noise in a transcript. */
const SHOWN_RESPONSE_HEADERS = [
  'content-type',
  'mcp-session-id',
  'mcp-protocol-version',
  'www-authenticate',
  'allow',
  'location',
];

function pickHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of SHOWN_RESPONSE_HEADERS) {
    const v = headers.get(name);
    if (v !== null) out[name] = v;
  }
  return out;
}

/** Which request param the modern `Mcp-Name` header mirrors. */
export function mcpNameOf(method: string, params: unknown): string | undefined {
  const p = (params ?? {}) as Record<string, unknown>;
  if (method === 'tools/call' || method === 'prompts/get') return typeof p.name === 'string' ? p.name : undefined;
  if (method === 'resources/read') return typeof p.uri === 'string' ? p.uri : undefined;
  return undefined;
}

/** Header values must be ASCII; the SEP-2243 sentinel carries anything else as base64. */
function headerSafe(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) && value.trim() === value
    ? value
    : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/**
 * Streamable HTTP. A legacy connection is one session (`Mcp-Session-Id` learnt from the
 * initialize answer, echoed afterwards with `MCP-Protocol-Version`); a modern one is a
 * series of independent POSTs carrying the SEP-2243 standard headers.
 */
export class HttpConnection extends RpcConnection {
  sessionId: string | undefined;
  /** Set after a legacy initialize: sent as MCP-Protocol-Version on later requests. */
  negotiatedVersion: string | undefined;
  private readonly streams = new Set<AbortController>();

  constructor(
    rec: Recorder,
    info: ConnectionInfo,
    timeoutMs: number,
    readonly target: HttpTarget,
    readonly era: Era,
  ) {
    super(rec, info, timeoutMs);
  }

  private headersFor(payload: Record<string, unknown>, extra?: Record<string, string>): Record<string, string> {
    const h: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...this.target.headers,
    };
    const method = typeof payload.method === 'string' ? payload.method : undefined;
    if (this.era === 'legacy') {
      if (this.sessionId) h['mcp-session-id'] = this.sessionId;
      if (this.negotiatedVersion && method !== 'initialize') h['mcp-protocol-version'] = this.negotiatedVersion;
    } else {
      const meta = ((payload.params as Record<string, unknown> | undefined)?._meta ?? {}) as Record<string, unknown>;
      const version = meta[PROTOCOL_VERSION_META];
      if (typeof version === 'string') h['mcp-protocol-version'] = version;
      if (method) h['mcp-method'] = method;
      const name = method ? mcpNameOf(method, payload.params) : undefined;
      if (name !== undefined) h['mcp-name'] = headerSafe(name);
    }
    return { ...h, ...extra };
  }

  protected async transmit(
    payload: Record<string, unknown>,
    requestKey: string | undefined,
    options: RequestOptions = {},
  ): Promise<void> {
    const headers = this.headersFor(payload, options.headers);
    const seq = this.rec.record(this.conn, {
      dir: 'out',
      kind: 'message',
      message: payload,
      http: { method: 'POST', url: this.target.url, headers },
    }).seq;
    this.markSent(requestKey, seq);
    const controller = new AbortController();
    this.streams.add(controller);
    // A request's answer must come within the timeout; a listen stream may stay open until close().
    const guard = options.longLived
      ? undefined
      : setTimeout(() => controller.abort(), (options.timeoutMs ?? this.timeoutMs) + 250);
    try {
      const response = await fetch(this.target.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(payload),
        signal: controller.signal,
      });
      await this.receive(response, requestKey, controller, seq, options.drainMs);
    } catch (error) {
      if (!controller.signal.aborted) {
        const badPort = await badPortCause(this.target.url, error);
        const detail = badPort?.raw ?? describeFetchError(error);
        this.rec.record(this.conn, {
          dir: 'local',
          kind: 'error',
          raw: `POST ${this.target.url}: ${detail}`,
          ...(badPort ?? errorCodeOf(error)),
        });
        this.failOne(requestKey, 'transport-error');
      }
    } finally {
      if (guard) clearTimeout(guard);
      this.streams.delete(controller);
    }
  }

  private async receive(
    response: Response,
    requestKey: string | undefined,
    controller: AbortController,
    postSeq: number,
    drainMs?: number,
  ): Promise<void> {
    this.started();
    const contentType = response.headers.get('content-type') ?? '';
    const sessionId = response.headers.get('mcp-session-id');
    if (sessionId && this.era === 'legacy') this.sessionId = sessionId;
    this.setHttpStatus(requestKey, response.status);
    this.rec.record(this.conn, {
      dir: 'in',
      kind: 'http',
      http: {
        method: 'POST',
        url: this.target.url,
        status: response.status,
        headers: pickHeaders(response.headers),
        contentType,
      },
      replyTo: postSeq,
    });
    if (contentType.includes('text/event-stream') && response.body) {
      await this.readSse(response.body, requestKey, controller, postSeq, drainMs);
    } else {
      const body = await boundedText(response);
      if (body.over)
        this.rec.record(this.conn, {
          dir: 'in',
          kind: 'noise',
          raw: `a response body over ${MAX_MESSAGE_BYTES} bytes was not read further: ${body.text.slice(0, 200)}…`,
          replyTo: postSeq,
        });
      else this.receiveBody(body.text, requestKey, postSeq);
    }
    if (this.isPending(requestKey)) this.failOne(requestKey, 'transport-error');
  }

  private receiveBody(text: string, requestKey: string | undefined, postSeq?: number): void {
    if (text.trim() === '') return;
    const json = parsePeerJson(text);
    const parsed = json.ok ? json.value : undefined;
    const cut = json.ok && json.cutDepth !== undefined ? { cutDepth: json.cutDepth } : {};
    if (!looksLikeJsonRpc(parsed)) {
      this.rec.record(this.conn, {
        dir: 'in',
        kind: 'noise',
        raw: text.slice(0, 2000),
        ...(postSeq !== undefined && { replyTo: postSeq }),
      });
      return;
    }
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      const seq = this.rec.record(this.conn, {
        dir: 'in',
        kind: 'message',
        message,
        ...cut,
        ...(postSeq !== undefined && { replyTo: postSeq }),
      }).seq;
      this.deliver(message as Record<string, unknown>, seq, requestKey);
    }
  }

  private async readSse(
    body: ReadableStream<Uint8Array>,
    requestKey: string | undefined,
    controller: AbortController,
    postSeq?: number,
    drainMs?: number,
  ): Promise<void> {
    let drain: NodeJS.Timeout | undefined;
    let drained = false;
    try {
      for await (const event of sseEvents(body)) {
        if (event.event !== 'message') {
          this.rec.record(this.conn, {
            dir: 'in',
            kind: 'note',
            note: `SSE event "${event.event}": ${event.data.slice(0, 200)}`,
          });
          continue;
        }
        this.receiveBody(event.data, requestKey, postSeq);
        // The answer to this POST arrived: a client stops reading the stream here (after drainMs, when asked).
        if (requestKey !== undefined && !this.isPending(requestKey)) {
          if (!drainMs) {
            controller.abort();
            break;
          }
          drain ??= setTimeout(() => {
            drained = true;
            controller.abort();
          }, drainMs);
        }
      }
      // The server ended the stream itself; said only when we kept reading after the response (drainMs).
      if (drain && !drained)
        this.rec.record(this.conn, {
          dir: 'in',
          kind: 'note',
          note: SSE_NOTE.closed,
          ...(postSeq !== undefined && { replyTo: postSeq }),
        });
    } catch (error) {
      if (error instanceof SseOverflow)
        this.rec.record(this.conn, {
          dir: 'in',
          kind: 'note',
          note: error.message,
          ...(postSeq !== undefined && { replyTo: postSeq }),
        });
      // aborted: expected when we stop reading
      if (drained)
        this.rec.record(this.conn, {
          dir: 'local',
          kind: 'note',
          note: `${SSE_NOTE.open} (${drainMs} ms)`,
          ...(postSeq !== undefined && { replyTo: postSeq }),
        });
    } finally {
      if (drain) clearTimeout(drain);
    }
  }

  /**
   * Legacy: open the GET stream on which a session's server-initiated messages arrive.
   * Resolves with the HTTP status (405 means the server offers none, which is allowed).
   */
  async openGetStream(): Promise<number | undefined> {
    const headers: Record<string, string> = { accept: 'text/event-stream', ...this.target.headers };
    if (this.sessionId) headers['mcp-session-id'] = this.sessionId;
    if (this.negotiatedVersion) headers['mcp-protocol-version'] = this.negotiatedVersion;
    this.rec.record(this.conn, { dir: 'out', kind: 'http', http: { method: 'GET', url: this.target.url, headers } });
    const controller = new AbortController();
    this.streams.add(controller);
    try {
      const response = await fetch(this.target.url, { method: 'GET', headers, signal: controller.signal });
      const contentType = response.headers.get('content-type') ?? '';
      this.rec.record(this.conn, {
        dir: 'in',
        kind: 'http',
        http: {
          method: 'GET',
          url: this.target.url,
          status: response.status,
          headers: pickHeaders(response.headers),
          contentType,
        },
      });
      if (response.ok && contentType.includes('text/event-stream') && response.body) {
        void this.readSse(response.body, undefined, controller).finally(() => this.streams.delete(controller));
      } else {
        await boundedText(response, 64 * 1024).catch(() => undefined);
        this.streams.delete(controller);
      }
      return response.status;
    } catch (error) {
      this.streams.delete(controller);
      this.rec.record(this.conn, {
        dir: 'local',
        kind: 'error',
        raw: `GET ${this.target.url}: ${describeFetchError(error)}`,
        ...errorCodeOf(error),
      });
      return undefined;
    }
  }

  /** Set once endSession() sent DELETE: later requests still carry the ended id, close() sends no second DELETE. */
  private sessionEnded = false;

  /** End the session with DELETE now, keeping its id for later requests (to see the server refuse it). */
  async endSession(): Promise<number | undefined> {
    if (this.era !== 'legacy' || !this.sessionId || this.sessionEnded) return undefined;
    this.sessionEnded = true;
    return this.sendDelete();
  }

  private async sendDelete(): Promise<number | undefined> {
    const headers: Record<string, string> = { ...this.target.headers, 'mcp-session-id': this.sessionId! };
    if (this.negotiatedVersion) headers['mcp-protocol-version'] = this.negotiatedVersion;
    const seq = this.rec.record(this.conn, {
      dir: 'out',
      kind: 'http',
      http: { method: 'DELETE', url: this.target.url, headers },
    }).seq;
    try {
      const response = await fetch(this.target.url, { method: 'DELETE', headers, signal: AbortSignal.timeout(2000) });
      await boundedText(response, 64 * 1024).catch(() => undefined);
      this.rec.record(this.conn, {
        dir: 'in',
        kind: 'http',
        http: {
          method: 'DELETE',
          url: this.target.url,
          status: response.status,
          headers: pickHeaders(response.headers),
        },
        replyTo: seq,
      });
      return response.status;
    } catch (error) {
      this.rec.record(this.conn, {
        dir: 'local',
        kind: 'error',
        raw: `DELETE ${this.target.url}: ${describeFetchError(error)}`,
        ...errorCodeOf(error),
      });
      return undefined;
    }
  }

  /** Stop reading every stream; end a legacy session with DELETE, as a polite client does. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const controller of this.streams) controller.abort();
    this.streams.clear();
    this.failAll('closed');
    if (this.era === 'legacy' && this.sessionId && !this.sessionEnded) await this.sendDelete();
  }
}

/**
 * A response body as text, read only up to `max` bytes: a server that streams an endless JSON body
 * (or a 2 GB one) costs that much memory and no more; the rest is cancelled, not drained.
 */
export async function boundedText(
  response: Response,
  max = MAX_MESSAGE_BYTES,
): Promise<{ text: string; over: boolean }> {
  if (!response.body) return { text: '', over: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => undefined);
        return { text: Buffer.concat(chunks).toString('utf8'), over: true };
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock?.();
  }
  return { text: Buffer.concat(chunks).toString('utf8'), over: false };
}

export function describeFetchError(error: unknown): string {
  const e = error as { message?: string; cause?: { code?: string; message?: string } };
  const code = e.cause?.code;
  const detail = e.cause?.message ?? e.message ?? String(error);
  return code && !detail.includes(code) ? `${code} (${detail})` : (detail ?? code);
}
