import type { IncomingMessage } from 'node:http';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type ClientCapabilities,
  classifyInboundRequest,
  PROTOCOL_VERSION_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import { isJsonObject, type JsonObject } from '../json-object.js';
import { MODERN_PROTOCOL_VERSION } from '../primitives/lane.js';
import { nodeHeader } from './node-io.js';

/*
 * A POST's body, parsed once, read once: whether it is a plain request (the strict JSON-RPC shape, and
 * in `_meta` nothing but the 2026-07-28 envelope) and which lane it is on, decided the SDK's way. Every
 * entry of the table (table.ts) reads this and nothing else of the request. Pure but for the era memo.
 */

export type Era = 'modern' | 'legacy';

/** What the table needs of a legacy session: read only (legacy-sessions.ts implements it). */
export interface SessionView {
  /** What the session negotiated; `undefined` when there is no session by that id. Changes nothing. */
  facts(sessionId: string): SessionFacts | undefined;
}

export interface SessionFacts {
  protocolVersion: string;
  clientCapabilities?: ClientCapabilities;
  /** The level `logging/setLevel` set, if any. */
  logLevel?: string;
  /** Who opened it (a hash of their token). */
  principal?: string;
}

/** A request the table may answer: everything its answer can depend on, read from the request once. */
export interface PlainRequest {
  id: string | number;
  method: string;
  /** As sent: `_meta`, when there is one, is the envelope (entries skip it). */
  params: JsonObject;
  /** The 2026-07-28 envelope, when there is one. */
  meta?: JsonObject;
  era: Era;
  /** The revision it is answered at: the modern one, a session's negotiated one, or the header's (stateless). */
  protocolVersion: string;
  /** From the envelope (modern) or the session's initialize (legacy). */
  clientCapabilities?: ClientCapabilities;
  sessionId?: string;
  /** Legacy sessions: the level the session set. */
  logLevel?: string;
  /** The standard headers as sent (part of every kept answer's key: the SDK checks them). */
  versionHeader?: string;
  mcpMethod?: string;
  mcpName?: string;
  accept: string;
}

const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']); // JSONRPCRequestSchema is strict
const MODERN_META_KEYS = new Set([PROTOCOL_VERSION_META_KEY, CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY]);

/**
 * The request as the table reads it, or `undefined` when anything about it is the SDK's to answer:
 * not the plain shape, an era the SDK would refuse, a standard header missing or not matching, a legacy
 * session that does not exist (or exists when the server keeps none). Modern: every standard header
 * present and matching (Mcp-Name is checked by the entries that have a name). Legacy: no `_meta`, both
 * media types accepted, a version header the SDK supports. Reads headers and the session table only.
 */
export function readPlainRequest(
  req: IncomingMessage,
  message: unknown,
  eras: EraMemo,
  sessions: SessionView | undefined,
): PlainRequest | undefined {
  if (!isJsonObject(message) || message.jsonrpc !== '2.0' || typeof message.method !== 'string') return undefined;
  for (const key in message) if (!REQUEST_KEYS.has(key)) return undefined;
  const { id, params, method } = message;
  if (!(typeof id === 'string' || Number.isSafeInteger(id))) return undefined;
  if (params !== undefined && !isJsonObject(params)) return undefined;
  const meta = params?._meta;
  if (meta !== undefined) {
    if (!isJsonObject(meta)) return undefined;
    for (const key in meta) if (!MODERN_META_KEYS.has(key)) return undefined;
  }
  const versionHeader = nodeHeader(req, 'mcp-protocol-version') ?? undefined;
  const mcpMethod = nodeHeader(req, 'mcp-method') ?? undefined;
  const mcpName = nodeHeader(req, 'mcp-name') ?? undefined;
  const accept = nodeHeader(req, 'accept') ?? '';
  const era = eras.classify(message as { method: string }, meta, versionHeader, mcpMethod);
  // One object literal per request, its shape always the same (this runs on every call).
  const request: PlainRequest = {
    id: id as string | number,
    method,
    params: params ?? EMPTY,
    meta,
    era: 'modern',
    protocolVersion: MODERN_PROTOCOL_VERSION,
    clientCapabilities: undefined,
    sessionId: undefined,
    logLevel: undefined,
    versionHeader,
    mcpMethod,
    mcpName,
    accept,
  };
  if (era === 'modern') {
    if (versionHeader !== MODERN_PROTOCOL_VERSION || mcpMethod !== method) return undefined;
    request.clientCapabilities = meta?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
    return request;
  }
  if (era !== 'legacy' || meta !== undefined) return undefined;
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (versionHeader !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(versionHeader)) return undefined;
  request.era = 'legacy';
  const sessionId = nodeHeader(req, 'mcp-session-id') ?? undefined;
  if (!sessions) {
    if (sessionId !== undefined) return undefined;
    request.protocolVersion = versionHeader ?? '';
    return request;
  }
  const facts = sessionId === undefined ? undefined : sessions.facts(sessionId);
  if (!facts) return undefined;
  request.sessionId = sessionId;
  request.protocolVersion = facts.protocolVersion;
  request.clientCapabilities = facts.clientCapabilities;
  request.logLevel = facts.logLevel;
  return request;
}

const EMPTY: JsonObject = Object.freeze({}) as JsonObject;

const MAX_VERDICTS = 256;
/** A key longer than this (a client stuffing its envelope) is classified each time, not remembered. */
export const MAX_MEMO_KEY_CHARS = 4096;

/**
 * The SDK classifier's verdict (`classifyInboundRequest`: modern at 2026-07-28, legacy, or anything
 * else) on a plain request, remembered per (method, MCP-Protocol-Version, Mcp-Method, envelope).
 *
 * Why: the classifier checks the JSON-RPC shape and the `_meta` envelope with zod, which allocated 9–12 KB
 * per call (bench, direct path: about 40 % of what a suggest_gifts call allocated). For a plain request
 * (strict top level, a string or integer id, params whose `_meta` holds the envelope keys only) it reads
 * nothing else, so its verdict is a function of that key, asked of the SDK the first time each key is seen:
 * in practice once per client. Held to at most MAX_VERDICTS × MAX_MEMO_KEY_CHARS characters (~1 MB).
 */
export class EraMemo {
  private readonly verdicts = new Map<string, Era | 'other'>();
  private keyChars = 0;

  /** Characters of keys held (for the memory budget, and its test). */
  get retainedChars(): number {
    return this.keyChars;
  }

  classify(
    /** The whole request, as parsed (the classifier reads it the first time). */
    message: { method: string },
    meta: JsonObject | undefined,
    protocolVersionHeader: string | undefined,
    mcpMethodHeader: string | undefined,
  ): Era | 'other' {
    const envelope = meta === undefined ? '' : JSON.stringify(meta);
    const key = `${message.method}\n${protocolVersionHeader ?? ''}\n${mcpMethodHeader ?? ''}\n${envelope}`;
    let verdict = this.verdicts.get(key);
    if (verdict === undefined) {
      const body = message;
      const route = classifyInboundRequest({ httpMethod: 'POST', protocolVersionHeader, mcpMethodHeader, body });
      verdict =
        route.kind === 'legacy'
          ? 'legacy'
          : route.kind === 'modern' && route.classification.revision === MODERN_PROTOCOL_VERSION
            ? 'modern'
            : 'other';
      if (key.length > MAX_MEMO_KEY_CHARS) return verdict;
      if (this.verdicts.size >= MAX_VERDICTS) {
        this.verdicts.clear();
        this.keyChars = 0;
      }
      this.verdicts.set(key, verdict);
      this.keyChars += key.length;
    }
    return verdict;
  }
}
