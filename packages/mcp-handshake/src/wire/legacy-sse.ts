import type { ConnectionInfo } from '../types.js';
import { errorCodeOf } from './errors.js';
import type { HttpTarget } from './http.js';
import { boundedText, describeFetchError } from './http.js';
import { parsePeerJson } from './peer-json.js';
import type { Recorder } from './recorder.js';
import { looksLikeJsonRpc, type RequestOptions, RpcConnection } from './rpc.js';
import { SseOverflow, sseEvents } from './sse.js';

/**
 * The 2024-11-05 HTTP+SSE transport: GET opens an event stream whose first `endpoint`
 * event names the URL to POST to; every answer comes back on the stream.
 */
export class LegacySseConnection extends RpcConnection {
  private endpoint: string | undefined;
  private readonly controller = new AbortController();

  constructor(
    rec: Recorder,
    info: ConnectionInfo,
    timeoutMs: number,
    readonly target: HttpTarget,
  ) {
    super(rec, info, timeoutMs);
  }

  /** Resolves true once the endpoint event arrived. */
  async connect(): Promise<boolean> {
    const headers = { accept: 'text/event-stream', ...this.target.headers };
    this.rec.record(this.conn, { dir: 'out', kind: 'http', http: { method: 'GET', url: this.target.url, headers } });
    let response: Response;
    try {
      response = await fetch(this.target.url, { headers, signal: this.controller.signal });
    } catch (error) {
      this.rec.record(this.conn, {
        dir: 'local',
        kind: 'error',
        raw: `GET ${this.target.url}: ${describeFetchError(error)}`,
        ...errorCodeOf(error),
      });
      return false;
    }
    const contentType = response.headers.get('content-type') ?? '';
    this.rec.record(this.conn, {
      dir: 'in',
      kind: 'http',
      http: { method: 'GET', url: this.target.url, status: response.status, contentType },
    });
    if (!response.ok || !contentType.includes('text/event-stream') || !response.body) return false;
    const gotEndpoint = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), this.timeoutMs);
      void this.read(response.body!, (url) => {
        clearTimeout(timer);
        resolve(true);
        this.endpoint = url;
      }).finally(() => resolve(false));
    });
    return gotEndpoint;
  }

  private async read(body: ReadableStream<Uint8Array>, onEndpoint: (url: string) => void): Promise<void> {
    try {
      for await (const event of sseEvents(body)) {
        if (event.event === 'endpoint') {
          this.rec.record(this.conn, { dir: 'in', kind: 'note', note: `SSE endpoint: ${event.data}` });
          onEndpoint(new URL(event.data, this.target.url).toString());
          continue;
        }
        const json = parsePeerJson(event.data);
        const parsed = json.ok ? json.value : undefined;
        if (!looksLikeJsonRpc(parsed)) {
          this.rec.record(this.conn, { dir: 'in', kind: 'noise', raw: event.data.slice(0, 2000) });
          continue;
        }
        const cut = json.ok && json.cutDepth !== undefined ? { cutDepth: json.cutDepth } : {};
        const seq = this.rec.record(this.conn, { dir: 'in', kind: 'message', message: parsed, ...cut }).seq;
        this.deliver(parsed as Record<string, unknown>, seq);
      }
    } catch (error) {
      // aborted on close, or a stream that overflowed the parser
      if (error instanceof SseOverflow) this.rec.record(this.conn, { dir: 'in', kind: 'note', note: error.message });
    }
    if (!this.closed) {
      this.closed = true;
      this.rec.record(this.conn, { dir: 'local', kind: 'note', note: 'SSE stream ended' });
      this.failAll('closed');
    }
  }

  protected async transmit(
    payload: Record<string, unknown>,
    requestKey: string | undefined,
    options: RequestOptions = {},
  ): Promise<void> {
    if (!this.endpoint) throw new Error('no endpoint yet');
    const headers = { 'content-type': 'application/json', ...this.target.headers, ...options.headers };
    const seq = this.rec.record(this.conn, {
      dir: 'out',
      kind: 'message',
      message: payload,
      http: { method: 'POST', url: this.endpoint, headers },
    }).seq;
    this.markSent(requestKey, seq);
    const response = await fetch(this.endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    await boundedText(response, 64 * 1024).catch(() => undefined);
    this.rec.record(this.conn, {
      dir: 'in',
      kind: 'http',
      http: { method: 'POST', url: this.endpoint, status: response.status },
    });
    this.setHttpStatus(requestKey, response.status);
    if (response.status >= 400) this.failOne(requestKey, 'transport-error');
  }

  async close(): Promise<void> {
    this.closed = true;
    this.controller.abort();
    this.failAll('closed');
  }
}
