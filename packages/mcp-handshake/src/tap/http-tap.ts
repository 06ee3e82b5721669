/**
 * `tap --listen … --target URL`: a reverse proxy for Streamable HTTP and 2024-11-05 HTTP+SSE, to one
 * server only. Bytes are forwarded as they arrive, both ways, with the headers as sent (minus
 * hop-by-hop ones); a bounded copy of each body is parsed and recorded, redacted. What is not a
 * path on the target's origin is refused (400) and reported through `onRefused`: the tap is meant
 * to sit behind a tunnel, and must not become a way into the operator's network.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { HttpInfo, JsonRpcId } from '../types.js';
import { MAX_MESSAGE_BYTES } from '../wire/peer-json.js';
import type { Recorder } from '../wire/recorder.js';
import { SseParser } from '../wire/sse.js';
import { HttpConnections } from './http-connections.js';
import type { LearningRedactor } from './learning-redactor.js';
import { oauthStepOf, type TapOAuthStep } from './oauth-steps.js';
import { OAuthTap } from './oauth-tap.js';
import { trafficOf, upstreamUrlFor } from './request-target.js';
import { TapRecorder } from './tap-recorder.js';

/** Headers that belong to one hop (RFC 9110 §7.6.1); everything else passes unchanged. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const CREDENTIAL_HEADERS = /^(authorization|proxy-authorization|cookie|x-api-key|api-key|x-auth-token)$/i;
/** A reused keep-alive socket the server closed before answering: safe to send again on a new one. */
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

export interface RefusedRequest {
  method: string;
  target: string;
  reason: string;
  from: string;
}

export interface HttpTapOptions {
  host: string;
  port: number;
  target: URL;
  rec: Recorder;
  redactor: LearningRedactor;
  /** A request the tap would not forward (the reason is ours; method and target are the peer's). */
  onRefused?: (refused: RefusedRequest) => void;
  /** How much of one body the recording keeps (default MAX_MESSAGE_BYTES); what passes is never cut. */
  maxBodyCopy?: number;
}

export interface RunningHttpTap {
  /** The proxy's URL for the target's path, e.g. http://127.0.0.1:4000/mcp. */
  url: string;
  close: () => Promise<void>;
  /** Requests answered by the tap itself with 502 (the target failed); a test counts them. */
  readonly tapErrors: number;
  /** Requests sent a second time on a fresh connection after a reused one turned out closed. */
  readonly retries: number;
}

type Msg = Record<string, unknown>;

function headersOf(raw: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    out[name] = name in out ? `${out[name]}, ${raw[i + 1]}` : raw[i + 1];
  }
  return out;
}

/** rawHeaders minus hop-by-hop ones (and those `Connection` names), optionally with Host replaced. */
function forwardable(raw: string[], host?: string): string[] {
  const named = new Set<string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i].toLowerCase() === 'connection') for (const n of raw[i + 1].split(',')) named.add(n.trim().toLowerCase());
  }
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name)) continue;
    out.push(raw[i], name === 'host' && host ? host : raw[i + 1]);
  }
  return out;
}

function decoded(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip')
      return gunzipSync(body, { maxOutputLength: MAX_MESSAGE_BYTES }).toString('utf8');
    if (encoding === 'deflate') return inflateSync(body, { maxOutputLength: MAX_MESSAGE_BYTES }).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(body, { maxOutputLength: MAX_MESSAGE_BYTES }).toString('utf8');
  } catch {
    return `(${encoding} body that could not be decoded within ${MAX_MESSAGE_BYTES} bytes, ${body.length} bytes)`;
  }
  return body.toString('utf8');
}

function firstMessage(text: string): Msg | undefined {
  try {
    const parsed = JSON.parse(text) as unknown;
    const first = Array.isArray(parsed) ? parsed[0] : parsed;
    return first && typeof first === 'object' ? (first as Msg) : undefined;
  } catch {
    return undefined;
  }
}

/** A bounded copy of a body as it streams past: what is over the limit is counted, not kept. */
class BodyCopy {
  private readonly chunks: Buffer[] = [];
  size = 0;
  constructor(private readonly max: number) {}
  add(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size <= this.max) this.chunks.push(chunk);
  }
  get complete(): boolean {
    return this.size <= this.max;
  }
  get buffers(): Buffer[] {
    return this.chunks;
  }
  text(encoding: string | undefined): string {
    if (!this.complete) return '';
    return decoded(Buffer.concat(this.chunks), encoding);
  }
}

