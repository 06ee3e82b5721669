import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { HttpInfo, JsonRpcId } from '../types.js';
import type { Recorder } from '../wire/recorder.js';
import { SseParser } from '../wire/sse.js';
import type { LearningRedactor } from './learning-redactor.js';
import { oauthStepOf, type TapOAuthStep } from './oauth-steps.js';
import { OAuthTap } from './oauth-tap.js';
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
const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';

export interface HttpTapOptions {
  host: string;
  port: number;
  target: URL;
  rec: Recorder;
  redactor: LearningRedactor;
}

export interface RunningHttpTap {
  /** The proxy's URL for the target's path, e.g. http://127.0.0.1:4000/mcp. */
  url: string;
  close: () => Promise<void>;
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
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body).toString('utf8');
    if (encoding === 'deflate') return inflateSync(body).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  } catch {
    return `(${encoding} body that could not be decoded, ${body.length} bytes)`;
  }
  return body.toString('utf8');
}

/**
 * Which recorded connection a request belongs to: a Streamable HTTP session (by
 * `Mcp-Session-Id`), a 2024-11-05 SSE session (by the `sessionId` its endpoint event
 * named), a new one for each initialize, and one shared lane for sessionless requests.
 */
class Connections {
  private readonly bySession = new Map<string, string>();
  private count = 0;
  private sessionless: string | undefined;

  constructor(private readonly tap: TapRecorder) {}

  private open(prefix: string, era: 'legacy' | 'modern', version?: string): string {
    const id = `${prefix}-${++this.count}`;
    this.tap.connection({ id, purpose: 'tap', era, ...(version && { version }) });
    return id;
  }

  forRequest(
    method: string,
    sessionId: string | undefined,
    sseSession: string | undefined,
    first: Msg | undefined,
  ): string {
    const known =
      (sessionId && this.bySession.get(`h:${sessionId}`)) || (sseSession && this.bySession.get(`s:${sseSession}`));
    if (known) return known;
    if (method === 'GET' && !sessionId) return this.open('sse', 'legacy', '2024-11-05');
    if (first?.method === 'initialize') {
      const version = ((first.params ?? {}) as Msg).protocolVersion;
      const id = this.open('session', 'legacy', typeof version === 'string' ? version : undefined);
      this.sessionless = id;
      return id;
    }
    if (sessionId) {
      // A session that began before the tap did.
      const id = this.open('session', 'legacy');
      this.bySession.set(`h:${sessionId}`, id);
      return id;
    }
    if (!this.sessionless) {
      const meta = (((first?.params ?? {}) as Msg)._meta ?? {}) as Msg;
      const version = meta[PROTOCOL_VERSION_META];
      this.sessionless = this.open(
        'http',
        typeof version === 'string' ? 'modern' : 'legacy',
        typeof version === 'string' ? version : undefined,
      );
    }
    return this.sessionless;
  }

  /** A session id the server gave: later requests carrying it are this connection's, sessionless ones are not. */
  session(conn: string, sessionId: string): void {
    this.bySession.set(`h:${sessionId}`, conn);
    if (this.sessionless === conn) this.sessionless = undefined;
  }

