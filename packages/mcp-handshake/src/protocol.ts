/** Protocol constants, checked against the SDK 2.4 sources (core/src/constants.ts, protocolEras.ts). */

export const TOOL_VERSION = '0.1.0';
export const CLIENT_INFO = { name: 'mcp-handshake', version: TOOL_VERSION };

/** Revisions negotiated with `initialize`. */
export const LEGACY_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
/** What ChatGPT (and the SDK 2.x client) falls back to after a failed server/discover. */
export const FALLBACK_LEGACY_VERSION = '2025-11-25';
/** The first revision without a handshake (per-request `_meta`, server/discover). */
export const MODERN_VERSION = '2026-07-28';
/** Versions no server can support: one from the future, one from the past. */
export const UNKNOWN_VERSIONS = ['2099-01-01', '1900-01-01'] as const;

export const isModernVersion = (v: string): boolean => v >= MODERN_VERSION;
export const isKnownVersion = (v: string): boolean =>
  (LEGACY_VERSIONS as readonly string[]).includes(v) || v === MODERN_VERSION;

export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

export const ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  headerMismatch: -32020,
  missingClientCapability: -32021,
  unsupportedVersion: -32022,
} as const;

/**
 * What this client declares: the MCP Apps extension (as ChatGPT and other hosts with
 * widgets do), so servers that list UI resources and app-only tools only to such hosts
 * show them to inspect too. It asks nothing of a server that does not know it.
 */
export const CLIENT_CAPABILITIES = {
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};

/** Params of a modern request: the per-request `_meta` envelope replaces the handshake. */
export function withEnvelope(version: string, params: Record<string, unknown> = {}): Record<string, unknown> {
  const meta = (params._meta ?? {}) as Record<string, unknown>;
  return {
    ...params,
    _meta: {
      ...meta,
      [META.protocolVersion]: version,
      [META.clientCapabilities]: CLIENT_CAPABILITIES,
      [META.clientInfo]: CLIENT_INFO,
    },
  };
}

export function initializeParams(version: string): Record<string, unknown> {
  return { protocolVersion: version, capabilities: CLIENT_CAPABILITIES, clientInfo: CLIENT_INFO };
}

/** Which capability a method belongs to (for the declared/backed checks). */
export const CAPABILITY_OF_METHOD: Record<string, string> = {
  'tools/list': 'tools',
  'tools/call': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resources',
  'resources/read': 'resources',
  'resources/subscribe': 'resources',
  'prompts/list': 'prompts',
  'prompts/get': 'prompts',
  'logging/setLevel': 'logging',
  'completion/complete': 'completions',
};

export const LIST_CHANGED_NOTIFICATION: Record<'tools' | 'resources' | 'prompts', string> = {
  tools: 'notifications/tools/list_changed',
  resources: 'notifications/resources/list_changed',
  prompts: 'notifications/prompts/list_changed',
};
