import { ERROR, FALLBACK_LEGACY_VERSION, LEGACY_VERSIONS, MODERN_VERSION, UNKNOWN_VERSIONS, isModernVersion } from '../protocol.js';
import { Redactor } from '../redact.js';
import { describeTarget, openConnection, secretsOf, type Target } from '../target.js';
import type { ConnectionInfo, Era, Transcript } from '../types.js';
import { LegacySseConnection } from '../wire/legacy-sse.js';
import { Recorder } from '../wire/recorder.js';
import type { Reply, RpcConnection } from '../wire/rpc.js';
import { legacyHandshake, type HandshakeOutcome } from './legacy.js';
import { connectLegacyHttp } from './legacy-http.js';
import { probeModernHeaders, probeOrigin, probeSession } from './http-transport.js';
import { discover, probeLegacySession, probeModernMain } from './main.js';
import { probeMalformed } from './malformed.js';
import { runPool } from './pool.js';
import { CONN, LABEL } from '../labels.js';

export interface DoctorOptions {
  timeoutMs: number;
  driftWindowMs: number;
  eras: Era[];
  /** The legacy version of the main session (default 2025-11-25). */
  protocolVersion?: string;
  concurrency: number;
  /** Pause between the initialize answer and notifications/initialized (lifecycle-order's window). */
  settleMs: number;
}

export const DEFAULT_DOCTOR_OPTIONS: DoctorOptions = {
  timeoutMs: 5000,
  driftWindowMs: 400,
  eras: ['legacy', 'modern'],
  concurrency: 4,
  settleMs: 100,
};

/**
 * Drive every probe against the target and return the recorded transcript. Probes
 * run on separate connections (separate processes for stdio), a few at a time.
 *
 * It starts with a gate: the main legacy handshake and the first modern request, at once.
 * When neither is answered (connection refused, command not found, the process died, or
 * silence), the doctor stops there: every other probe would only wait for the same timeout
 * and bury the root cause (diagnosis/root-cause.ts) under consequences. When the handshake
 * alone is not answered, the other initialize probes are not sent either.
 */
export async function runDoctor(target: Target, options: DoctorOptions, onRecorder?: (rec: Recorder) => void): Promise<Transcript> {
  const rec = new Recorder(describeTarget(target), target.kind, new Redactor(secretsOf(target)), {
    timeoutMs: options.timeoutMs,
    driftWindowMs: options.driftWindowMs,
    eras: options.eras,
  });
  onRecorder?.(rec);
  const variantTimeoutMs = Math.min(options.timeoutMs, 1000);
  const requested = options.protocolVersion;
  const mainVersion = requested && !isModernVersion(requested) ? requested : FALLBACK_LEGACY_VERSION;
  const modernVersion = requested && isModernVersion(requested) ? requested : MODERN_VERSION;
  let oldSse = false;

  const open = (info: ConnectionInfo): RpcConnection =>
    oldSse && target.kind === 'http' && info.era === 'legacy' ? new LegacySseConnection(rec, info, options.timeoutMs, target) : openConnection(rec, target, info, options.timeoutMs);
  // Closing (waiting for a child to exit) need not hold a pool slot; the transcript waits for all of them.
  const closing: Array<Promise<void>> = [];
  const using = async (info: ConnectionInfo, fn: (conn: RpcConnection) => Promise<void>) => {
    const conn = open(info);
    try {
      if (conn instanceof LegacySseConnection && !(await conn.connect())) return;
      await fn(conn);
    } finally {
      closing.push(conn.close());
    }
  };

  // The gate.
  let mainConn: RpcConnection | undefined;
  let mainHandshake: HandshakeOutcome | undefined;
  let modernConn: RpcConnection | undefined;
  let modernFirst: Reply | undefined;
  const gate: Array<Promise<void>> = [];
  if (options.eras.includes('legacy')) {
    const info: ConnectionInfo = { id: CONN.legacyMain, purpose: 'main', era: 'legacy', version: mainVersion };
    gate.push(
      (async () => {
        if (target.kind === 'http') {
          const legacy = await connectLegacyHttp(rec, target, info, options.timeoutMs, { settleMs: options.settleMs });
          ({ conn: mainConn, handshake: mainHandshake, sse: oldSse } = legacy);
        } else {
          mainConn = open(info);
          mainHandshake = await legacyHandshake(mainConn, mainVersion, { settleMs: options.settleMs });
        }
      })(),
    );
  }
  if (options.eras.includes('modern')) {
    gate.push(
      (async () => {
        modernConn = open({ id: CONN.modernMain, purpose: 'modern-main', era: 'modern', version: modernVersion });
        // A negotiating client's path: a version the server cannot know, the -32022, then a retry with a real one.
        modernFirst = (await discover(modernConn, UNKNOWN_VERSIONS[0], LABEL.unknownVersion)).reply;
      })(),
    );
  }
  await Promise.all(gate);
  const legacyAnswered = mainHandshake?.reply.outcome === 'reply';
  // An HTTP status without a JSON-RPC body is an answer too (a 2025-era server's 400): discover judges it.
  const modernAnswered = modernFirst?.outcome === 'reply' || (modernFirst?.httpStatus !== undefined && legacyAnswered);

  const tasks: Array<() => Promise<void>> = [];
  if (mainConn) {
    const conn = mainConn;
    const handshake = mainHandshake!;
    tasks.push(async () => {
      try {
        if (handshake.result) await probeLegacySession(conn, handshake, options);
      } finally {
        closing.push(conn.close());
      }
    });
  }
  if (modernConn) {
    const conn = modernConn;
    tasks.push(async () => {
      try {
        if (modernAnswered) await probeModernMain(conn, { version: modernVersion });
      } finally {
        closing.push(conn.close());
      }
    });
  }
  if (legacyAnswered) {
    tasks.push(
      () => using({ id: CONN.malformed, purpose: 'malformed', era: 'legacy' }, (c) => probeMalformed(c, { variantTimeoutMs, version: mainVersion })),
      ...[...LEGACY_VERSIONS.filter((v) => v !== mainVersion), ...UNKNOWN_VERSIONS].map(
        (version) => () => using({ id: CONN.version(version), purpose: 'version', era: 'legacy', version }, async (c) => void (await legacyHandshake(c, version, { sendInitialized: false }))),
      ),
    );
  }
  if (target.kind === 'http' && legacyAnswered && !oldSse) {
    tasks.push(
      () => probeOrigin(rec, target, options.timeoutMs, mainVersion),
      () => probeSession(rec, target, options.timeoutMs, mainVersion),
    );
  }
  // A modern server (it answered the unknown version with -32022, or served it): its standard headers.
  const modernServer = modernFirst?.message !== undefined && (modernFirst.message.result !== undefined || asCode(modernFirst.message.error) === ERROR.unsupportedVersion);
  if (target.kind === 'http' && modernServer) tasks.push(() => probeModernHeaders(rec, target, options.timeoutMs, modernVersion));
  await runPool(tasks, options.concurrency);
  await Promise.all(closing);
  return rec.transcript();
}

const asCode = (error: unknown): unknown => (error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined);
