import { LABEL } from '../labels.js';
import { initializeParams } from '../protocol.js';
import { HttpConnection } from '../wire/http.js';
import type { Reply, RpcConnection } from '../wire/rpc.js';
import { resultOf } from './listing.js';

export interface HandshakeOutcome {
  reply: Reply;
  result?: Record<string, unknown>;
  negotiatedVersion?: string;
}

/**
 * The 2025-era handshake: initialize, a short pause in which a well-behaved server says
 * nothing (lifecycle-order watches that window), then notifications/initialized.
 */
export async function legacyHandshake(
  conn: RpcConnection,
  version: string,
  options: { settleMs?: number; label?: string; sendInitialized?: boolean } = {},
): Promise<HandshakeOutcome> {
  // The settle window is also read on HTTP: what the server sends after the result on its stream counts.
  const drain = options.settleMs ? { drainMs: options.settleMs } : {};
  const label = options.label ?? LABEL.initialize;
  const reply = await conn.request('initialize', initializeParams(version), { label, ...drain });
  const result = resultOf(reply);
  if (!result) return { reply };
  const negotiatedVersion = typeof result.protocolVersion === 'string' ? result.protocolVersion : undefined;
  if (conn instanceof HttpConnection) conn.negotiatedVersion = negotiatedVersion;
  if (options.sendInitialized !== false) {
    if (options.settleMs) await new Promise((r) => setTimeout(r, options.settleMs));
    await conn.notify('notifications/initialized');
  }
  return { reply, result, negotiatedVersion };
}
