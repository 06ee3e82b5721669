import { EXTENSION_ID } from '@modelcontextprotocol/ext-apps/server';
import { CLIENT_CAPABILITIES_META_KEY, type ClientCapabilities } from '@modelcontextprotocol/server';
import { isJsonObject, type JsonObject } from '../../json-object.js';

/*
 * Everything the served-once path (served-once.ts) assumes about the SDK, in one place.
 * Pinned to @modelcontextprotocol/server 2.4.0 (node_modules): on an SDK update, re-read these
 * rules against its handlers; the start-up check (checkFastMethods) disables any entry whose
 * answers stop matching the SDK's.
 *
 * The answers themselves are the SDK's: computed by the SDK's own handler the first time a key
 * is seen, then served from memory until the catalog or the tool configuration changes. What is
 * mirrored here is only which requests have the same answer: the params that decide it, and the
 * client capabilities that change it (`capabilitiesKey`). A key that misses something the answer
 * depends on would serve one client another's answer; the canned pairs below vary exactly that.
 */
export const MIRRORED_SDK_VERSION = '2.4.0';

/** The methods answered from kept answers (served once per change). */
export const FAST_METHODS = [
  'server/discover',
  'tools/list',
  'resources/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
] as const;
export type FastMethod = (typeof FAST_METHODS)[number];

const MAX_PARAM_CHARS = 512;

export interface MirrorEntry {
  method: FastMethod;
  /** What of `params` (envelope removed) decides the answer, or `undefined`: not a request this path takes. */
  paramsKey(params: JsonObject): string | undefined;
  /** What of the client's capabilities changes the answer ('' when nothing does). */
  capabilitiesKey(capabilities: ClientCapabilities | undefined): string;
  /** The eras that have the method (server/discover is 2026-07-28's only). */
  eras: ReadonlyArray<'modern' | 'legacy'>;
  /** Start-up check: requests (params without envelope, and the capabilities to send) answered both ways. */
  canned(sample: {
    giftId: string;
    otherGiftId: string;
    widgetUri: string;
  }): Array<{ params: JsonObject; capabilities: ClientCapabilities }>;
}

const only = (params: JsonObject, allowed: readonly string[]) => Object.keys(params).every((k) => allowed.includes(k));
const str = (v: unknown) => typeof v === 'string' && v.length <= MAX_PARAM_CHARS;
/** The MCP Apps extension decides whether the widget's tools and ui:// resource are listed (widget/register.ts). */
const uiKey = (caps: ClientCapabilities | undefined) =>
  JSON.stringify((caps?.extensions as JsonObject | undefined)?.[EXTENSION_ID] ?? null);
const none = () => '';
const APPS: ClientCapabilities = { extensions: { [EXTENSION_ID]: {} } } as ClientCapabilities;
const BOTH = ['modern', 'legacy'] as const;
const bothCapabilities = (params: JsonObject = {}) => [
  { params, capabilities: {} },
  { params, capabilities: APPS },
];

export const SDK_MIRROR: readonly MirrorEntry[] = [
  {
    method: 'server/discover',
    eras: ['modern'],
    paramsKey: (p) => (only(p, []) ? '' : undefined),
    capabilitiesKey: none,
    canned: () => bothCapabilities(),
  },
  {
    method: 'tools/list',
    eras: BOTH,
    paramsKey: (p) => (only(p, []) ? '' : undefined),
    capabilitiesKey: uiKey,
    canned: () => bothCapabilities(),
  },
  {
    method: 'prompts/list',
    eras: BOTH,
    paramsKey: (p) => (only(p, []) ? '' : undefined),
    capabilitiesKey: none,
    canned: () => bothCapabilities(),
  },
  {
    method: 'resources/list',
    eras: BOTH,
    // A cursor is part of the key (each page its own answer); a malformed one gets the SDK's error, never cached.
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

/** The client capabilities a modern request's envelope declares. */
export function envelopeCapabilities(meta: JsonObject | undefined): ClientCapabilities | undefined {
  return meta?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
}
