import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../app.js';
import { missingScopes } from '../auth/scopes.js';
import { isJsonObject } from '../json-object.js';
import { HandshakeTap } from '../observe/handshake-tap.js';
import type { ServerMetrics } from '../observe/metrics.js';
import type { ToolCallAdmission } from './admission.js';
import { type Answer, type KeptAnswers, MAX_KEY_CHARS } from './kept.js';
import { nodeHeader, readNodeBody, replayRequest, writeMessages, writeTooLarge, writeWebResponse } from './node-io.js';
import { type Era, EraMemo, type PlainRequest, readPlainRequest, type SessionView } from './plain-request.js';
import { jsonRpcErrorResponse } from './responses.js';
import { keyOf, type TableEntry } from './table.js';
import type { PreparedCall } from './tool-call.js';

/** The SDK's answer to a request, in process: the handler the SDK path would give it to. */
export type SdkAnswer = (era: Era, request: Request, body: unknown, authInfo?: AuthInfo) => Promise<Response>;

export interface DispatchOptions {
  app: GiftGenApp;
  metrics: ServerMetrics;
  table: readonly TableEntry[];
  /** The methods whose entry passed the start-up check (sdk-check.ts). */
  enabled: ReadonlySet<string>;
  kept: KeptAnswers;
  /** Legacy sessions, read only, and `claim` (the caller's own session, its idle clock reset). */
  sessions?: SessionView & { claim(sessionId: string, principal: string | undefined): boolean };
  admission: ToolCallAdmission;
  maxRequestBodySize: number;
  sdkAnswer: SdkAnswer;
  /** The SDK path, for everything the table does not take: the request with its body again, and the body parsed. */
  fallback(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): void;
}

/**
 * A JSON POST from a non-browser client, past the gate: its body read from node's request and parsed
 * once, read as a plain request and its lane decided once (plain-request.ts), its method looked up in
 * the one table (table.ts), and answered straight to node's response: a kept answer, or a tool call
 * run now. Whatever the table does not hold, an entry declines, or its check disabled, goes to the SDK
 * path with the body already parsed. Synchronous from the body to the answer where it can be: at 10k+
 * calls a second, every promise is garbage to collect.
 */
export function createDispatch(options: DispatchOptions) {
  const { app, metrics, kept, sessions, admission } = options;
  const table = new Map(options.table.map((e) => [e.method, e]));
  const eras = new EraMemo();
  const directCalls = metrics.toolCalls.labels('direct');

  const sessionHeaders = (request: PlainRequest) =>
    request.sessionId === undefined ? undefined : { 'mcp-session-id': request.sessionId };

  const call = (res: ServerResponse, request: PlainRequest, prepared: PreparedCall): void => {
    const refused = admission.admit(request.id);
    if (refused) return void writeWebResponse(res, refused);
    directCalls.inc();
    const headers = sessionHeaders(request);
    // A direct call never waits on the client (no questions, no streaming): it is over when run() settles.
    const failed = (error: unknown) => {
      app.log.error({ event: 'direct_call_failed', err: (error as Error).message }, 'tool call failed');
      if (!res.headersSent)
        void writeWebResponse(res, jsonRpcErrorResponse(500, -32603, 'Internal server error', request.id));
    };
    let answer: ReturnType<PreparedCall['run']>;
    try {
      answer = prepared.run();
    } catch (error) {
      admission.leave();
      failed(error);
      return;
    }
    if (!(answer instanceof Promise)) {
      admission.leave();
      writeMessages(res, answer, headers);
      return;
    }
    answer.then((messages) => writeMessages(res, messages, headers), failed).finally(() => admission.leave());
  };

  const write = (res: ServerResponse, request: PlainRequest, answer: Answer, message: unknown) => {
    metrics.fastMethods.inc({ method: request.method, path: 'served_once' });
    const body = `{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":${answer.text}}`;
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      ...sessionHeaders(request),
    };
    res.writeHead(200, headers);
    res.end(body);
    // The probe is counted and logged as on the SDK path (its tap).
    if (request.method === 'server/discover') {
      const tap = new HandshakeTap(app.log, metrics, 'http');
      tap.inbound(message);
      tap.outbound({ jsonrpc: '2.0', id: request.id, result: answer.value });
    }
  };

  return (req: IncomingMessage, res: ServerResponse, authInfo?: AuthInfo): void => {
    readNodeBody(req, options.maxRequestBodySize, (read) => {
      if ('tooLarge' in read) return writeTooLarge(res, options.maxRequestBodySize);
      let message: unknown;
      try {
        message = JSON.parse(read.text);
      } catch {
        return options.fallback(replayRequest(req, read.text), res); // the SDK answers the parse error
      }
      const sdk = () => options.fallback(replayRequest(req, read.text), res, message);
      const method = isJsonObject(message) ? message.method : undefined;
      const entry = typeof method === 'string' && options.enabled.has(method) ? table.get(method) : undefined;
      if (!entry) return sdk();
      let request: PlainRequest | undefined;
      let prepared: PreparedCall | undefined;
      let key: string | undefined;
      try {
        request = readPlainRequest(req, message, eras, sessions);
        if (request && !entry.eras.includes(request.era)) request = undefined;
        if (request && entry.call) prepared = entry.call(app, request);
        else if (request) key = keyOf(entry, request);
      } catch {
        // Whatever cannot be checked here (a 5,000-deep body overflowing the stack) is the SDK's to answer.
        return sdk();
      }
      if (!request || !(prepared || (key && key.length <= MAX_KEY_CHARS))) return sdk();
      // Someone else's session, or none: the SDK's 404. While draining, the SDK path's 503.
      if (request.sessionId !== undefined && !sessions!.claim(request.sessionId, authInfo?.clientId)) return sdk();
      // A token without the tool's scopes is the SDK's to refuse (403 insufficient_scope naming them).
      if (
        prepared &&
        authInfo &&
        missingScopes(app.toolScopes.get(toolNameOf(message)) ?? [], authInfo.scopes).length > 0
      )
        return sdk();
      if (prepared) return call(res, request, prepared);
      if (admission.isDraining) return sdk();
      const taken = request;
      const answer = kept.get(key!, taken.id, () =>
        options.sdkAnswer(taken.era, webRequest(req, read.text), message, authInfo),
      );
      if (!(answer instanceof Promise)) return write(res, taken, answer, message);
      answer.then((a) => (a ? write(res, taken, a, message) : sdk()), sdk);
    });
  };
}

const toolNameOf = (message: unknown): string => {
  const params = isJsonObject(message) && isJsonObject(message.params) ? message.params : undefined;
  return typeof params?.name === 'string' ? params.name : '';
};

/** The node request as a web Request for the SDK's in-process handlers, body included. */
export function webRequest(req: Pick<IncomingMessage, 'headers' | 'url'>, text: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return new Request(`http://${nodeHeader(req as IncomingMessage, 'host') ?? 'localhost'}${req.url ?? '/'}`, {
    method: 'POST',
    headers,
    body: text,
  });
}
