import {
  type CallToolResult,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type ClientCapabilities,
  type JSONRPCMessage,
  PROTOCOL_VERSION_META_KEY,
  SERVER_INFO_META_KEY,
} from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../../app.js';
import { isJsonObject, type JsonObject } from '../../json-object.js';
import { canPush, type Lane } from '../../primitives/lane.js';
import { toolErrorResult } from '../../primitives/tool-errors.js';
import {
  asksForBudget,
  GET_GIFT_TOOL,
  getGift,
  LOGGER_NAME,
  SUGGEST_TOOL,
  suggestGifts,
  suggestLogData,
  toolInput,
} from '../../primitives/tools.js';
import type { GiftQuery } from '../../recommend/rank.js';
import { SERVER_IDENTITY } from '../../server.js';
import { type OutboundMessage, SerializedResponse } from '../serialized-response.js';

/*
 * The one hot path answered without the SDK's per-request machinery: a plain
 * `tools/call` of suggest_gifts or get_gift.
 *
 * Why: on HTTP the SDK builds a whole McpServer (every tool, resource, prompt and the
 * widget) and a web Request/Response pair for each call; profiled, that was ~45 % of a
 * modern tools/call and capped throughput at ~0.05× a raw JSON-RPC server
 * (bench/results/*-profile.md). Here the same tool functions run directly.
 *
 * Small on purpose: only requests with nothing but a tool name, arguments the tool's own
 * schema accepts, and (modern) the three envelope keys are taken. Everything else — bad
 * arguments, unknown or disabled tools, progress tokens, log levels, multi-round-trip
 * state, calls that would ask the user a question — returns `undefined` and goes through
 * the SDK, which stays the single source of every error and of every rarer feature.
 * test/direct-call.test.ts checks answers are the same as the SDK's, message for message.
 */

/** What a call needs to know of where it came from. */
export interface DirectCallContext {
  lane: Lane;
  /** From the request's `_meta` envelope (modern) or the session's `initialize` (legacy). */
  clientCapabilities?: ClientCapabilities;
  /** Legacy sessions: the level set with `logging/setLevel`, if any (messages below it are not sent). */
  logLevel?: string;
}

