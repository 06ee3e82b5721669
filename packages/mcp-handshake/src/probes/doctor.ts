import { CONN, LABEL } from '../labels.js';
import {
  ERROR,
  FALLBACK_LEGACY_VERSION,
  isModernVersion,
  LEGACY_VERSIONS,
  MODERN_VERSION,
  UNKNOWN_VERSIONS,
} from '../protocol.js';
import { Redactor } from '../redact.js';
import { describeTarget, openConnection, secretsOf, type Target } from '../target.js';
import type { ConnectionInfo, Era, Transcript } from '../types.js';
import { LegacySseConnection } from '../wire/legacy-sse.js';
import { Recorder } from '../wire/recorder.js';
import type { Reply, RpcConnection } from '../wire/rpc.js';
import { probeModernHeaders, probeOrigin, probeSession } from './http-transport.js';
import { type HandshakeOutcome, legacyHandshake } from './legacy.js';
import { connectLegacyHttp } from './legacy-http.js';
import { discover, probeLegacySession, probeModernMain } from './main.js';
import { probeMalformed } from './malformed.js';
import { runPool } from './pool.js';

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
export async function runDoctor(
  target: Target,
  options: DoctorOptions,
  onRecorder?: (rec: Recorder) => void,
): Promise<Transcript> {
  const rec = new Recorder(describeTarget(target), target.kind, new Redactor(secretsOf(target)), {
    timeoutMs: options.timeoutMs,
    driftWindowMs: options.driftWindowMs,
    eras: options.eras,
  });
  onRecorder?.(rec);
  // The least wait for the malformed variant the SDKs drop unanswered (probeMalformed sizes it).
  const droppedWaitMs = Math.min(options.timeoutMs, 1000);
  const requested = options.protocolVersion;
  const mainVersion = requested && !isModernVersion(requested) ? requested : FALLBACK_LEGACY_VERSION;
  const modernVersion = requested && isModernVersion(requested) ? requested : MODERN_VERSION;
  let oldSse = false;

  const open = (info: ConnectionInfo): RpcConnection =>
    oldSse && target.kind === 'http' && info.era === 'legacy'
      ? new LegacySseConnection(rec, info, options.timeoutMs, target)
      : openConnection(rec, target, info, options.timeoutMs);
  // Closing (waiting for a child to exit) need not hold a pool slot; the transcript waits for all of them.
  const closing: Array<Promise<void>> = [];
  const _using = async (info: ConnectionInfo, fn: (conn: RpcConnection) => Promise<void>) => {
    const conn = open(info);
    try {
      if (conn instanceof LegacySseConnection && !(await conn.connect())) return;
      await fn(conn);
    } finally {
      closing.push(conn.close());
    }
  };

  // The gate: the main legacy handshake and the first modern request, at once. Everything else waits
  // for its verdict. On stdio the other probes' processes are spawned meanwhile (starting a process is
  // the slow part), but they send nothing until the gate opens, and are closed unused when it stays shut.
  let mainHandshake: HandshakeOutcome | undefined;
  let modernFirst: Reply | undefined;
  let openLegacyGate!: (answered: boolean) => void;
  const legacyGate = new Promise<boolean>((resolve) => (openLegacyGate = resolve));
  let openModernGate!: (first: Reply | undefined) => void;
  const modernGate = new Promise<Reply | undefined>((resolve) => (openModernGate = resolve));
  const legacyAnswered = () => legacyGate;

  const tasks: Array<() => Promise<void>> = [];
  if (options.eras.includes('legacy')) {
    const info: ConnectionInfo = { id: CONN.legacyMain, purpose: 'main', era: 'legacy', version: mainVersion };
    tasks.push(async () => {
      let conn: RpcConnection | undefined;
      try {
        if (target.kind === 'http') {
          const legacy = await connectLegacyHttp(rec, target, info, options.timeoutMs, { settleMs: options.settleMs });
          ({ conn, handshake: mainHandshake, sse: oldSse } = legacy);
        } else {
          conn = open(info);
          mainHandshake = await legacyHandshake(conn, mainVersion, { settleMs: options.settleMs });
        }
        openLegacyGate(mainHandshake.reply.outcome === 'reply');
        if (mainHandshake.result) await probeLegacySession(conn, mainHandshake, options);
      } finally {
        openLegacyGate(false);
        if (conn) closing.push(conn.close());
      }
    });
  } else openLegacyGate(false);
  if (options.eras.includes('modern')) {
    tasks.push(async () => {
      const conn = open({ id: CONN.modernMain, purpose: 'modern-main', era: 'modern', version: modernVersion });
      try {
        // A negotiating client's path: a version the server cannot know, the -32022, then a retry with a real one.
        modernFirst = (await discover(conn, UNKNOWN_VERSIONS[0], LABEL.unknownVersion)).reply;
        openModernGate(modernFirst);
        // An HTTP status without a JSON-RPC body is an answer too (a 2025-era server's 400): discover judges it.
        const answered =
          modernFirst.outcome === 'reply' || (modernFirst.httpStatus !== undefined && (await legacyGate));
        if (answered) await probeModernMain(conn, { version: modernVersion });
      } finally {
        openModernGate(undefined);
        closing.push(conn.close());
      }
    });
  } else openModernGate(undefined);

  /** A legacy probe on its own connection, sent only once the main handshake was answered. */
  const gated = (info: ConnectionInfo, fn: (conn: RpcConnection) => Promise<void>) => async () => {
    // HTTP: which transport to use is known only after the gate, and opening costs nothing.
    if (target.kind === 'http' && !(await legacyGate)) return;
    const conn = open(info);
    try {
      if (!(await legacyGate)) return;
      if (conn instanceof LegacySseConnection && !(await conn.connect())) return;
      await fn(conn);
    } finally {
      closing.push(conn.close());
    }
  };
  if (options.eras.includes('legacy')) {
    tasks.push(
      gated({ id: CONN.malformed, purpose: 'malformed', era: 'legacy' }, (c) =>
        probeMalformed(c, { droppedWaitMs, version: mainVersion }),
      ),
      ...[...LEGACY_VERSIONS.filter((v) => v !== mainVersion), ...UNKNOWN_VERSIONS].map((version) =>
        gated(
          { id: CONN.version(version), purpose: 'version', era: 'legacy', version },
          async (c) => void (await legacyHandshake(c, version, { sendInitialized: false })),
        ),
      ),
    );
  }
  if (target.kind === 'http') {
    tasks.push(
      async () =>
        void ((await legacyAnswered()) && !oldSse && (await probeOrigin(rec, target, options.timeoutMs, mainVersion))),
      async () =>
        void ((await legacyAnswered()) && !oldSse && (await probeSession(rec, target, options.timeoutMs, mainVersion))),
      async () => {
        // A modern server (it answered the unknown version with -32022, or served it): its standard headers.
        const first = await modernGate;
        const modernServer =
          first?.message !== undefined &&
          (first.message.result !== undefined || asCode(first.message.error) === ERROR.unsupportedVersion);
        if (modernServer) await probeModernHeaders(rec, target, options.timeoutMs, modernVersion);
      },
    );
  }
  // The two gate tasks come first, so they always hold a slot from the start.
  await runPool(tasks, options.concurrency);
  await Promise.all(closing);
  return rec.transcript();
}

const asCode = (error: unknown): unknown =>
  error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
