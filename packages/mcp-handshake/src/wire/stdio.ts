import { type ChildProcess, spawn } from 'node:child_process';
import type { ConnectionInfo } from '../types.js';
import { cpuWaitMs } from './cpu-wait.js';
import { errorCodeOf } from './errors.js';
import { LineSplitter, overlongNote, type SplitLine } from './line-splitter.js';
import { parsePeerJson } from './peer-json.js';
import type { Recorder } from './recorder.js';
import { looksLikeJsonRpc, RpcConnection } from './rpc.js';

export interface StdioTarget {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
}

/** Keep a chatty server from filling memory: stderr beyond this is counted, not kept. */
const MAX_STDERR_LINES = 400;

/**
 * One child process speaking newline-delimited JSON-RPC. Every stdout line is recorded,
 * including the ones that are not JSON-RPC (that is what stdio-hygiene looks for).
 */
export class StdioConnection extends RpcConnection {
  private child: ChildProcess | undefined;
  private readonly stdoutSplitter = new LineSplitter();
  private readonly stderrSplitter = new LineSplitter();
  private stderrLines = 0;
  private closing = false;
  private spoke = false;
  readonly exited: Promise<void>;
  private markExited!: () => void;

  constructor(
    rec: Recorder,
    info: ConnectionInfo,
    timeoutMs: number,
    readonly target: StdioTarget,
  ) {
    super(rec, info, timeoutMs);
    this.exited = new Promise((resolve) => (this.markExited = resolve));
    this.start();
  }

  private start(): void {
    let child: ChildProcess;
    try {
      child = spawn(this.target.command, this.target.args, {
        cwd: this.target.cwd,
        env: { ...process.env, ...this.target.env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch (error) {
      this.onSpawnError(error as Error);
      return;
    }
    this.child = child;
    child.on('error', (error) => this.onSpawnError(error));
    child.stdin!.on('error', () => undefined); // EPIPE when the child died first: the exit event tells the story
    child.stdout!.on('data', (chunk: Buffer) => {
      if (!this.spoke) {
        this.spoke = true;
        // How much of the start-up was waiting for a CPU (a busy machine), for the start-up rule.
        const waited = cpuWaitMs(child.pid);
        if (waited !== undefined)
          this.rec.record(this.conn, {
            dir: 'local',
            kind: 'note',
            note: `first output; the server's processes had waited ${Math.round(waited)} ms for a CPU`,
            cpuWaitMs: Math.round(waited),
          });
      }
      this.started();
      for (const line of this.stdoutSplitter.feed(chunk)) this.onLine(line);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      for (const line of this.stderrSplitter.feed(chunk)) this.onStderrLine(line);
    });
    child.on('close', (code, signal) => {
      this.flush();
      this.rec.record(this.conn, { dir: 'in', kind: 'exit', exit: { code, signal, expected: this.closing } });
      this.closed = true;
      this.failAll('closed');
      this.markExited();
    });
  }

  private onSpawnError(error: Error): void {
    if (this.closed) return;
    this.rec.record(this.conn, {
      dir: 'local',
      kind: 'error',
      raw: `could not start ${this.target.command}: ${error.message}`,
      ...errorCodeOf(error),
    });
    this.closed = true;
    this.failAll('transport-error');
    this.markExited();
  }

  private onLine(split: SplitLine): void {
    if (typeof split !== 'string') {
      this.rec.record(this.conn, { dir: 'in', kind: 'noise', raw: overlongNote(split, 'a stdout line') });
      return;
    }
    const line = split;
    const json = parsePeerJson(line);
    const parsed = json.ok ? json.value : undefined;
    const cut = json.ok && json.cutDepth !== undefined ? { cutDepth: json.cutDepth } : {};
    if (!looksLikeJsonRpc(parsed)) {
      this.rec.record(this.conn, { dir: 'in', kind: 'noise', raw: line });
      return;
    }
    const batch = Array.isArray(parsed) ? (parsed as Record<string, unknown>[]) : [parsed as Record<string, unknown>];
    for (const message of batch) {
      const seq = this.rec.record(this.conn, { dir: 'in', kind: 'message', message, ...cut }).seq;
      this.deliver(message, seq);
    }
  }

  private onStderrLine(line: SplitLine): void {
    if (++this.stderrLines <= MAX_STDERR_LINES)
      this.rec.record(this.conn, {
        dir: 'in',
        kind: 'stderr',
        raw: typeof line === 'string' ? line : overlongNote(line, 'a stderr line'),
      });
  }

  private flush(): void {
    const lastOut = this.stdoutSplitter.end();
    if (lastOut !== undefined) this.onLine(lastOut);
    const lastErr = this.stderrSplitter.end();
    if (lastErr !== undefined) this.onStderrLine(lastErr);
    if (this.stderrLines > MAX_STDERR_LINES)
      this.rec.record(this.conn, {
        dir: 'local',
        kind: 'note',
        note: `${this.stderrLines - MAX_STDERR_LINES} more stderr lines not kept`,
      });
  }

  protected async transmit(payload: Record<string, unknown>, requestKey: string | undefined): Promise<void> {
    if (this.closed || !this.child?.stdin?.writable) throw new Error('stdin closed');
    const seq = this.recordOut(payload);
    this.markSent(requestKey, seq);
    this.child.stdin.write(`${JSON.stringify(payload)}\n`);
  }

  /** Write a line that is not a JSON-RPC message (used by tests of the doctor itself). */
  writeRawLine(line: string): void {
    this.rec.record(this.conn, { dir: 'out', kind: 'noise', raw: line });
    this.child?.stdin?.write(`${line}\n`);
  }

  /** Close stdin, then escalate (SIGTERM, SIGKILL) as the stdio transport spec suggests. */
  async close(): Promise<void> {
    if (!this.child || this.closed) return;
    this.closing = true;
    this.rec.record(this.conn, { dir: 'local', kind: 'note', note: 'closing stdin' });
    this.child.stdin?.end();
    const waited = (ms: number) =>
      Promise.race([this.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);
    if (await waited(1500)) return;
    this.child.kill('SIGTERM');
    if (await waited(1500)) return;
    this.child.kill('SIGKILL');
    await waited(1000);
  }
}
