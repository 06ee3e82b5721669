import { EXTENSION_ID } from '@modelcontextprotocol/ext-apps/server';
import type { ClientCapabilities } from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../app.js';
import { isJsonObject, type JsonObject } from '../json-object.js';
import type { Era, PlainRequest } from './plain-request.js';
import { type PreparedCall, prepareToolCall } from './tool-call.js';

/*
 * The one table of what this server answers without the SDK's per-request machinery, and everything it
 * assumes about the SDK, in one place. An entry is `{ method, eras, key?, answer }`:
 *   - with a key (`paramsKey` + `capabilitiesKey`): the answer is the SDK's own, computed in process the
 *     first time its key is seen and kept until the catalog or the tool configuration changes (kept.ts);
 *     the key says which requests have the same answer: the params that decide it and the client
 *     capabilities that change it. The dispatcher adds the lane, the revision and the standard headers.
 *   - without one (`tools/call`): the answer is computed each time (`call`, tool-call.ts).
 * Checked against the installed SDK at start-up, entry by entry (sdk-check.ts), with the canned requests
 * below; each vary exactly what its key must tell apart. Written against @modelcontextprotocol/server
 * CHECKED_SDK_VERSION (package.json pins it exactly): on an SDK update, re-read these rules against its
 * handlers and move the version; with any other installed version every entry is off.
 */
export const CHECKED_SDK_VERSION = '2.4.0';

export interface Sample {
  giftId: string;
  otherGiftId: string;
  widgetUri: string;
}

export interface TableEntry {
  method: string;
  /** The eras that have the method (server/discover is 2026-07-28's only). */
  eras: readonly Era[];
  /** What of `params` decides the answer, or `undefined`: not a request this entry takes. Absent: nothing is kept. */
  paramsKey?(params: JsonObject): string | undefined;
  /** What of the client's capabilities changes the answer ('' when nothing does). */
  capabilitiesKey?(capabilities: ClientCapabilities | undefined): string;
  /** Entries without a key: the call, checked and ready to run, or `undefined` when the SDK must answer. */
  call?(app: GiftGenApp, request: PlainRequest): PreparedCall | undefined;
  /** Start-up check: requests (params without envelope, and the capabilities to send) answered both ways. */
  canned(sample: Sample): Array<{ params: JsonObject; capabilities: ClientCapabilities }>;
}

const MAX_PARAM_CHARS = 512;
/** Every param but the envelope (`_meta`) is one of `allowed`. */
const only = (params: JsonObject, allowed: readonly string[]) =>
  Object.keys(params).every((k) => k === '_meta' || allowed.includes(k));
const str = (v: unknown) => typeof v === 'string' && v.length <= MAX_PARAM_CHARS;
/** The MCP Apps extension decides whether the widget's tools and ui:// resource are listed (widget/register.ts). */
const uiKey = (caps: ClientCapabilities | undefined) =>
  JSON.stringify((caps?.extensions as JsonObject | undefined)?.[EXTENSION_ID] ?? null);
const none = () => '';
const noParams = (p: JsonObject) => (only(p, []) ? '' : undefined);
const APPS: ClientCapabilities = { extensions: { [EXTENSION_ID]: {} } } as ClientCapabilities;
const ASKS: ClientCapabilities = { elicitation: { form: {} } };
const BOTH = ['modern', 'legacy'] as const;
const bothCapabilities = (params: JsonObject = {}) => [
  { params, capabilities: {} },
  { params, capabilities: APPS },
];

export const TABLE: readonly TableEntry[] = [
  {
    method: 'tools/call',
    eras: BOTH,
    call: prepareToolCall,
    canned: ({ giftId }) => [
      { params: { name: 'get_gift', arguments: { id: giftId } }, capabilities: {} },
      { params: { name: 'get_gift', arguments: { id: 'no-such-gift' } }, capabilities: {} },
      {
        params: { name: 'suggest_gifts', arguments: { age: 30, relationship: 'friend', budget: 50 } },
        capabilities: APPS,
      },
      // With a budget a client that can be asked is not asked: the same call again, run directly.
      {
        params: {
          name: 'suggest_gifts',
          arguments: { age: 8, relationship: 'nephew', budget: 25, interests: ['lego'] },
        },
        capabilities: ASKS,
      },
    ],
  },
  {
    method: 'server/discover',
    eras: ['modern'],
    paramsKey: noParams,
    capabilitiesKey: none,
    canned: () => bothCapabilities(),
  },
  { method: 'tools/list', eras: BOTH, paramsKey: noParams, capabilitiesKey: uiKey, canned: () => bothCapabilities() },
  { method: 'prompts/list', eras: BOTH, paramsKey: noParams, capabilitiesKey: none, canned: () => bothCapabilities() },
  {
    method: 'resources/list',
    eras: BOTH,
    // A cursor is part of the key (each page its own answer); a malformed one gets the SDK's error, never kept.
    paramsKey: (p) =>
      only(p, ['cursor']) && (p.cursor === undefined || str(p.cursor)) ? String(p.cursor ?? '') : undefined,
    capabilitiesKey: uiKey,
    canned: () => bothCapabilities(),
  },
  {
    method: 'resources/read',
    eras: BOTH,
    paramsKey: (p) => (only(p, ['uri']) && str(p.uri) ? (p.uri as string) : undefined),
    capabilitiesKey: none,
    canned: ({ giftId, otherGiftId, widgetUri }) => [
      { params: { uri: `gift://catalog/${giftId}` }, capabilities: {} },
      { params: { uri: `gift://catalog/${otherGiftId}` }, capabilities: {} },
      { params: { uri: widgetUri }, capabilities: APPS },
    ],
  },
  {
    method: 'prompts/get',
    eras: BOTH,
    paramsKey: (p) => {
      if (!only(p, ['name', 'arguments']) || !str(p.name)) return undefined;
      if (p.arguments !== undefined && !(isJsonObject(p.arguments) && Object.values(p.arguments).every(str)))
        return undefined;
      return JSON.stringify([p.name, p.arguments ?? null]);
    },
    capabilitiesKey: none,
    canned: ({ giftId }) => [
      { params: { name: 'gift_description', arguments: { giftId, recipient: 'Sam' } }, capabilities: {} },
      {
        params: { name: 'gift_description', arguments: { giftId, recipient: 'Alex', relationship: 'friend' } },
        capabilities: {},
      },
    ],
  },
];

/** Kept entries' methods (the metrics count them on both paths). */
export const KEPT_METHODS: ReadonlySet<string> = new Set(TABLE.filter((e) => e.paramsKey).map((e) => e.method));

/**
 * Where a kept answer is found: the lane (a legacy session's own, or stateless), the revision it is
 * answered at, what the entry says decides it, and the standard headers. `undefined`: not taken.
 */
export function keyOf(entry: TableEntry, request: PlainRequest): string | undefined {
  const params = entry.paramsKey!(request.params);
  if (params === undefined) return undefined;
  const lane = request.era === 'modern' ? 'm' : request.sessionId === undefined ? 'l' : 's';
  const capabilities = entry.capabilitiesKey!(request.clientCapabilities);
  const headers = `${request.versionHeader ?? ''}\n${request.mcpMethod ?? ''}\n${request.mcpName ?? ''}\n${request.accept}`;
  return `${lane}\n${request.protocolVersion}\n${capabilities}\n${request.method}\n${params}\n${headers}`;
}
