import { FALLBACK_LEGACY_VERSION, isModernVersion, MODERN_VERSION } from '../protocol.js';
import { Redactor } from '../redact.js';
import { describeTarget, openConnection, secretsOf, type Target } from '../target.js';
import { STARTUP_WAIT_MS } from '../timing.js';
import type { Era, Purpose } from '../types.js';
import { Recorder } from '../wire/recorder.js';
import type { RpcConnection } from '../wire/rpc.js';
import { legacyHandshake } from './legacy.js';
import { connectLegacyHttp } from './legacy-http.js';
import type { WireContext } from './listing.js';
import { discover } from './main.js';

export type EraChoice = 'auto' | Era;

export interface SessionOptions {
  era: EraChoice;
  protocolVersion?: string;
  timeoutMs: number;
  /** How long the first request waits for the server to start (default: as long as the most patient host). */
  startupTimeoutMs?: number;
  purpose: Purpose;
}

export interface Session {
  rec: Recorder;
  conn: RpcConnection;
  era: Era;
  version?: string;
  /** initialize result (legacy) or DiscoverResult (modern); undefined when nothing connected. */
  result?: Record<string, unknown>;
  ctx: WireContext;
  /** What happened on the way, e.g. the discover probe failing before the fallback. */
  notes: string[];
}

/**
 * Connect the way a host would. `auto` is ChatGPT's way: server/discover with 2026-07-28
 * first, and on anything but a DiscoverResult, initialize with 2025-11-25.
 */
export async function openSession(target: Target, options: SessionOptions, rec?: Recorder): Promise<Session> {
  rec ??= new Recorder(describeTarget(target), target.kind, new Redactor(secretsOf(target)), {
    timeoutMs: options.timeoutMs,
    driftWindowMs: 0,
    eras: options.era === 'auto' ? ['modern', 'legacy'] : [options.era],
  });
  const notes: string[] = [];
  const requested = options.protocolVersion;
  const startup = options.startupTimeoutMs ?? STARTUP_WAIT_MS;
  const open = (id: string, era: Era, version?: string) =>
    openConnection(
      rec!,
      target,
      { id, purpose: options.purpose, era, ...(version && { version }) },
      options.timeoutMs,
      startup,
    );

  const wantModern = options.era === 'modern' || (options.era === 'auto' && (!requested || isModernVersion(requested)));
  let conn: RpcConnection | undefined;
  if (wantModern) {
    const version = requested && isModernVersion(requested) ? requested : MODERN_VERSION;
    conn = open(options.purpose, 'modern', version);
    const d = await discover(conn, version);
    if (d.result && d.version)
      return {
        rec,
        conn,
        era: 'modern',
        version: d.version,
        result: d.result,
        ctx: { era: 'modern', version: d.version },
        notes,
      };
    const x = rec.exchanges.at(-1);
    notes.push(
      `server/discover did not give a DiscoverResult (${x?.outcome}${x?.httpStatus ? `, HTTP ${x.httpStatus}` : ''})`,
    );
    if (options.era === 'modern') return { rec, conn, era: 'modern', ctx: { era: 'modern', version }, notes };
  }
  const version = requested && !isModernVersion(requested) ? requested : FALLBACK_LEGACY_VERSION;
  if (wantModern) notes.push(`fell back to initialize with ${version}`);
  const legacyId = wantModern ? `${options.purpose}-legacy` : options.purpose;
  // HTTP: the legacy wire needs its own session, on Streamable HTTP or, for a 2024-11-05 server, HTTP+SSE.
  if (target.kind === 'http') {
    if (conn) await conn.close();
    const legacy = await connectLegacyHttp(
      rec,
      target,
      { id: legacyId, purpose: options.purpose, era: 'legacy', version },
      options.timeoutMs,
      { firstAnswerWithinMs: startup },
    );
    if (legacy.sse)
      notes.push(
        'the server speaks the 2024-11-05 HTTP+SSE transport (GET for the event stream, POST to its endpoint)',
      );
    const { conn: sessionConn, handshake } = legacy;
    return {
      rec,
      conn: sessionConn,
      era: 'legacy',
      version: handshake.negotiatedVersion ?? version,
      result: handshake.result,
      ctx: { era: 'legacy' },
      notes,
    };
  }
  // stdio: a host retries on the same process.
  if (!conn || conn.closed) {
    if (conn) await conn.close();
    conn = open(legacyId, 'legacy', version);
  } else {
    rec.record(conn.conn, { dir: 'local', kind: 'note', note: `falling back to initialize ${version}` });
  }
  const handshake = await legacyHandshake(conn, version);
  return {
    rec,
    conn,
    era: 'legacy',
    version: handshake.negotiatedVersion ?? version,
    result: handshake.result,
    ctx: { era: 'legacy' },
    notes,
  };
}