const MODERN_META_KEYS = new Set([PROTOCOL_VERSION_META_KEY, CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY]);
const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']); // JSONRPCRequestSchema is strict
const CALL_PARAM_KEYS = new Set(['name', 'arguments', '_meta']);
/** MCP's log levels in RFC 5424 order, as the SDK compares them. */
export const LOG_LEVELS: readonly string[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/**
 * The request's id and tool call, when it is a tools/call this path may take: the strict
 * JSON-RPC shape, a tool of this server, and in `_meta` nothing but the 2026-07-28 envelope
 * (a legacy call has no `_meta`: a progress token means progress notifications, the SDK's job).
 * Which era it is, is the transport's to say (the SDK's classifier); `meta` is what it reads.
 */
export function plainToolCall(
  message: unknown,
):
  | { id: string | number; name: typeof SUGGEST_TOOL | typeof GET_GIFT_TOOL; args: JsonObject; meta?: JsonObject }
  | undefined {
  if (!isJsonObject(message) || message.jsonrpc !== '2.0' || message.method !== 'tools/call') return undefined;
  for (const key in message) if (!REQUEST_KEYS.has(key)) return undefined;
  const { id, params } = message;
  if (!(typeof id === 'string' || Number.isSafeInteger(id)) || !isJsonObject(params)) return undefined;
  for (const key in params) if (!CALL_PARAM_KEYS.has(key)) return undefined;
  const { name, arguments: args, _meta: meta } = params;
  if (name !== SUGGEST_TOOL && name !== GET_GIFT_TOOL) return undefined;
  if (args !== undefined && !isJsonObject(args)) return undefined;
  if (meta !== undefined) {
    if (!isJsonObject(meta)) return undefined;
    for (const key in meta) if (!MODERN_META_KEYS.has(key)) return undefined;
  }
  return { id: id as string | number, name, args: args ?? {}, ...(meta !== undefined && { meta }) };
}

export type PlainToolCall = NonNullable<ReturnType<typeof plainToolCall>>;

/** A call this path takes, checked in full and not yet run. */
export interface PreparedCall {
  id: string | number;
  name: typeof SUGGEST_TOOL | typeof GET_GIFT_TOOL;
  /**
   * The messages answering the call: notifications related to it, then its response. Synchronous
   * when the tool is (suggest_gifts ranks the in-memory snapshot): fewer promises on the hot path.
   */
  run(): OutboundMessage[] | Promise<OutboundMessage[]>;
}

/**
 * Checks everything the SDK would check before running the tool, and returns the call
 * ready to run, or `undefined` when the SDK must answer it. Nothing runs here: the caller
 * admits the call (auth, limits) in between.
 */
export function prepareDirectCall(
  app: GiftGenApp,
  call: PlainToolCall,
  ctx: DirectCallContext,
): PreparedCall | undefined {
  if ((call.meta !== undefined) !== (ctx.lane.era === 'modern')) return undefined; // an envelope is the modern era's, and only its
  const config = app.toolConfig;
  if (!(call.name === SUGGEST_TOOL ? config.tools.suggest_gifts.enabled : config.tools.get_gift.enabled))
    return undefined;
  const input = toolInput(config, call.name);
  // Unknown argument names would be dropped by the schema; the SDK path decides what they mean.
  for (const key in call.args) if (!input.names.has(key)) return undefined;
  // The schema's own Standard Schema validation, as the SDK runs it; its output (trimmed strings) is what the tool gets.
  const validated = input.schema['~standard'].validate(call.args);
  // Ours are synchronous zod schemas; a schema that validates asynchronously is left to the SDK.
  if (validated instanceof Promise || validated.issues) return undefined;
  const args = validated.value as JsonObject;
  const stamp = (result: CallToolResult) => (ctx.lane.era === 'modern' ? stampModern(result) : result);
  const respond = (result: CallToolResult): JSONRPCMessage =>
    ({ jsonrpc: '2.0', id: call.id, result: stamp(result) }) as JSONRPCMessage;

  if (call.name === GET_GIFT_TOOL) {
    const run = async () => [respond(await asToolError(app, () => getGift(app, args.id as string)))];
    return { id: call.id, name: call.name, run };
  }
  const suggestArgs = args as GiftQuery;
  if (asksForBudget(config, ctx.lane, suggestArgs, ctx.clientCapabilities)) return undefined; // a question for the user: elicitation / input_required
  return {
    id: call.id,
    name: call.name,
    run: () => {
      let suggestion: ReturnType<typeof suggestGifts>;
      try {
        suggestion = suggestGifts(app, suggestArgs, suggestArgs.budget, false);
      } catch (error) {
        return [respond(toolErrorResult(error, app.log))];
      }
      const { result, structuredJson } = suggestion;
      const response = new SerializedResponse(call.id, stamp(result), structuredJson);
      // The SDK sends the legacy log message unless the session asked for a higher level.
      if (!(ctx.lane.era === 'legacy' && canPush(ctx.lane) && logAllowed('info', ctx.logLevel))) return [response];
      const log: JSONRPCMessage = {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', data: suggestLogData(suggestion.ranking, suggestArgs.budget), logger: LOGGER_NAME },
      };
      return [log, response];
    },
  };
}

/** A tool that throws answers as the SDK path's handlers do (tool-errors.ts: a catalog outage reads as such). */
async function asToolError(app: GiftGenApp, tool: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await tool();
  } catch (error) {
    return toolErrorResult(error, app.log);
  }
}

function logAllowed(level: string, threshold: string | undefined): boolean {
  return threshold === undefined || LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(threshold);
}

/** What the SDK's 2026-07-28 encoder adds to every tools/call result: the result type and the server's identity. */
export function stampModern(result: CallToolResult): JsonObject {
  // Copied key by key into prototype-less objects (a "__proto__" key stays a key, as with a spread): the
  // spread form ({ ...result, _meta: { ...result._meta, [key]: … } }) cost ~2 µs per call on Node 20.
  // resultType is set before _meta so that a result without _meta ends "resultType, _meta", as the spread did.
  const stamped: JsonObject = Object.create(null);
  for (const key in result) stamped[key] = result[key];
  const meta: JsonObject = Object.create(null);
  for (const key in result._meta) meta[key] = result._meta[key];
  meta[SERVER_INFO_META_KEY] = SERVER_IDENTITY;
  stamped.resultType = 'complete';
  stamped._meta = meta;
  return stamped;
}
