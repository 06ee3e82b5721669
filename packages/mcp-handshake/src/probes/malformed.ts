import { LABEL } from '../labels.js';
import { CLIENT_INFO, ERROR, FALLBACK_LEGACY_VERSION, initializeParams } from '../protocol.js';
import { HttpConnection } from '../wire/http.js';
import type { RpcConnection } from '../wire/rpc.js';

export interface Variant {
  name: string;
  /** The JSON-RPC error code a correct server answers with. */
  expectedCode: number;
  message: Record<string, unknown>;
}

/** Each variant breaks exactly one thing in an otherwise valid initialize. */
export function malformedVariants(version = FALLBACK_LEGACY_VERSION): Variant[] {
  const params = initializeParams(version);
  // no-jsonrpc goes last: the official SDKs drop it silently on stdio, so it waits out its
  // (short) timeout, and it should not also absorb a freshly spawned server's start-up time.
  return [
    {
      name: 'method-init',
      expectedCode: ERROR.methodNotFound,
      message: { jsonrpc: '2.0', id: 'variant-2', method: 'init', params },
    },
    {
      name: 'capabilities-boolean',
      expectedCode: ERROR.invalidParams,
      message: { jsonrpc: '2.0', id: 'variant-3', method: 'initialize', params: { ...params, capabilities: true } },
    },
    {
      name: 'no-protocol-version',
      expectedCode: ERROR.invalidParams,
      message: {
        jsonrpc: '2.0',
        id: 'variant-4',
        method: 'initialize',
        params: { capabilities: {}, clientInfo: CLIENT_INFO },
      },
    },
    {
      name: 'no-jsonrpc',
      expectedCode: ERROR.invalidRequest,
      message: { id: 'variant-1', method: 'initialize', params },
    },
  ];
}

/**
 * Send every variant, then a valid initialize: the last answer says whether the server
 * is still usable after the bad ones.
 */
export async function probeMalformed(
  conn: RpcConnection,
  options: { variantTimeoutMs: number; version?: string },
): Promise<void> {
  for (const [i, variant] of malformedVariants(options.version).entries()) {
    // The first message to a fresh process also waits for the process to start.
    const timeoutMs = i === 0 ? conn.timeoutMs : options.variantTimeoutMs;

    await conn.request(String(variant.message.method), undefined, {
      raw: variant.message,
      label: LABEL.variant(variant.name),
      timeoutMs,
    });
    // Each HTTP variant stands alone: a session a lax server opened must not leak into the next.
    if (conn instanceof HttpConnection) conn.sessionId = undefined;
  }
  await conn.request('initialize', initializeParams(options.version ?? FALLBACK_LEGACY_VERSION), {
    label: LABEL.usableCheck,
  });
}
