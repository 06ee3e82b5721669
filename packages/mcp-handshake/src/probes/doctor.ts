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
import { laterFirstAnswerMs, STARTUP_WAIT_MS } from '../timing.js';
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
  /** How long the first connection waits for the server's first answer (the most patient host's wait). */
  startupTimeoutMs: number;
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
  startupTimeoutMs: STARTUP_WAIT_MS,
  driftWindowMs: 400,
  eras: ['legacy', 'modern'],
  concurrency: 4,
  settleMs: 100,
};

/**
 * Drive every probe against the target and return the recorded transcript. Probes
 * run on separate connections (separate processes for stdio), a few at a time.
 *
 * It starts with a first contact: the main legacy handshake and the first modern request, at once and
 * nothing else, each waiting for the server to start as long as the most patient host would (a server
 * that needs 12 s to start is slow, not dead; one that writes anything on stdout has started, and from
 * then on gets the request timeout). Only then do the other connections open, each given a start-up
 * budget scaled from the one just measured, so the same server gets the same verdict on a busy machine
 * as on a quiet one. When neither first request is answered (connection refused, command not found,
 * the process died, or silence), the doctor stops there: every other probe would only wait as long
 * and bury the root cause (diagnosis/root-cause.ts) under consequences.
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

  // The first contact waits as long as hosts do; later connections as long as the measured start-up suggests.
  let firstAnswerWithinMs = options.startupTimeoutMs;
  const open = (info: ConnectionInfo): RpcConnection => {
    if (oldSse && target.kind === 'http' && info.era === 'legacy') {
      const sse = new LegacySseConnection(rec, info, options.timeoutMs, target);
      sse.firstAnswerWithinMs = firstAnswerWithinMs;
      return sse;
    }
    return openConnection(rec, target, info, options.timeoutMs, firstAnswerWithinMs);
  };
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
  let mainTask: (() => Promise<void>) | undefined;
  if (options.eras.includes('legacy')) {
    const info: ConnectionInfo = { id: CONN.legacyMain, purpose: 'main', era: 'legacy', version: mainVersion };
    mainTask = async () => {
      let conn: RpcConnection | undefined;
      try {
        if (target.kind === 'http') {
          const legacy = await connectLegacyHttp(rec, target, info, options.timeoutMs, {
            settleMs: options.settleMs,
            firstAnswerWithinMs,
          });
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
    };
  } else openLegacyGate(false);
  let modernTask: (() => Promise<void>) | undefined;
  if (options.eras.includes('modern')) {
    modernTask = async () => {
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
    };
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
  // The first contact: nothing else competes with the server's start-up for the machine.
  const mains = [mainTask?.(), modernTask?.()].filter((m): m is Promise<void> => m !== undefined);
  await Promise.all([legacyGate, modernGate]);
  const first = rec.exchanges.find((x) => x.outcome === 'reply');
  if (first)
    firstAnswerWithinMs = laterFirstAnswerMs(
      first.ms,
      options.timeoutMs,
      options.concurrency,
      options.startupTimeoutMs,
    );
  // The main sessions keep their slots; the rest share the others.
  await Promise.all([...mains, runPool(tasks, Math.max(1, options.concurrency - mains.length))]);
  await Promise.all(closing);
  return rec.transcript();
}

const asCode = (error: unknown): unknown =>
  error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
