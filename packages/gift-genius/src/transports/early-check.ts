/**
 * Which opening lines stdio may answer before the SDK is loaded (see early-stdin.ts). This runs
 * before zod exists, so it cannot ask the SDK's schemas; it mirrors them instead, and only ever
 * narrower: a message these checks are unsure of is not answered early and takes the normal path,
 * where the SDK and our guards decide. What "yes" must mean — the SDK accepts the message and
 * answers it with the captured result — is checked on generated messages by
 * test/stdio-early-check.test.ts against the SDK itself.
 *
 * Mirrored: JSONRPCRequestSchema (strict), InitializeRequestSchema with ClientCapabilitiesSchema
 * and ImplementationSchema (@modelcontextprotocol/core schemas), and the 2026-07-28 request envelope
 * (RequestMetaEnvelopeSchema; its capabilities are a subset of the same shapes).
 */

type Obj = Record<string, unknown>;
export type RequestId = string | number;

const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';
const RESERVED_META_PREFIX = 'io.modelcontextprotocol/';

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const optional = (v: unknown, check: (v: unknown) => boolean) => v === undefined || check(v);
const keysWithin = (o: Obj, allowed: readonly string[]) => Object.keys(o).every((k) => allowed.includes(k));
/** z.record(z.string(), JSONObject): every value a JSON object. */
const objectOfObjects = (v: unknown) => isObj(v) && Object.values(v).every(isObj);

const isIcon = (v: unknown) =>
  isObj(v) &&
  isString(v.src) &&
  optional(v.mimeType, isString) &&
  optional(v.sizes, (s) => Array.isArray(s) && s.every(isString)) &&
  optional(v.theme, (t) => t === 'light' || t === 'dark');

export const isImplementation = (v: unknown) =>
  isObj(v) &&
  isString(v.name) &&
  isString(v.version) &&
  optional(v.title, isString) &&
  optional(v.websiteUrl, isString) &&
  optional(v.description, isString) &&
  optional(v.icons, (i) => Array.isArray(i) && i.every(isIcon));

const isTasksCapability = (t: unknown) =>
  isObj(t) &&
  optional(t.list, isObj) &&
  optional(t.cancel, isObj) &&
  optional(
    t.requests,
    (r) =>
      isObj(r) &&
      optional(r.sampling, (s) => isObj(s) && optional(s.createMessage, isObj)) &&
      optional(r.elicitation, (e) => isObj(e) && optional(e.create, isObj)),
  );

export const isClientCapabilities = (v: unknown) =>
  isObj(v) &&
  optional(v.experimental, objectOfObjects) &&
  optional(v.sampling, (s) => isObj(s) && optional(s.context, isObj) && optional(s.tools, isObj)) &&
  optional(
    v.elicitation,
    (e) => isObj(e) && optional(e.form, (f) => isObj(f) && optional(f.applyDefaults, isBool)) && optional(e.url, isObj),
  ) &&
  optional(v.roots, (r) => isObj(r) && optional(r.listChanged, isBool)) &&
  optional(v.tasks, isTasksCapability) &&
  optional(v.extensions, objectOfObjects);

/** A JSON-RPC request as JSONRPCRequestSchema takes it: no other top-level member, an integer or string id. */
function request(m: unknown): { id: RequestId; method: string; params: unknown } | undefined {
  if (!isObj(m) || !keysWithin(m, ['jsonrpc', 'id', 'method', 'params']) || m.jsonrpc !== '2.0' || !isString(m.method))
    return undefined;
  if (!isString(m.id) && !Number.isSafeInteger(m.id)) return undefined;
  return { id: m.id as RequestId, method: m.method, params: m.params };
}

/**
 * A legacy `initialize` that the SDK serves on the 2025 era: valid params, and no `_meta` key that
 * could make it something else (an envelope claim, a progress token, task metadata).
 */
export function legacyInitialize(message: unknown): { id: RequestId; protocolVersion: string } | undefined {
  const r = request(message);
  if (r?.method !== 'initialize' || !isObj(r.params)) return undefined;
  const p = r.params;
  if (!isString(p.protocolVersion) || !isClientCapabilities(p.capabilities) || !isImplementation(p.clientInfo))
    return undefined;
  const plainMeta = (meta: unknown) =>
    isObj(meta) && Object.keys(meta).every((k) => k !== 'progressToken' && !k.startsWith(RESERVED_META_PREFIX));
  if (!optional(p._meta, plainMeta)) return undefined;
  return { id: r.id, protocolVersion: p.protocolVersion };
}

/**
 * A 2026-07-28 `server/discover` whose params are the envelope alone: protocol version, client
 * capabilities and (optionally) client info; nothing else (no log level, no progress token).
 * Whether the version is one this server speaks is the caller's question.
 */
export function modernDiscover(message: unknown): { id: RequestId; protocolVersion: string } | undefined {
  const r = request(message);
  if (r?.method !== 'server/discover' || !isObj(r.params) || !keysWithin(r.params, ['_meta'])) return undefined;
  const meta = r.params._meta;
  if (!isObj(meta) || !keysWithin(meta, [PROTOCOL_VERSION_KEY, CLIENT_CAPABILITIES_KEY, CLIENT_INFO_KEY]))
    return undefined;
  const version = meta[PROTOCOL_VERSION_KEY];
  if (
    !isString(version) ||
    !isClientCapabilities(meta[CLIENT_CAPABILITIES_KEY]) ||
    !optional(meta[CLIENT_INFO_KEY], isImplementation)
  )
    return undefined;
  return { id: r.id, protocolVersion: version };
}
