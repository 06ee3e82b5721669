import { EXTENSION_ID } from '@modelcontextprotocol/ext-apps/server';
import type { ClientCapabilities } from '@modelcontextprotocol/server';
import { isJsonObject, type JsonObject } from '../json-object.js';

/** What a legacy session keeps of its client's `initialize`: enough to replay it, never more than this. */
export interface KeptInitialize {
  jsonrpc: '2.0';
  id: 0;
  method: 'initialize';
  params: {
    protocolVersion: string;
    capabilities: ClientCapabilities;
    clientInfo: { name: string; version: string; title?: string };
  };
}

/** The capabilities the SDK or this server act on; anything else (`experimental`, say) changes nothing here. */
const USED_CAPABILITIES = ['roots', 'sampling', 'elicitation', 'tasks'] as const;
/** Of `extensions`, the one this server reads (MCP Apps: the widget). */
const USED_EXTENSIONS = [EXTENSION_ID] as const;
/** One capability's declaration, as JSON: real ones are a few dozen characters. */
const MAX_CAPABILITY_CHARS = 1024;
const MAX_INFO_CHARS = 100;

/** So a session record is at most about this size, whatever the client sent (see the README's limits). */
export const MAX_KEPT_INITIALIZE_CHARS =
  (USED_CAPABILITIES.length + USED_EXTENSIONS.length) * MAX_CAPABILITY_CHARS + 3 * MAX_INFO_CHARS + 200;

const fits = (v: unknown) => v !== undefined && JSON.stringify(v).length <= MAX_CAPABILITY_CHARS;
const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v.slice(0, MAX_INFO_CHARS) : fallback);

/**
 * The bounded copy of an `initialize` the SDK accepted. It replays to the same negotiation: the
 * same version asked for, the capabilities the server acts on (each at most MAX_CAPABILITY_CHARS;
 * an oversized one is dropped, as if not declared), the client's name and version.
 */
export function sessionInitialize(initialize: unknown): KeptInitialize {
  const params = isJsonObject(initialize) && isJsonObject(initialize.params) ? initialize.params : {};
  const declared = isJsonObject(params.capabilities) ? params.capabilities : {};
  const capabilities: JsonObject = {};
  for (const key of USED_CAPABILITIES)
    if (Object.hasOwn(declared, key) && fits(declared[key])) capabilities[key] = declared[key];
  if (isJsonObject(declared.extensions)) {
    const extensions: JsonObject = {};
    for (const key of USED_EXTENSIONS)
      if (Object.hasOwn(declared.extensions, key) && fits(declared.extensions[key]))
        extensions[key] = declared.extensions[key];
    if (Object.keys(extensions).length > 0) capabilities.extensions = extensions;
  }
  const info = isJsonObject(params.clientInfo) ? params.clientInfo : {};
  return {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: text(params.protocolVersion, ''),
      capabilities: capabilities as ClientCapabilities,
      clientInfo: {
        name: text(info.name, 'unknown'),
        version: text(info.version, '0'),
        ...(typeof info.title === 'string' && { title: text(info.title, '') }),
      },
    },
  };
}
