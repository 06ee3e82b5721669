import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type AuthInfo,
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type ClientCapabilities,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../../app.js';
import { isJsonObject, type JsonObject } from '../../json-object.js';
import { HandshakeTap } from '../../observe/handshake-tap.js';
import type { ServerMetrics } from '../../observe/metrics.js';
import { MODERN_PROTOCOL_VERSION } from '../../primitives/lane.js';
import { widgetResource } from '../../widget/meta.js';
import type { ToolCallAdmission } from '../admission.js';
import type { LegacySessions } from '../legacy-sessions.js';
import { nodeHeader } from '../node-io.js';
import { EraMemo } from './era-memo.js';
import { envelopeCapabilities, type FastMethod, type MirrorEntry, SDK_MIRROR } from './sdk-mirror.js';
import { wireLane } from './wire-lane.js';

/*
 * Served once: server/discover, tools/list, prompts/list, resources/list, resources/read and
 * prompts/get over HTTP, answered from the SDK's own answer, computed the first time a key is seen
 * (sdk-mirror.ts says what the key is) and kept until the catalog or the tool configuration
 * changes (any app change event drops everything). Why: the SDK path builds a whole McpServer and
 * a web Request/Response pair per request; these answers change only with the data, so a host that
 * lists or reads pays that cost once per change, not per request.
 * Only plain requests are taken (strict shape, the envelope and nothing else in `_meta`, the
 * standard headers); anything else, and any answer that is not a result, is the SDK path's.
 */
export type FastEra = 'modern' | 'legacy';

export interface FastMethodsOptions {
  app: GiftGenApp;
  metrics: ServerMetrics;
  sessions?: LegacySessions;
  /** The mirror to use (tests pass a broken one to see the start-up check disable it). */
  mirror?: readonly MirrorEntry[];
  /** The SDK's answer to a request, in process: the handler the SDK path would give it to. */
  sdkAnswer(era: FastEra, request: Request, body: unknown, authInfo?: AuthInfo, check?: boolean): Promise<Response>;
  /** While draining the SDK path answers (503). */
  admission: Pick<ToolCallAdmission, 'isDraining'>;
}

const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const MODERN_META_KEYS = new Set([PROTOCOL_VERSION_META_KEY, CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY]);
const MAX_KEY_CHARS = 4096;
const MAX_ENTRIES = 1024;

/** A result as the SDK serialised it, and parsed (for the handshake tap). */
interface Answer {
  text: string;
  value: unknown;
}

/** A request this path takes: where its answer is kept, and what computing it needs. */
interface Taken {
  id: string | number;
  method: FastMethod;
  era: FastEra;
  key: string;
  sessionId?: string;
}

/**
 * One method's handler on the fast path: true when it took the request (then it answers, or calls `fallback`
 * once, say on a non-result); false when it declines, and the SDK answers.
 */
export type ServeOnPath = (
  req: IncomingMessage,
  res: ServerResponse,
  message: unknown,
  text: string,
  authInfo: AuthInfo | undefined,
  fallback: () => void,
) => boolean;

export interface FastMethods {
  /** Serves the request if it is one of ours and its check passed. */
  serve: ServeOnPath;
  /**
   * Sends every entry's canned requests both ways: enables the entries whose answers are the same, disables (with a
   * warning) those whose answers differ, and checks again later those the SDK could not answer. Returns the disabled.
   */
  check(): Promise<FastMethod[]>;
  /** Stops checking again. */
  close(): void;
  readonly enabled: ReadonlySet<FastMethod>;
}

