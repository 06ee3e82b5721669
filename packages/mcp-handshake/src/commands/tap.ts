/**
 * `tap`: stand between a host and a server and record what really passes.
 * stdio: `tap [--out FILE] [--live] -- <server command…>` replaces the server command in
 * a host's config; bytes, exit code and signals pass through. HTTP: `tap --listen
 * HOST:PORT --target URL` is a reverse proxy. The transcript is `mcp-handshake/transcript@1`.
 */

import { mkdirSync, statSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { Redactor } from '../redact.js';
import { formatLiveEvent, formatLiveFinding, formatRefusal } from '../report/live-text.js';
import { oneLine } from '../report/peer-text.js';
import { printText } from '../report/print.js';
import { startHttpTap } from '../tap/http-tap.js';
import { LearningRedactor, withoutUserinfo } from '../tap/learning-redactor.js';
import { watchFindings } from '../tap/live-findings.js';
import { runStdioTap, type ServerCommand } from '../tap/stdio-tap.js';
import { TranscriptFile } from '../tap/transcript-file.js';
import { inheritedSecrets, secretsOf, UsageError } from '../target.js';
import type { TransportKind } from '../types.js';
import { Recorder } from '../wire/recorder.js';

export interface TapOptions {
  out?: string;
  live?: boolean;
}

const FORWARDED_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR1', 'SIGUSR2'];

export function defaultTranscriptPath(now = new Date(), dir = tmpdir()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  return join(dir, `mcp-handshake-tap-${stamp}-${process.pid}.json`);
}

/**
 * `--out FILE`, or `--out DIR/` (an existing directory, or a path ending in /) for one new
 * file per tap process: a host restarting the server, or an SDK client probing in a
 * sibling process, then keeps every session instead of overwriting one file.
 */
export function transcriptPath(out: string | undefined): string {
  if (!out) return defaultTranscriptPath();
  let isDir = out.endsWith('/') || out.endsWith(sep);
  try {
    isDir ||= statSync(out).isDirectory();
  } catch {
    // not there yet: a file unless it ends with a slash
  }
  if (!isDir) return resolve(out);
  mkdirSync(out, { recursive: true });
  return resolve(defaultTranscriptPath(new Date(), out));
}

export function tapRecorder(target: string, transport: TransportKind, redactor: Redactor = new Redactor()): Recorder {
  return new Recorder(target, transport, redactor, { timeoutMs: 0, driftWindowMs: 0, eras: [] });
}

/** Loopback only: 127.0.0.0/8, ::1, localhost. Anything else (0.0.0.0, ::, an interface's address) is reachable. */
export const isLoopback = (host: string) =>
  /^127(\.\d{1,3}){3}$/.test(host) || host === '::1' || host.toLowerCase() === 'localhost';

/** `127.0.0.1:4000`, `:4000` or `4000` → host and port (loopback unless a host is given). */
export function parseListen(spec: string): { host: string; port: number } {
  const m = /^(?:(\[[^\]]+\]|[^:]*):)?(\d{1,5})$/.exec(spec);
  const port = m ? Number(m[2]) : NaN;
  if (!m || port > 65_535) throw new UsageError(`--listen ${spec}: give HOST:PORT, e.g. 127.0.0.1:4000`);
  return { host: (m[1] || '127.0.0.1').replace(/^\[|\]$/g, ''), port };
}

export function parseTargetUrl(spec: string): URL {
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    throw new UsageError(`--target ${spec} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--target must be an http(s) URL, not ${url.protocol}`);
  return url;
}

/** Fail before starting anything when the transcript cannot be written. */
function openTranscriptFile(path: string, rec: Recorder): TranscriptFile {
  const file = new TranscriptFile(path, rec);
  try {
    file.write();
  } catch (error) {
    throw new UsageError(`--out ${path}: ${(error as Error).message}`);
  }
  return file;
}

