import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { CLIENT_CAPABILITIES_META_KEY } from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../../app.js';
import { missingScopes } from '../../auth/scopes.js';
import { isJsonObject } from '../../json-object.js';
import type { ToolCallAdmission } from '../admission.js';
import type { LegacySessions } from '../legacy-sessions.js';
import { nodeHeader, readNodeBody, replayRequest, writeMessages, writeTooLarge, writeWebResponse } from '../node-io.js';
import { jsonRpcErrorResponse } from '../responses.js';
import {
  type DirectCallContext,
  type PlainToolCall,
  type PreparedCall,
  plainToolCall,
  prepareDirectCall,
} from './direct-call.js';
import { EraMemo } from './era-memo.js';
import { FAST_METHODS } from './sdk-mirror.js';
import type { FastMethods, ServeOnPath } from './served-once.js';
import { wireLane } from './wire-lane.js';

export interface DirectPathOptions {
  app: GiftGenApp;
  /** Legacy sessions, when the server keeps them (else legacy HTTP is stateless). */
  sessions?: LegacySessions;
  maxRequestBodySize: number;
  /** Counts the calls answered here. */
  calls: { inc(): void };
  /** The server's tool-call limit and drain, the same the SDK path passes. */
  admission: ToolCallAdmission;
  /** Discover, lists and reads served once (served-once.ts), when enabled. */
  fastMethods?: FastMethods;
  /** The SDK path, for everything not taken here: the request with its body again, and the body parsed if JSON. */
  fallback(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): void;
}

/** What the direct path needs to know about a request it takes. */
interface DirectRoute {
  call: PlainToolCall;
  context: DirectCallContext;
  /** The legacy session it belongs to; claimed once the caller is authorized. */
  sessionId: string | undefined;
}

const MODERN_LANE = { transport: 'http', era: 'modern', sessions: 'stateless' } as const;
const STATELESS_LEGACY_LANE = { transport: 'http', era: 'legacy', sessions: 'stateless' } as const;

/**
 * The fast path's dispatcher: a POST's body read from node's request and parsed once, its method
 * looked up in one table — a plain tools/call run here (direct-call.ts), discover, lists, reads and
 * prompts from kept answers (served-once.ts) — and answered straight to node's response, past the
 * web Request/Response bridge and the per-request McpServer. Which lane a request is on is decided
 * once, the SDK's way, for every method (wire-lane.ts). Whatever the table does not hold, or a
 * handler declines, goes to the SDK path with the body already parsed. Past the same gate and
 * limits as the SDK path. Synchronous from the body to the answer on an open endpoint: at 10k+
 * calls a second, every promise is garbage to collect.
 */
export type DirectPath = (req: IncomingMessage, res: ServerResponse, authInfo?: AuthInfo) => void;

export function createDirectPath(options: DirectPathOptions): DirectPath {
  const { app, sessions, admission } = options;
  const eras = new EraMemo();

  /** Whether a parsed body is a plain tool call this path takes, and what it needs for it. No side effects. */
  const route = (req: IncomingMessage, message: unknown): DirectRoute | undefined => {
    const call = plainToolCall(message);
    if (!call) return undefined;
    const lane = wireLane(req, message as { method: 'tools/call' }, call.meta, eras, sessions);
    if (!lane) return undefined;
    if (lane.era === 'modern') {
      if (nodeHeader(req, 'mcp-name') !== call.name) return undefined; // the SDK's error otherwise
      const clientCapabilities = call.meta?.[CLIENT_CAPABILITIES_META_KEY] as DirectCallContext['clientCapabilities'];
      return { call, context: { lane: MODERN_LANE, clientCapabilities }, sessionId: undefined };
    }
    if (lane.sessionId === undefined) return { call, context: { lane: STATELESS_LEGACY_LANE }, sessionId: undefined };
    const context = sessions!.directContext(lane.sessionId);
    return context && { call, context, sessionId: lane.sessionId };
  };

  const serve = (res: ServerResponse, taken: DirectRoute, prepared: PreparedCall, authInfo?: AuthInfo): void => {
    let headers: Record<string, string> | undefined;
    if (taken.sessionId !== undefined) {
      // Someone else's session looks exactly like a missing one (LegacySessions.handle says the same).
      if (!sessions!.claim(taken.sessionId, authInfo?.clientId))
        return void writeWebResponse(res, jsonRpcErrorResponse(404, -32001, 'Session not found'));
      headers = { 'mcp-session-id': taken.sessionId };
    }
    const refused = admission.admit(prepared.id);
    if (refused) return void writeWebResponse(res, refused);
    options.calls.inc();
    // A direct call never waits on the client (no questions, no streaming), so it is over
    // when run() settles, whether or not the client is still there to read the answer.
    const failed = (error: unknown) => {
      app.log.error({ event: 'direct_call_failed', err: (error as Error).message }, 'tool call failed');
      if (!res.headersSent)
        void writeWebResponse(res, jsonRpcErrorResponse(500, -32603, 'Internal server error', prepared.id));
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

  /** tools/call: a plain call of suggest_gifts or get_gift is run here; any other is declined (false). */
  const serveToolCall: ServeOnPath = (req, res, message, _text, authInfo) => {
    let taken: DirectRoute | undefined;
    let prepared: PreparedCall | undefined;
    try {
      taken = route(req, message);
      prepared = taken && prepareDirectCall(app, taken.call, taken.context);
    } catch {
      // Whatever this path cannot check (say, a schema overflowing the stack on 5,000-deep nesting)
      // is the SDK's to answer, so both paths answer every input alike.
      return false;
    }
    if (!taken || !prepared) return false;
    // A token without the tool's scopes is the SDK's to refuse (403 insufficient_scope naming them).
    if (authInfo && missingScopes(app.toolScopes.get(taken.call.name) ?? [], authInfo.scopes).length > 0) return false;
    serve(res, taken, prepared, authInfo);
    return true;
  };

  /** The method table: what this path may answer itself. Every other method, and whatever a handler declines, is the SDK's. */
  const table = new Map<string, ServeOnPath>([['tools/call', serveToolCall]]);
  const { fastMethods } = options;
  if (fastMethods) for (const method of FAST_METHODS) table.set(method, fastMethods.serve);

  // Called past the server's gate (Host/Origin, then access: ../server.ts), with the caller's AuthInfo.
  return (req, res, authInfo) => {
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
      const handler = typeof method === 'string' ? table.get(method) : undefined;
      if (!handler?.(req, res, message, read.text, authInfo, sdk)) sdk();
    });
  };
}
