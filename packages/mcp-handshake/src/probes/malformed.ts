import { LABEL } from '../labels.js';
import { CLIENT_INFO, ERROR, FALLBACK_LEGACY_VERSION, initializeParams } from '../protocol.js';
import { HttpConnection } from '../wire/http.js';
import type { RpcConnection } from '../wire/rpc.js';

export interface Variant {
  name: string;
  /** The JSON-RPC error code a correct server answers with. */
  expectedCode: number;
  message: Record<string, unknown>;
  /** The official SDKs drop it without an answer (on stdio): its wait is kept short (probeMalformed). */
  oftenDropped?: boolean;
}

/** Each variant breaks exactly one thing in an otherwise valid initialize. */
export function malformedVariants(version = FALLBACK_LEGACY_VERSION): Variant[] {
  const params = initializeParams(version);
  // no-jsonrpc goes last: the official SDKs drop it silently on stdio, so it waits out its
  // (short) wait, which the answers before it size.
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
      oftenDropped: true,
    },
  ];
}

/**
 * Send every variant, then a valid initialize: the last answer says whether the server
 * is still usable after the bad ones. Each variant a correct server answers waits as long as any
 * request (`--timeout`; the first also for the process to start). The one the SDKs drop waits 3× the
 * slowest answer to the variants before it (those after the first, which include no start-up), at least
 * `droppedWaitMs` and at most `--timeout`: a server answering everything in 1.5 s is slow, not wrong,
 * and a server that drops the message does not hold the run up for the whole timeout.
 */
export async function probeMalformed(
  conn: RpcConnection,
  options: { droppedWaitMs: number; version?: string },
): Promise<void> {
  let slowestMs = 0;
  for (const [i, variant] of malformedVariants(options.version).entries()) {
    const timeoutMs = variant.oftenDropped
      ? Math.min(conn.timeoutMs, Math.max(options.droppedWaitMs, 3 * slowestMs))
      : conn.timeoutMs;
    const reply = await conn.request(String(variant.message.method), undefined, {
      raw: variant.message,
      label: LABEL.variant(variant.name),
      timeoutMs,
    });
    if (i > 0 && reply.outcome === 'reply') slowestMs = Math.max(slowestMs, reply.ms);
    // Each HTTP variant stands alone: a session a lax server opened must not leak into the next.
    if (conn instanceof HttpConnection) conn.sessionId = undefined;
  }
  await conn.request('initialize', initializeParams(options.version ?? FALLBACK_LEGACY_VERSION), {
    label: LABEL.usableCheck,
  });
}