  sseSession(conn: string, sessionId: string): void {
    this.bySession.set(`s:${sessionId}`, conn);
  }
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

/**
 * A reverse proxy for Streamable HTTP and 2024-11-05 HTTP+SSE. Bytes are forwarded as
 * they arrive, both ways, with the headers as sent (minus hop-by-hop ones); a copy of
 * each body is parsed and recorded. Only the recording is redacted.
 */
export async function startHttpTap(options: HttpTapOptions): Promise<RunningHttpTap> {
  const { target, rec, redactor } = options;
  const tap = new TapRecorder(rec);
  const conns = new Connections(tap);
  // A host's OAuth requests (metadata, registration, authorization, token) are steps of their own, redacted.
  const oauthTap = new OAuthTap(rec, tap, redactor);
  const client = target.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: true });
  const base = `${target.protocol}//${target.host}`;
  const auth =
    target.username || target.password
      ? `Basic ${Buffer.from(`${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`).toString(
          'base64',
        )}`
      : undefined;

  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const upstreamUrl = new URL(path, base);
    const incomingHeaders = headersOf(req.rawHeaders);
    for (const [name, value] of Object.entries(incomingHeaders))
      if (CREDENTIAL_HEADERS.test(name)) redactor.learn(value);
    const headers = forwardable(req.rawHeaders, target.host);
    if (auth && !('authorization' in incomingHeaders)) headers.push('Authorization', auth);
    const request: HttpInfo = { method: req.method ?? 'GET', url: upstreamUrl.href, headers: incomingHeaders };
    const body: Buffer[] = [];
    let conn: string | undefined;
    const sessionHeader = incomingHeaders['mcp-session-id'];
    const sseSession = upstreamUrl.searchParams.get('sessionId') ?? undefined;
    const connFor = (first?: Msg) => (conn ??= conns.forRequest(request.method, sessionHeader, sseSession, first));

    const upstream = client.request(upstreamUrl, { method: req.method, headers, agent });
    upstream.setNoDelay(true);
    req.on('data', (chunk: Buffer) => {
      if (!upstream.write(chunk)) {
        req.pause();
        upstream.once('drain', () => req.resume());
      }
      body.push(chunk);
    });
    let oauthStep: TapOAuthStep | undefined;
    let requestRecorded = false;
    let requestId: JsonRpcId | undefined;
    const recordRequest = () => {
      if (requestRecorded) return;
      requestRecorded = true;
      const text = decoded(Buffer.concat(body), incomingHeaders['content-encoding']);
      oauthStep = oauthStepOf(request.method, upstreamUrl, incomingHeaders['content-type'], text, {
        mcpPath: target.pathname,
        accept: incomingHeaders.accept,
      });
      if (oauthStep) return void (conn = oauthTap.request(oauthStep, request, text, incomingHeaders['content-type']));
      const first = firstMessage(text);
      if (first && typeof first.method === 'string' && 'id' in first) requestId = first.id as JsonRpcId;
      const c = connFor(first);
      if (text.trim() === '') rec.record(c, { dir: 'out', kind: 'http', http: request });
      else tap.text(c, 'out', text, request);
    };
    req.on('end', () => {
      upstream.end();
      recordRequest();
    });
    res.on('close', () => {
      if (!res.writableFinished) {
        upstream.destroy();
        if (conn)
          rec.record(conn, {
            dir: 'local',
            kind: 'note',
            note: `${request.method} ${path}: the client closed the connection`,
          });
      }
    });

    upstream.on('response', (up) => {
      recordRequest();
      const c = connFor();
      res.writeHead(up.statusCode ?? 502, up.statusMessage, forwardable(up.rawHeaders));
      const responseHeaders = headersOf(up.rawHeaders);
      const contentType = responseHeaders['content-type'] ?? '';
      const isSse = contentType.includes('text/event-stream');
      // A stream's head goes out at once; a JSON answer's head travels with its body.
      if (isSse) res.flushHeaders();
      const sessionId = responseHeaders['mcp-session-id'];
      if (sessionId) conns.session(c, sessionId);
      for (const name of ['set-cookie']) if (responseHeaders[name]) redactor.learn(responseHeaders[name]);
      const info: HttpInfo = {
        method: request.method,
        url: upstreamUrl.href,
        status: up.statusCode,
        headers: responseHeaders,
        contentType,
      };
      if (oauthStep) oauthTap.response(info);
      else rec.record(c, { dir: 'in', kind: 'http', http: info });
      const sse = new SseParser();
      const copy: Buffer[] = [];
      up.on('data', (chunk: Buffer) => {
        // A slow client slows the server's stream down instead of filling the tap's memory.
        if (!res.write(chunk)) {
          up.pause();
          res.once('drain', () => up.resume());
        }
        if (!isSse) return void copy.push(chunk);
        for (const event of sse.feed(chunk.toString('utf8'))) {
          if (event.event === 'endpoint') {
            const endpoint = new URL(event.data, upstreamUrl);
            const named = endpoint.searchParams.get('sessionId');
            if (named) conns.sseSession(c, named);
            rec.record(c, { dir: 'in', kind: 'note', note: `SSE endpoint: ${event.data}` });
          } else if (event.event === 'message') tap.text(c, 'in', event.data, undefined, up.statusCode);
          else
            rec.record(c, { dir: 'in', kind: 'note', note: `SSE event "${event.event}": ${event.data.slice(0, 200)}` });
        }
      });
      up.on('end', () => {
        res.end();
        if (!isSse && copy.length > 0) {
          const text = decoded(Buffer.concat(copy), responseHeaders['content-encoding']);
          if (oauthStep) oauthTap.body(text, contentType);
          else tap.text(c, 'in', text, undefined, up.statusCode);
        }
        // A request answered by an HTTP error without a JSON-RPC body keeps its status.
        if (requestId !== undefined) tap.httpStatus(c, requestId, up.statusCode ?? 0);
      });
      up.on('error', () => res.destroy());
    });
    upstream.on('error', (error) => {
      recordRequest();
      rec.record(connFor(), {
        dir: 'local',
        kind: 'error',
        raw: `${request.method} ${upstreamUrl.href}: ${error.message}`,
      });
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`mcp-handshake tap: the target did not answer (${error.message})\n`);
      } else res.destroy();
    });
  });
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
  };
}
