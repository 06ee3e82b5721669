import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { CLIENT_CAPABILITIES_META_KEY, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../../app.js';
import { MODERN_PROTOCOL_VERSION } from '../../primitives/lane.js';
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
import type { FastMethods } from './served-once.js';

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
 * The HTTP side of the direct path (http/fast/direct-call.ts): a plain tools/call read
 * straight from node's request and answered straight to its response, past the web
 * Request/Response bridge and the per-request McpServer. It passes the same edge checks
 * and limits as the SDK path; whatever it does not take goes there, body already parsed.
 * Synchronous from the body to the answer on an open endpoint: at 10k+ calls a second,
 * every promise is garbage to collect.
 */
export type DirectPath = (req: IncomingMessage, res: ServerResponse, authInfo?: AuthInfo) => void;

export function createDirectPath(options: DirectPathOptions): DirectPath {
  const { app, sessions, admission } = options;
  const eras = new EraMemo();

  /** Whether a parsed body can take the direct path, and what it needs for it. Reads headers only: no side effects. */
  const route = (req: IncomingMessage, message: unknown): DirectRoute | undefined => {
    const protocolVersionHeader = nodeHeader(req, 'mcp-protocol-version') ?? undefined;
    const mcpMethodHeader = nodeHeader(req, 'mcp-method') ?? undefined;
    const call = plainToolCall(message);
    if (!call) return undefined;
    const era = eras.classify(message, call, protocolVersionHeader, mcpMethodHeader);
    if (era === 'modern') {
      // Every standard header present and matching: the SDK answers anything less with its own error.
      if (
        protocolVersionHeader !== MODERN_PROTOCOL_VERSION ||
        mcpMethodHeader !== 'tools/call' ||
        nodeHeader(req, 'mcp-name') !== call.name
      )
        return undefined;
      const clientCapabilities = call.meta?.[CLIENT_CAPABILITIES_META_KEY] as DirectCallContext['clientCapabilities'];
      return { call, context: { lane: MODERN_LANE, clientCapabilities }, sessionId: undefined };
    }
    if (era !== 'legacy' || call.meta !== undefined) return undefined;
    // The SDK's 2025 transport insists on both media types, and refuses a version header it does not support (400).
    const accept = nodeHeader(req, 'accept') ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
    if (protocolVersionHeader !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(protocolVersionHeader))
      return undefined;
    const sessionId = nodeHeader(req, 'mcp-session-id') ?? undefined;
    if (!sessions)
      return sessionId === undefined ? { call, context: { lane: STATELESS_LEGACY_LANE }, sessionId } : undefined;
    // Read only: the session is claimed (caller checked, idle clock reset) after authorization.
    const context = sessionId === undefined ? undefined : sessions.directContext(sessionId);
    return context && { call, context, sessionId };
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
      let taken: DirectRoute | undefined;
      let prepared: PreparedCall | undefined;
      try {
        taken = route(req, message);
        prepared = taken && prepareDirectCall(app, taken.call, taken.context);
      } catch {
        // Whatever this path cannot check (say, a schema overflowing the stack on 5,000-deep nesting)
        // is the SDK's to answer, so both paths answer every input alike.
        taken = undefined;
      }
      const sdk = () => options.fallback(replayRequest(req, read.text), res, message);
      if (!taken && options.fastMethods?.serve(req, res, message, read.text, authInfo, sdk)) return;
      if (!taken || !prepared) return sdk();
      serve(res, taken, prepared, authInfo);
    });
  };
}