export function createFastMethods(options: FastMethodsOptions): FastMethods {
  const { app, metrics, sessions } = options;
  const entries = new Map<string, MirrorEntry>((options.mirror ?? SDK_MIRROR).map((e) => [e.method, e]));
  /** Methods whose start-up check passed; one the SDK could not answer yet (a store not open) is checked again later. */
  const enabled = new Set<FastMethod>();
  const decided = new Set<FastMethod>();
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  const eras = new EraMemo();
  let generation = 0;
  const answers = new Map<string, Answer>();
  const pending = new Map<string, Promise<Answer | undefined>>();
  const changed = () => {
    generation++;
    answers.clear();
    pending.clear();
  };
  app.on('resourcesListChanged', changed);
  app.on('resourceUpdated', changed);
  app.on('toolsChanged', changed);

  /** Reads headers and body only: no side effects. */
  const route = (req: IncomingMessage, message: unknown): Taken | undefined => {
    if (!isJsonObject(message) || message.jsonrpc !== '2.0' || typeof message.method !== 'string') return undefined;
    const entry = entries.get(message.method);
    if (!entry) return undefined;
    for (const key in message) if (!REQUEST_KEYS.has(key)) return undefined;
    const { id, params } = message;
    if (!(typeof id === 'string' || Number.isSafeInteger(id))) return undefined;
    if (params !== undefined && !isJsonObject(params)) return undefined;
    const { _meta: meta, ...rest } = params ?? {};
    if (meta !== undefined) {
      if (!isJsonObject(meta)) return undefined;
      for (const key in meta) if (!MODERN_META_KEYS.has(key)) return undefined;
    }
    const paramsKey = entry.paramsKey(rest);
    if (paramsKey === undefined) return undefined;
    const lane = wireLane(req, message as { method: string }, meta as JsonObject | undefined, eras, sessions);
    if (!lane) return undefined;
    const head = [
      entry.method,
      paramsKey,
      nodeHeader(req, 'mcp-protocol-version') ?? '',
      nodeHeader(req, 'mcp-method') ?? '',
      nodeHeader(req, 'mcp-name') ?? '',
      nodeHeader(req, 'accept') ?? '',
    ].join('\n');
    const { era, sessionId } = lane;
    let key: string;
    if (era === 'modern') key = `m\n${entry.capabilitiesKey(envelopeCapabilities(meta as JsonObject))}\n${head}`;
    else if (sessionId === undefined) key = `l\n${head}`;
    else {
      // A session answers as its initialize negotiated: the key holds it whole.
      const caps = sessions!.directContext(sessionId)?.clientCapabilities;
      key = `s\n${entry.capabilitiesKey(caps)}\n${sessions!.servedOnceKey(sessionId)}\n${head}`;
    }
    if (key.length > MAX_KEY_CHARS) return undefined;
    return { id: id as string | number, method: entry.method, era, key, sessionId };
  };

  /** The kept answer, or the SDK's computed now (once per key, however many ask at once); `undefined`: not a result. */
  const answerFor = (
    key: string,
    id: string | number,
    compute: () => Promise<Response>,
    store: Map<string, Answer> = answers,
  ): Answer | Promise<Answer | undefined> => {
    const kept = store.get(key);
    if (kept) return kept;
    const inFlight = store === answers ? pending.get(key) : undefined;
    if (inFlight) return inFlight;
    const started = generation;
    const computing = compute().then(
      async (response) => {
        const value = resultOf(await messagesOf(response), id, response.status);
        if (value === undefined) return undefined;
        const answer = { text: JSON.stringify(value), value };
        if (generation === started) {
          if (store.size >= MAX_ENTRIES) store.clear();
          store.set(key, answer);
        }
        return answer;
      },
      () => undefined,
    );
    if (store === answers) {
      pending.set(key, computing);
      void computing.finally(() => pending.get(key) === computing && pending.delete(key));
    }
    return computing;
  };

  const write = (res: ServerResponse, taken: Taken, answer: Answer, message: unknown) => {
    metrics.fastMethods.inc({ method: taken.method, path: 'served_once' });
    const body = `{"jsonrpc":"2.0","id":${JSON.stringify(taken.id)},"result":${answer.text}}`;
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    };
    if (taken.sessionId !== undefined) headers['mcp-session-id'] = taken.sessionId;
    res.writeHead(200, headers);
    res.end(body);
    // The probe is counted and logged as on the SDK path (serveMcp's tap).
    if (taken.method === 'server/discover') {
      const tap = new HandshakeTap(app.log, metrics, 'http');
      tap.inbound(message);
      tap.outbound({ jsonrpc: '2.0', id: taken.id, result: answer.value });
    }
  };

  const serve: FastMethods['serve'] = (req, res, message, text, authInfo, fallback) => {
    let taken: Taken | undefined;
    try {
      taken = route(req, message);
    } catch {
      return false; // whatever this path cannot check is the SDK's to answer
    }
    // While draining the SDK path answers 503; a missing or someone else's session is its 404.
    if (!taken || !enabled.has(taken.method) || options.admission.isDraining) return false;
    if (taken.sessionId !== undefined && !sessions!.claim(taken.sessionId, authInfo?.clientId)) return false;
    const compute = () => options.sdkAnswer(taken.era, webRequest(req, text), message, authInfo);
    const answer = answerFor(taken.key, taken.id, compute);
    if (!(answer instanceof Promise)) {
      write(res, taken, answer, message);
      return true;
    }
    answer.then((a) => (a ? write(res, taken, a, message) : fallback()), fallback);
    return true;
  };

  const check = async (): Promise<FastMethod[]> => {
    const disabled: FastMethod[] = [];
    let inconclusive = false;
    const sample = {
      giftId: app.giftIds[0] ?? 'none',
      otherGiftId: app.giftIds[1] ?? 'none',
      widgetUri: widgetResource().uri,
    };
    for (const entry of entries.values()) {
      if (decided.has(entry.method)) continue;
      const scratch = new Map<string, Answer>();
      let differs: string | undefined;
      for (const era of entry.eras) {
        for (const [i, canned] of entry.canned(sample).entries()) {
          const id = `startup-check-${i}`;
          const params = era === 'modern' ? { ...canned.params, _meta: envelope(canned.capabilities) } : canned.params;
          const body = { jsonrpc: '2.0', id, method: entry.method, params };
          // On sessions the legacy lane is a session's: one opened for the check (these capabilities), then closed.
          const sessionId =
            era === 'legacy' && sessions
              ? await openCheckSession(canned.capabilities).catch(() => undefined)
              : undefined;
          const headers = {
            ...cannedHeaders(era, entry.method, canned.params),
            ...(sessionId && { 'mcp-session-id': sessionId }),
          };
          const req = { headers, method: 'POST', url: '/mcp' } as unknown as IncomingMessage;
          if (era === 'legacy' && sessions && !sessionId) {
            inconclusive = true; // no session to check with (at the session limit): again later
            differs = 'pending';
            break;
          }
          try {
            const taken = route(req, body);
            if (!taken) {
              differs = 'the fast path does not take its canned request';
              break;
            }
            const text = JSON.stringify(body);
            const sdk = () => options.sdkAnswer(era, webRequest(req, text), body);
            const fast = await answerFor(taken.key, id, sdk, scratch);
            // A handler that throws (a store not open yet) is no verdict either.
            const expected = await sdk().then(
              (r) => messagesOf(r).then((m) => resultOf(m, id, r.status)),
              () => undefined,
            );
            if (expected === undefined) {
              inconclusive = true;
              differs = 'pending';
            } else if (fast === undefined) differs = 'the fast path has no answer to its canned request';
            else if (!jsonEqual(JSON.parse(fast.text), expected)) differs = 'answers differ from the SDK';
          } finally {
            if (sessionId) await closeCheckSession(sessionId).catch(() => undefined);
          }
          if (differs) break;
        }
        if (differs) break;
      }
      if (differs === 'pending') continue; // the SDK could not answer (the catalog not readable yet): again later
      decided.add(entry.method);
      if (!differs) enabled.add(entry.method);
      else {
        disabled.push(entry.method);
        app.log.warn(
          { event: 'fast_method_disabled', method: entry.method, reason: differs },
          `fast path disabled for ${entry.method}`,
        );
      }
    }
    if (inconclusive && !closed) retry = setTimeout(() => void check().catch(() => undefined), 5000).unref();
    return disabled;
  };
  const close = () => {
    closed = true;
    clearTimeout(retry);
  };

  const openCheckSession = async (capabilities: ClientCapabilities): Promise<string | undefined> => {
    const initialize = {
      jsonrpc: '2.0',
      id: 'startup-check',
      method: 'initialize',
      params: {
        protocolVersion: LATEST_LEGACY,
        capabilities,
        clientInfo: { name: 'gift-genius-startup-check', version: '1' },
      },
    };
    const opened = await options.sdkAnswer('legacy', cannedRequest(initialize, {}), initialize, undefined, true);
    await opened.text();
    const sessionId = opened.headers.get('mcp-session-id') ?? undefined;
    if (sessionId) {
      const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
      const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': LATEST_LEGACY };
      await (await options.sdkAnswer('legacy', cannedRequest(initialized, headers), initialized)).text();
    }
    return sessionId;
  };
  const closeCheckSession = async (sessionId: string) => {
    const request = new Request('http://localhost/mcp', {
      method: 'DELETE',
      headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': LATEST_LEGACY },
    });
    await (await options.sdkAnswer('legacy', request, undefined)).text();
  };

  return { serve, check, close, enabled };
}

