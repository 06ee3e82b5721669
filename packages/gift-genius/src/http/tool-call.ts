import { type CallToolResult, type JSONRPCMessage, SERVER_INFO_META_KEY } from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../app.js';
import { isJsonObject, type JsonObject } from '../json-object.js';
import { canPush, type Lane } from '../primitives/lane.js';
import { logAllowed } from '../primitives/log-levels.js';
import { toolErrorResult } from '../primitives/tool-errors.js';
import {
  asksForBudget,
  GET_GIFT_TOOL,
  getGift,
  LOGGER_NAME,
  SUGGEST_TOOL,
  suggestGifts,
  suggestLogData,
  toolInput,
} from '../primitives/tools.js';
import type { GiftQuery } from '../recommend/rank.js';
import { SERVER_IDENTITY } from '../server.js';
import type { PlainRequest } from './plain-request.js';
import { type OutboundMessage, SerializedResponse } from './serialized-response.js';

/*
 * The table's one entry without a kept answer: a plain `tools/call` of suggest_gifts or get_gift, run
 * with the tool functions the SDK's handlers call, past the SDK's per-request McpServer and web
 * Request/Response (profiled: ~45 % of a modern call). Only calls with a tool name, arguments the tool's
 * own schema accepts and nothing that would ask the user a question are taken; everything else (bad
 * arguments, unknown or disabled tools, progress tokens, log levels, multi-round-trip state) is the
 * SDK's, the single source of every error. The start-up check (sdk-check.ts) and
 * test/direct-call.test.ts hold its answers to the SDK's.
 */

/** A call taken, checked in full and not yet run. */
export interface PreparedCall {
  /** Notifications related to the call, then its response; synchronous when the tool is (suggest_gifts). */
  run(): OutboundMessage[] | Promise<OutboundMessage[]>;
}

const CALL_PARAM_KEYS = new Set(['name', 'arguments', '_meta']);
const MODERN_LANE: Lane = { transport: 'http', era: 'modern', sessions: 'stateless' };
const SESSION_LANE: Lane = { transport: 'http', era: 'legacy', sessions: 'stateful' };
const STATELESS_LANE: Lane = { transport: 'http', era: 'legacy', sessions: 'stateless' };

/**
 * Checks everything the SDK would check before running the tool; the call ready to run, or
 * `undefined` when the SDK must answer it. Nothing runs here: the caller admits the call in between.
 */
export function prepareToolCall(app: GiftGenApp, request: PlainRequest): PreparedCall | undefined {
  const { params } = request;
  for (const key in params) if (!CALL_PARAM_KEYS.has(key)) return undefined;
  const { name, arguments: given } = params;
  if (name !== SUGGEST_TOOL && name !== GET_GIFT_TOOL) return undefined;
  if (given !== undefined && !isJsonObject(given)) return undefined;
  const modern = request.era === 'modern';
  if ((request.meta !== undefined) !== modern) return undefined; // an envelope is the modern era's, and only its
  if (modern && request.mcpName !== name) return undefined; // Mcp-Name: the SDK's error otherwise
  const config = app.toolConfig;
  if (!(name === SUGGEST_TOOL ? config.tools.suggest_gifts.enabled : config.tools.get_gift.enabled)) return undefined;
  const input = toolInput(config, name);
  const args = given ?? {};
  // Unknown argument names would be dropped by the schema; the SDK path decides what they mean.
  for (const key in args) if (!input.names.has(key)) return undefined;
  // The schema's own Standard Schema validation, as the SDK runs it; its output (trimmed strings) is what the tool gets.
  const validated = input.schema['~standard'].validate(args);
  if (validated instanceof Promise || validated.issues) return undefined;
  const checked = validated.value as JsonObject;
  const lane = modern ? MODERN_LANE : request.sessionId !== undefined ? SESSION_LANE : STATELESS_LANE;
  const stamp = (result: CallToolResult) => (modern ? stampModern(result) : result);
  const respond = (result: CallToolResult): JSONRPCMessage =>
    ({ jsonrpc: '2.0', id: request.id, result: stamp(result) }) as JSONRPCMessage;

  if (name === GET_GIFT_TOOL) {
    return { run: async () => [respond(await asToolError(app, () => getGift(app, checked.id as string)))] };
  }
  const query = checked as GiftQuery;
  if (asksForBudget(config, lane, query, request.clientCapabilities)) return undefined; // a question for the user
  return {
    run: () => {
      let suggestion: ReturnType<typeof suggestGifts>;
      try {
        suggestion = suggestGifts(app, query, query.budget, false);
      } catch (error) {
        return [respond(toolErrorResult(error, app.log))];
      }
      const response = new SerializedResponse(request.id, stamp(suggestion.result), suggestion.structuredJson);
      // The SDK sends the legacy log message unless the session asked for a higher level.
      if (!(lane.era === 'legacy' && canPush(lane) && logAllowed('info', request.logLevel))) return [response];
      const log: JSONRPCMessage = {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'info', data: suggestLogData(suggestion.ranking, query.budget), logger: LOGGER_NAME },
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

/** What the SDK's 2026-07-28 encoder adds to every tools/call result: the result type and the server's identity. */
export function stampModern(result: CallToolResult): JsonObject {
  // Copied key by key into prototype-less objects (a "__proto__" key stays a key, as with a spread): the
  // spread form cost ~2 µs per call on Node 20. resultType before _meta, as the spread ordered them.
  const stamped: JsonObject = Object.create(null);
  for (const key in result) stamped[key] = result[key];
  const meta: JsonObject = Object.create(null);
  for (const key in result._meta) meta[key] = result._meta[key];
  meta[SERVER_INFO_META_KEY] = SERVER_IDENTITY;
  stamped.resultType = 'complete';
  stamped._meta = meta;
  return stamped;
}
