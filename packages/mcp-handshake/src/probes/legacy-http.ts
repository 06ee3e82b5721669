/**
 * A legacy (initialize) connection over HTTP, as the spec's backwards-compatibility section
 * tells a client to open one: POST initialize (Streamable HTTP); when that POST gets
 * 400/404/405 without a JSON-RPC answer, GET the URL for the 2024-11-05 HTTP+SSE transport
 * and its `endpoint` event, and do the handshake there. Used by every command, so an
 * HTTP+SSE server is recognised and probed by all of them.
 */
import { FALLBACK_LEGACY_VERSION } from '../protocol.js';
import type { Target } from '../target.js';
import type { ConnectionInfo } from '../types.js';
import { HttpConnection } from '../wire/http.js';
import { LegacySseConnection } from '../wire/legacy-sse.js';
import type { Recorder } from '../wire/recorder.js';
import type { RpcConnection } from '../wire/rpc.js';
import { type HandshakeOutcome, legacyHandshake } from './legacy.js';

/** The statuses the 2025-03-26 transport section names as "this is an old HTTP+SSE server". */
const OLD_TRANSPORT_STATUSES = [400, 404, 405];

export interface LegacyHttpConnection {
  conn: RpcConnection;
  handshake: HandshakeOutcome;
  /** True when the server speaks the 2024-11-05 HTTP+SSE transport. */
  sse: boolean;
}

export async function connectLegacyHttp(
  rec: Recorder,
  target: Extract<Target, { kind: 'http' }>,
  info: ConnectionInfo,
  timeoutMs: number,
  options: { settleMs?: number; version?: string; firstAnswerWithinMs?: number } = {},
): Promise<LegacyHttpConnection> {
  const version = options.version ?? info.version ?? FALLBACK_LEGACY_VERSION;
  const first = new HttpConnection(rec, info, timeoutMs, target, 'legacy');
  first.firstAnswerWithinMs = options.firstAnswerWithinMs ?? 0;
  const handshake = await legacyHandshake(first, version, { settleMs: options.settleMs });
  const status = handshake.reply.httpStatus ?? 0;
  if (handshake.result || handshake.reply.message || !OLD_TRANSPORT_STATUSES.includes(status))
    return { conn: first, handshake, sse: false };
  const sse = new LegacySseConnection(rec, { ...info, id: `${info.id}-sse` }, timeoutMs, target);
  if (!(await sse.connect())) {
    await sse.close();
    return { conn: first, handshake, sse: false };
  }
  // The POST only told which transport this is: it is not the server's answer to initialize.
  await first.close();
  rec.retag(first.conn, 'transport-probe');
  return { conn: sse, handshake: await legacyHandshake(sse, version, { settleMs: options.settleMs }), sse: true };
}