/** `--live`: each message as it passes, and each passive finding when it first appears. */
function liveTo(rec: Recorder, stream: NodeJS.WritableStream, prefix: string): () => void {
  rec.onEvent((e) => {
    const line = formatLiveEvent(e);
    if (line) printText(stream, `${prefix}${line}\n`);
  });
  return watchFindings(rec, (f) => printText(stream, `${prefix}${formatLiveFinding(f)}\n`));
}

/** Until SIGINT/SIGTERM: proxy, record, then write the transcript and exit 0. */
export async function tapHttpCommand(listen: string, targetSpec: string, options: TapOptions): Promise<number> {
  const { host, port } = parseListen(listen);
  const target = parseTargetUrl(targetSpec);
  const { shown, secrets } = withoutUserinfo(target);
  const redactor = new LearningRedactor(secrets);
  const rec = tapRecorder(shown, 'http', redactor);
  const path = transcriptPath(options.out);
  const file = openTranscriptFile(path, rec);
  const stopLive = options.live ? liveTo(rec, process.stdout, '') : undefined;
  let refusals = 0;
  const proxy = await startHttpTap({
    host,
    port,
    target,
    rec,
    redactor,
    // Said on stderr, but not without end: whoever reaches the port could otherwise fill the operator's terminal.
    onRefused: (r) => {
      if (++refusals <= 20 || refusals % 1000 === 0) printText(process.stderr, `${formatRefusal(r, refusals)}\n`);
    },
  });
  printText(
    process.stderr,
    `mcp-handshake tap: proxy ${proxy.url} → ${oneLine(shown)}\nmcp-handshake tap: recording to ${oneLine(path)}\n`,
  );
  if (!isLoopback(host))
    printText(
      process.stderr,
      `mcp-handshake tap: listening on ${host}, not loopback: anyone who reaches port ${port || new URL(proxy.url).port} ` +
        `can send requests to ${oneLine(target.origin)} through this tap (with --target's credentials, if it has any)\n`,
    );
  await new Promise<NodeJS.Signals>((done) => {
    for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(s, () => done(s));
  });
  await proxy.close();
  stopLive?.();
  file.write();
  return 0;
}

export async function tapStdioCommand(server: ServerCommand, options: TapOptions): Promise<number> {
  if (!server.command) throw new UsageError('give the server command after --');
  // What the server is given (-e) and inherits that is secret is hidden wherever the server echoes it.
  const secrets = secretsOf({
    kind: 'stdio',
    command: server.command,
    args: server.args,
    env: server.env ?? {},
    secrets: inheritedSecrets(process.env),
  });
  const rec = tapRecorder([server.command, ...server.args].join(' '), 'stdio', new Redactor(secrets));
  const path = transcriptPath(options.out);
  const file = openTranscriptFile(path, rec);
  printText(process.stderr, `mcp-handshake tap: recording to ${oneLine(path)}\n`);
  const stopLive = options.live ? liveTo(rec, process.stderr, '[tap] ') : undefined;
  const tap = runStdioTap(
    server,
    { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
    process.env,
    rec,
  );
  const handlers = new Map<NodeJS.Signals, () => void>();
  for (const signal of FORWARDED_SIGNALS) {
    const handler = () => tap.kill(signal);
    handlers.set(signal, handler);
    process.on(signal, handler);
  }
  const exit = await tap.done;
  stopLive?.();
  file.write();
  for (const [signal, handler] of handlers) process.off(signal, handler);
  if (exit.error)
    printText(
      process.stderr,
      `mcp-handshake tap: could not start ${oneLine(server.command)}: ${oneLine(exit.error)}\n`,
    );
  process.stdin.destroy();
  if (exit.signal) {
    // Die of the same signal, so the host sees what it would have seen without the tap.
    process.kill(process.pid, exit.signal);
    return 128 + (constants.signals[exit.signal] ?? 0);
  }
  return exit.code ?? 1;
}