function envelope(capabilities: ClientCapabilities): JsonObject {
  return {
    [PROTOCOL_VERSION_META_KEY]: MODERN_PROTOCOL_VERSION,
    [CLIENT_CAPABILITIES_META_KEY]: capabilities,
    [CLIENT_INFO_META_KEY]: { name: 'gift-genius-startup-check', version: '1' },
  };
}

const LATEST_LEGACY = '2025-11-25';

function cannedRequest(body: unknown, headers: Record<string, string>): Request {
  const all = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers };
  return new Request('http://localhost/mcp', { method: 'POST', headers: all, body: JSON.stringify(body) });
}

function cannedHeaders(era: FastEra, method: string, params: JsonObject): Record<string, string> {
  const headers: Record<string, string> = {
    host: 'localhost',
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  if (era === 'legacy') return headers;
  const name = method === 'resources/read' ? params.uri : method === 'prompts/get' ? params.name : undefined;
  return {
    ...headers,
    'mcp-protocol-version': MODERN_PROTOCOL_VERSION,
    'mcp-method': method,
    ...(typeof name === 'string' && { 'mcp-name': name }),
  };
}

/** The node request as a web Request for the SDK's in-process handlers, body included. */
function webRequest(req: IncomingMessage, text: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return new Request(`http://${headers.get('host') ?? 'localhost'}${req.url ?? '/'}`, {
    method: 'POST',
    headers,
    body: text,
  });
}

/** The messages of an answer: JSON, or an event stream's `data:` lines. */
async function messagesOf(response: Response): Promise<unknown[]> {
  const text = await response.text();
  const t = text.trimStart();
  try {
    if (t.startsWith('{') || t.startsWith('[')) return ([] as unknown[]).concat(JSON.parse(t));
    return text
      .split('\n')
      .filter((l) => l.startsWith('data:') && l.length > 6)
      .map((l) => JSON.parse(l.slice(5)) as unknown);
  } catch {
    return [];
  }
}

/** The result, when the answer is exactly one success response to `id`. */
function resultOf(messages: unknown[], id: string | number, status: number): unknown {
  if (status !== 200 || messages.length !== 1) return undefined;
  const [message] = messages;
  return isJsonObject(message) && message.id === id && 'result' in message && !('error' in message)
    ? message.result
    : undefined;
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  if (!isJsonObject(a) || !isJsonObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && jsonEqual(a[k], b[k]));
}
