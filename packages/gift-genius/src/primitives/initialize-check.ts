import { isInitializeRequest } from '@modelcontextprotocol/server';

const INVALID_PARAMS = -32602;

/**
 * The SDK answers an `initialize` whose params do not parse (capabilities as a boolean,
 * no protocolVersion) with -32603 and a raw schema dump, or on sessionless HTTP with
 * `id: null`. JSON-RPC calls that invalid params: -32602, with the request's id. Both
 * transports ask this first. Guarded by test/bad-input.test.ts.
 */
export function invalidInitialize(
  message: unknown,
): { id: string | number; error: { code: number; message: string } } | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as { method?: unknown; id?: unknown; params?: unknown };
  if (m.method !== 'initialize' || (typeof m.id !== 'string' && typeof m.id !== 'number')) return undefined;
  if (isInitializeRequest(message)) return undefined;
  const p = (typeof m.params === 'object' && m.params !== null ? m.params : {}) as Record<string, unknown>;
  const problems = [
    typeof p.protocolVersion !== 'string' && 'protocolVersion must be a string',
    (typeof p.capabilities !== 'object' || p.capabilities === null || Array.isArray(p.capabilities)) &&
      'capabilities must be an object',
    (typeof p.clientInfo !== 'object' || p.clientInfo === null) && 'clientInfo must be an object with name and version',
  ].filter(Boolean);
  return {
    id: m.id,
    error: {
      code: INVALID_PARAMS,
      message: `Invalid params for initialize: ${problems.join('; ') || 'params do not match the schema'}`,
    },
  };
}

/** Methods a 2025-era server knows; anything else without a session is -32601, not "no session". */
export const LEGACY_METHODS = new Set([
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'resources/subscribe',
  'resources/unsubscribe',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
]);
