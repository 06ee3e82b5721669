/**
 * `tap`: stand between a host and a server and record what really passes.
 * stdio: `tap [--out FILE] [--live] -- <server command…>` replaces the server command in
 * a host's config; bytes, exit code and signals pass through. HTTP: `tap --listen
 * HOST:PORT --target URL` is a reverse proxy. The transcript is `mcp-handshake/transcript@1`.
 */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { constants } from 'node:os';
import { Redactor } from '../redact.js';
import { UsageError } from '../target.js';
import { formatLiveEvent } from '../tap/live.js';
import { runStdioTap, type ServerCommand } from '../tap/stdio-tap.js';
import { TranscriptFile } from '../tap/transcript-file.js';
import type { TransportKind } from '../types.js';
import { Recorder } from '../wire/recorder.js';

export interface TapOptions {
  out?: string;
  live?: boolean;
}

const FORWARDED_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR1', 'SIGUSR2'];

export function defaultTranscriptPath(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  return join(tmpdir(), `mcp-handshake-tap-${stamp}-${process.pid}.json`);
}

export function tapRecorder(target: string, transport: TransportKind, secrets: string[] = []): Recorder {
  return new Recorder(target, transport, new Redactor(secrets), { timeoutMs: 0, driftWindowMs: 0, eras: [] });
}

export async function tapStdioCommand(server: ServerCommand, options: TapOptions): Promise<number> {
  if (!server.command) throw new UsageError('give the server command after --');
  const rec = tapRecorder([server.command, ...server.args].join(' '), 'stdio');
  const path = resolve(options.out ?? defaultTranscriptPath());
  const file = new TranscriptFile(path, rec);
  file.write();
  process.stderr.write(`mcp-handshake tap: recording to ${path}\n`);
  if (options.live) rec.onEvent((e) => {
    const line = formatLiveEvent(e);
    if (line) process.stderr.write(`[tap] ${line}\n`);
  });
  const tap = runStdioTap(server, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }, process.env, rec);
  const handlers = new Map<NodeJS.Signals, () => void>();
  for (const signal of FORWARDED_SIGNALS) {
    const handler = () => tap.kill(signal);
    handlers.set(signal, handler);
    process.on(signal, handler);
  }
  const exit = await tap.done;
  file.write();
  for (const [signal, handler] of handlers) process.off(signal, handler);
  if (exit.error) process.stderr.write(`mcp-handshake tap: could not start ${server.command}: ${exit.error}\n`);
  process.stdin.destroy();
  if (exit.signal) {
    // Die of the same signal, so the host sees what it would have seen without the tap.
    process.kill(process.pid, exit.signal);
    return 128 + (constants.signals[exit.signal] ?? 0);
  }
  return exit.code ?? 1;
}
