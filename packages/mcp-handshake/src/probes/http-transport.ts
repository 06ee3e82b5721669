/**
 * The Streamable HTTP transport's own rules, probed on separate connections so no other probe
 * sees their effects: a foreign Origin (DNS rebinding), an MCP-Protocol-Version header no
 * revision has, a request on a session the client ended with DELETE, and (2026-07-28) a
 * request whose Mcp-Method header contradicts its body. The checks http-origin,
 * http-protocol-version, http-session and http-standard-headers read what they recorded.
 */
import { CONN, LABEL } from '../labels.js';
import { initializeParams, withEnvelope } from '../protocol.js';
import type { Target } from '../target.js';
import { HttpConnection } from '../wire/http.js';
import type { Recorder } from '../wire/recorder.js';
import { legacyHandshake } from './legacy.js';

/** An origin no local server may trust: a browser on this page could reach 127.0.0.1 by DNS rebinding. */
export const FOREIGN_ORIGIN = 'http://evil.example';
/** A header value that is no protocol revision. */
export const BAD_VERSION_HEADER = '1999-01-01';

type HttpTarget = Extract<Target, { kind: 'http' }>;

/** A connection of its own for one probe, closed whatever happens. */
async function onOwnConnection(
  rec: Recorder,
  target: HttpTarget,
  timeoutMs: number,
  info: { id: string; era: 'legacy' | 'modern'; version: string },
  probe: (conn: HttpConnection) => Promise<void>,
): Promise<void> {
  const conn = new HttpConnection(rec, { ...info, purpose: 'http-probe' }, timeoutMs, target, info.era);
  try {
    await probe(conn);
  } finally {
    await conn.close();
  }
}

export async function probeOrigin(rec: Recorder, target: HttpTarget, timeoutMs: number, version: string) {
  await onOwnConnection(rec, target, timeoutMs, { id: CONN.httpOrigin, era: 'legacy', version }, async (conn) => {
    await conn.request('initialize', initializeParams(version), {
      label: LABEL.foreignOrigin,
      headers: { origin: FOREIGN_ORIGIN },
    });
  });
}

/** A session of its own: a bad MCP-Protocol-Version header on it, then DELETE, then a request with the ended id. */
export async function probeSession(rec: Recorder, target: HttpTarget, timeoutMs: number, version: string) {
  await onOwnConnection(rec, target, timeoutMs, { id: CONN.httpSession, era: 'legacy', version }, async (conn) => {
    const handshake = await legacyHandshake(conn, version);
    if (!handshake.result) return;
    await conn.request('ping', undefined, {
      label: LABEL.badVersionHeader,
      headers: { 'mcp-protocol-version': BAD_VERSION_HEADER },
    });
    if (!conn.sessionId) return;
    const deleted = await conn.endSession();
    if (deleted !== undefined && deleted >= 200 && deleted < 300)
      await conn.request('ping', undefined, { label: LABEL.afterDelete });
  });
}

export async function probeModernHeaders(rec: Recorder, target: HttpTarget, timeoutMs: number, version: string) {
  await onOwnConnection(
    rec,
    target,
    timeoutMs,
    { id: CONN.httpModernHeaders, era: 'modern', version },
    async (conn) => {
      await conn.request('tools/list', withEnvelope(version), {
        label: LABEL.headerMismatch,
        headers: { 'mcp-method': 'prompts/list' },
      });
    },
  );
}
