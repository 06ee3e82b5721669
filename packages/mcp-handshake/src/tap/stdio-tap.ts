import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { LineSplitter, overlongNote, type SplitLine } from '../wire/line-splitter.js';
import type { Recorder } from '../wire/recorder.js';
import { TapRecorder } from './tap-recorder.js';

export interface ServerCommand {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
}

export interface HostStreams {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

export interface TapExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the server could not be started at all. */
  error?: string;
}

export const TAP_CONN = 'stdio';
const MAX_STDERR_LINES = 2000;

/** Forward a chunk and respect back-pressure: pause the source until the sink drains. */
function forward(source: Readable, sink: Writable, onChunk: (chunk: Buffer) => void): void {
  source.on('data', (chunk: Buffer) => {
    // Recorded first, so a peer that acts on what it received (a host killing the tap) finds it on disk; a
    // recording that fails never stops the bytes.
    try {
      onChunk(chunk);
    } finally {
      if (!sink.write(chunk)) {
        source.pause();
        sink.once('drain', () => source.resume());
      }
    }
  });
}

/**
 * Run the server between the host's stdio and ours. Bytes go through untouched; a copy
 * is split into lines and recorded just before (the first events reach the disk then:
 * transcript-file.ts). Resolves when the server has exited
 * and all its output was forwarded. `kill` passes a signal on to the server.
 */
export function runStdioTap(
  server: ServerCommand,
  host: HostStreams,
  env: NodeJS.ProcessEnv,
  rec: Recorder,
): {
  done: Promise<TapExit>;
  kill: (signal: NodeJS.Signals) => void;
} {
  const tap = new TapRecorder(rec);
  tap.connection({ id: TAP_CONN, purpose: 'tap', era: 'legacy' });
  const child = spawn(server.command, server.args, {
    cwd: server.cwd,
    env: { ...env, ...server.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const fromHost = new LineSplitter();
  const fromServer = new LineSplitter();
  const serverErr = new LineSplitter();
  let stderrLines = 0;
  const stderrLine = (line: SplitLine) => {
    if (++stderrLines <= MAX_STDERR_LINES)
      rec.record(TAP_CONN, {
        dir: 'in',
        kind: 'stderr',
        raw: typeof line === 'string' ? line : overlongNote(line, 'a stderr line'),
      });
  };

  const done = new Promise<TapExit>((resolve) => {
    child.on('error', (error) => {
      rec.record(TAP_CONN, { dir: 'local', kind: 'error', raw: `could not start ${server.command}: ${error.message}` });
      resolve({ code: 127, signal: null, error: error.message });
    });
    child.on('close', (code, signal) => {
      const last = fromServer.end();
      if (last !== undefined) tap.line(TAP_CONN, 'in', last);
      const lastErr = serverErr.end();
      if (lastErr !== undefined) stderrLine(lastErr);
      if (stderrLines > MAX_STDERR_LINES)
        rec.record(TAP_CONN, {
          dir: 'local',
          kind: 'note',
          note: `${stderrLines - MAX_STDERR_LINES} more stderr lines not kept`,
        });
      // An exit after the host closed stdin or signalled the tap (Claude Code ends a session with SIGINT) is the
      // host's shutdown, not the server exiting on its own.
      rec.record(TAP_CONN, { dir: 'in', kind: 'exit', exit: { code, signal, expected: hostClosed || hostSignalled } });
      resolve({ code, signal });
    });
  });

  let hostClosed = false;
  let hostSignalled = false;
  child.stdin.on('error', () => undefined); // EPIPE after the server died: its exit tells the story
  host.stdout.on('error', () => undefined); // the host went away: keep recording until the server exits
  forward(host.stdin, child.stdin, (chunk) => {
    for (const line of fromHost.feed(chunk)) tap.line(TAP_CONN, 'out', line);
  });
  host.stdin.on('end', () => {
    hostClosed = true;
    const last = fromHost.end();
    if (last !== undefined) tap.line(TAP_CONN, 'out', last);
    rec.record(TAP_CONN, { dir: 'local', kind: 'note', note: 'host closed stdin' });
    child.stdin.end();
  });
  forward(child.stdout, host.stdout, (chunk) => {
    for (const line of fromServer.feed(chunk)) tap.line(TAP_CONN, 'in', line);
  });
  forward(child.stderr, host.stderr, (chunk) => {
    for (const line of serverErr.feed(chunk)) stderrLine(line);
  });

  return {
    done,
    kill: (signal) => {
      hostSignalled = true;
      rec.record(TAP_CONN, { dir: 'local', kind: 'note', note: `passing ${signal} to the server` });
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}