export async function startHttpTap(options: HttpTapOptions): Promise<RunningHttpTap> {
  const { target, rec, redactor } = options;
  const maxCopy = options.maxBodyCopy ?? MAX_MESSAGE_BYTES;
  const tap = new TapRecorder(rec);
  const conns = new HttpConnections(tap);
  // A host's OAuth requests (metadata, registration, authorization, token) are steps of their own, redacted.
  const oauthTap = new OAuthTap(rec, tap, redactor);
  const client = target.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: true });
  const auth =
    target.username || target.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`).toString(
          'base64',
        )}`
      : undefined;
  let tapErrors = 0;
  let retries = 0;

  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    const requestTarget = req.url ?? '';
    const upstreamUrl = upstreamUrlFor(requestTarget, method, target);
    if ('refused' in upstreamUrl) {
      const refused = {
        method,
        target: requestTarget,
        reason: upstreamUrl.reason,
        from: `${req.socket.remoteAddress}:${req.socket.remotePort}`,
      };
      rec.record(conns.forRequest(req.socket, 'other', undefined, undefined, undefined), {
        dir: 'local',
        kind: 'note',
        note: `refused ${method} ${requestTarget.slice(0, 300)} from ${refused.from}: ${refused.reason}`,
      });
      options.onRefused?.(refused);
      res.writeHead(400, { 'content-type': 'text/plain', connection: 'close' });
      res.end(`mcp-handshake tap: refused: ${upstreamUrl.reason}; only paths on ${target.origin} are forwarded\n`);
      req.resume();
      return;
    }
    const incomingHeaders = headersOf(req.rawHeaders);
    for (const [name, value] of Object.entries(incomingHeaders))
      if (CREDENTIAL_HEADERS.test(name)) redactor.learn(value);
    const headers = forwardable(req.rawHeaders, target.host);
    if (auth && !('authorization' in incomingHeaders)) headers.push('Authorization', auth);
    const request: HttpInfo = { method, url: upstreamUrl.href, headers: incomingHeaders };
    const traffic = trafficOf(method, upstreamUrl, target, incomingHeaders);
    const body = new BodyCopy(maxCopy);
    let conn: string | undefined;
    const sessionHeader = incomingHeaders['mcp-session-id'];
    const sseSession = upstreamUrl.searchParams.get('sessionId') ?? undefined;
    // A sessionless GET is an HTTP+SSE (2024-11-05) session only if it is answered with an event stream;
    // otherwise (a 405, a health check) it is no MCP session at all. So it is placed when its answer comes.
    const sessionlessGet = method === 'GET' && sessionHeader === undefined && sseSession === undefined;
    let answeredWith: string | undefined;
    const connFor = (first?: Msg) =>
      (conn ??= sessionlessGet
        ? answeredWith?.includes('text/event-stream')
          ? conns.sseStream()
          : conns.forRequest(req.socket, traffic === 'mcp' ? 'other' : traffic, undefined, undefined, undefined)
        : conns.forRequest(req.socket, traffic, sessionHeader, sseSession, first));

    let requestRecorded = false;
    let requestId: JsonRpcId | undefined;
    let oauthStep: TapOAuthStep | undefined;
    const recordRequest = () => {
      if (requestRecorded) return;
      requestRecorded = true;
      const text = body.text(incomingHeaders['content-encoding']);
      oauthStep = oauthStepOf(method, upstreamUrl, incomingHeaders['content-type'], text, {
        mcpPath: target.pathname,
        accept: incomingHeaders.accept,
      });
      if (oauthStep) return void (conn = oauthTap.request(oauthStep, request, text, incomingHeaders['content-type']));
      const first = firstMessage(text);
      if (first && typeof first.method === 'string' && 'id' in first) requestId = first.id as JsonRpcId;
      const c = connFor(first);
      if (!body.complete)
        rec.record(c, {
          dir: 'out',
          kind: 'noise',
          raw: `a request body of ${body.size} bytes, over the ${maxCopy} the tap records`,
          http: request,
        });
      else if (text.trim() === '') rec.record(c, { dir: 'out', kind: 'http', http: request });
      else tap.text(c, 'out', text, request);
    };

    let ended = false;
    let responded = false;
    let clientGone = false;
    let upstream: http.ClientRequest;
    const send = (fresh: boolean) => {
      const r = client.request(upstreamUrl, { method, headers, agent: fresh ? false : agent });
      r.setNoDelay(true);
      r.on('response', onResponse);
      r.on('error', (error: NodeJS.ErrnoException) => onUpstreamError(r, error));
      return r;
    };
    // Sent again only when nothing came back yet on a reused socket and the whole body is at hand.
    const onUpstreamError = (r: http.ClientRequest, error: NodeJS.ErrnoException) => {
      if (r !== upstream) return;
      if (!responded && !clientGone && r.reusedSocket && STALE_SOCKET.has(error.code ?? '') && body.complete) {
        retries++;
        rec.record(connFor(), {
          dir: 'local',
          kind: 'note',
          note: `${method} ${upstreamUrl.pathname}: the server had closed the kept-alive connection (${error.code}); sent again on a new one`,
        });
        upstream = send(true);
        for (const chunk of body.buffers) upstream.write(chunk);
        if (ended) upstream.end();
        req.resume();
        return;
      }
      recordRequest();
      rec.record(connFor(), {
        dir: 'local',
        kind: 'error',
        raw: `${method} ${upstreamUrl.href}: ${error.message}`,
      });
      if (!res.headersSent) {
        tapErrors++;
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`mcp-handshake tap: the target did not answer (${error.message})\n`);
      } else res.destroy();
    };

    const onResponse = (up: http.IncomingMessage) => {
      responded = true;
      answeredWith = up.headers['content-type'];
      recordRequest();
      const c = connFor();
      res.writeHead(up.statusCode ?? 502, up.statusMessage, forwardable(up.rawHeaders));
      const responseHeaders = headersOf(up.rawHeaders);
      const contentType = responseHeaders['content-type'] ?? '';
      const isSse = contentType.includes('text/event-stream');
      // A stream's head goes out at once; a JSON answer's head travels with its body.
      if (isSse) res.flushHeaders();
      const sessionId = responseHeaders['mcp-session-id'];
      if (sessionId) conns.session(req.socket, c, sessionId);
      if (responseHeaders['set-cookie']) redactor.learn(responseHeaders['set-cookie']);
      const info: HttpInfo = {
        method,
        url: upstreamUrl.href,
        status: up.statusCode,
        headers: responseHeaders,
        contentType,
      };
      if (oauthStep) oauthTap.response(info);
      else rec.record(c, { dir: 'in', kind: 'http', http: info });
      const sse = new SseParser(maxCopy);
      let sseOverflowNoted = false;
      const copy = new BodyCopy(maxCopy);
      up.on('data', (chunk: Buffer) => {
        // A slow client slows the server's stream down instead of filling the tap's memory.
        if (!res.write(chunk)) {
          up.pause();
          res.once('drain', () => up.resume());
        }
        if (!isSse) return void copy.add(chunk);
        for (const event of sse.feed(chunk.toString('utf8'))) {
          if (event.event === 'endpoint') {
            const named = new URL(event.data, upstreamUrl).searchParams.get('sessionId');
            if (named) conns.sseSession(c, named);
            rec.record(c, { dir: 'in', kind: 'note', note: `SSE endpoint: ${event.data}` });
          } else if (event.event === 'message') tap.text(c, 'in', event.data, undefined, up.statusCode);
          else
            rec.record(c, { dir: 'in', kind: 'note', note: `SSE event "${event.event}": ${event.data.slice(0, 200)}` });
        }
        if (sse.overflowed && !sseOverflowNoted) {
          sseOverflowNoted = true;
          rec.record(c, {
            dir: 'in',
            kind: 'note',
            note: `an SSE event or line over ${maxCopy} characters: the rest of this stream passed unrecorded`,
          });
        }
      });
      up.on('end', () => {
        res.end();
        if (!isSse && copy.size > 0) {
          if (copy.complete && oauthStep) oauthTap.body(copy.text(responseHeaders['content-encoding']), contentType);
          else if (copy.complete)
            tap.text(c, 'in', copy.text(responseHeaders['content-encoding']), undefined, up.statusCode);
          else
            rec.record(c, {
              dir: 'in',
              kind: 'noise',
              raw: `a response body of ${copy.size} bytes, over the ${maxCopy} the tap records`,
            });
        }
        // A request answered by an HTTP error without a JSON-RPC body keeps its status.
        if (requestId !== undefined) tap.httpStatus(c, requestId, up.statusCode ?? 0);
      });
      up.on('error', () => res.destroy());
    };

    upstream = send(false);
    req.on('data', (chunk: Buffer) => {
      body.add(chunk);
      if (!upstream.write(chunk)) {
        req.pause();
        upstream.once('drain', () => req.resume());
      }
    });
    req.on('end', () => {
      ended = true;
      upstream.end();
      if (!sessionlessGet) recordRequest();
    });
    res.on('close', () => {
      if (!res.writableFinished) {
        clientGone = true;
        upstream.destroy();
        if (conn)
          rec.record(conn, {
            dir: 'local',
            kind: 'note',
            note: `${method} ${upstreamUrl.pathname}: the client closed the connection`,
          });
      }
    });
  });
  // What never becomes a request event is refused and said too: CONNECT (a tunnel) and what Node's
  // parser rejects (a raw backslash or control byte in the target, a malformed head).
  const refuse = (socket: Duplex, method: string, requestTarget: string, reason: string) => {
    const from = `${(socket as Socket).remoteAddress}:${(socket as Socket).remotePort}`;
    rec.record(conns.forRequest(socket, 'other', undefined, undefined, undefined), {
      dir: 'local',
      kind: 'note',
      note: `refused ${method} ${requestTarget.slice(0, 300)} from ${from}: ${reason}`,
    });
    options.onRefused?.({ method, target: requestTarget, reason, from });
    if (socket.writable)
      socket.end(
        'HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nmcp-handshake tap: refused\n',
      );
    else socket.destroy();
  };
  server.on('connect', (req: http.IncomingMessage, socket: Duplex) =>
    refuse(socket, req.method ?? 'CONNECT', req.url ?? '', 'CONNECT is not forwarded (the tap is no tunnel)'),
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    refuse(
      socket,
      '?',
      String((error as { rawPacket?: Buffer }).rawPacket?.toString('latin1').split('\r\n')[0] ?? ''),
      `a request Node's HTTP parser rejects (${error.code ?? error.message})`,
    ),
  );
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}${target.pathname}${target.search}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
    get tapErrors() {
      return tapErrors;
    },
    get retries() {
      return retries;
    },
  };
}
