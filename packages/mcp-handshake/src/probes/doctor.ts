import { FALLBACK_LEGACY_VERSION, LEGACY_VERSIONS, MODERN_VERSION, UNKNOWN_VERSIONS, isModernVersion } from '../protocol.js';
import { Redactor } from '../redact.js';
import { describeTarget, openConnection, secretsOf, type Target } from '../target.js';
import type { ConnectionInfo, Era, Transcript } from '../types.js';
import { LegacySseConnection } from '../wire/legacy-sse.js';
import { Recorder } from '../wire/recorder.js';
import type { RpcConnection } from '../wire/rpc.js';
import { legacyHandshake } from './legacy.js';
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

  const tasks: Array<() => Promise<void>> = [];
  if (options.eras.includes('legacy')) {
    let mainConn: RpcConnection | undefined;
    let mainHandshake: Awaited<ReturnType<typeof legacyHandshake>> | undefined;
    const startMain = async () => {
      mainConn = open({ id: CONN.legacyMain, purpose: 'main', era: 'legacy', version: mainVersion });
      mainHandshake = await legacyHandshake(mainConn, mainVersion, { settleMs: options.settleMs });
      // A 2024-11-05 server on the old HTTP+SSE transport refuses the POST; retry as the spec's compatibility note says.
      if (!mainHandshake.result && target.kind === 'http' && [400, 404, 405].includes(mainHandshake.reply.httpStatus ?? 0) && !mainHandshake.reply.message) {
        await mainConn.close();
        const sse = new LegacySseConnection(rec, { id: CONN.legacySse, purpose: 'main', era: 'legacy', version: '2024-11-05' }, options.timeoutMs, target);
        mainConn = sse;
        if (await sse.connect()) {
          oldSse = true;
          mainHandshake = await legacyHandshake(sse, '2024-11-05', { settleMs: options.settleMs });
        }
      }
    };
    const finishMain = async () => {
      try {
        if (mainConn && mainHandshake) await probeLegacySession(mainConn, mainHandshake, options);
      } finally {
        await mainConn?.close();
      }
    };
    const others: Array<() => Promise<void>> = [
      () => using({ id: CONN.malformed, purpose: 'malformed', era: 'legacy' }, (c) => probeMalformed(c, { variantTimeoutMs, version: mainVersion })),
      ...[...LEGACY_VERSIONS.filter((v) => v !== mainVersion), ...UNKNOWN_VERSIONS].map(
        (version) => () => using({ id: CONN.version(version), purpose: 'version', era: 'legacy', version }, async (c) => void (await legacyHandshake(c, version, { sendInitialized: false }))),
      ),
    ];
    if (target.kind === 'http') {
      // The HTTP handshake is cheap and tells which HTTP transport every other legacy probe must use.
      await startMain();
      tasks.push(finishMain, ...others);
    } else {
      tasks.push(async () => {
        await startMain();
        await finishMain();
      }, ...others);
    }
  }
  if (options.eras.includes('modern')) {
    // A negotiating client's path: a version the server cannot know, the -32022, then a retry with a real one.
    tasks.splice(1, 0, () =>
      using({ id: CONN.modernMain, purpose: 'modern-main', era: 'modern', version: modernVersion }, async (c) => {
        await discover(c, UNKNOWN_VERSIONS[0], LABEL.unknownVersion);
        await probeModernMain(c, { version: modernVersion });
      }),
    );
  }
  await runPool(tasks, options.concurrency);
  await Promise.all(closing);
  return rec.transcript();
}
