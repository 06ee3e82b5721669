/**
 * `replay TRANSCRIPT --serve stdio|http [PORT]` plays the recorded server side to a client
 * (a mock for tests); `replay TRANSCRIPT --against <target>` re-sends the recorded client
 * side to a server and shows where the answers differ (exit 1 when one does).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { replayAgainst } from '../replay/against.js';
import { recordedSteps, replayableConnections, type Step } from '../replay/recorded-session.js';
import { serveHttp, serveStdio } from '../replay/serve.js';
import { oneLine } from '../report/peer-text.js';
import { printJson, printText } from '../report/print.js';
import { formatReplayText } from '../report/replay-text.js';
import { type Target, UsageError } from '../target.js';
import type { Transcript } from '../types.js';
import { capDepth, MAX_JSON_DEPTH } from '../wire/peer-json.js';
import { EXIT } from './common.js';

export function readTranscript(path: string): Transcript {
  let value: unknown;
  try {
    // A transcript file may come from anyone: cut it as deep as a message is cut on the wire (+ its envelope).
    value = capDepth(JSON.parse(readFileSync(path, 'utf8')), MAX_JSON_DEPTH + 4).value;
  } catch (error) {
    throw new UsageError(`cannot read transcript ${path}: ${(error as Error).message}`);
  }
  const t = value as Partial<Transcript>;
  if (t?.format !== 'mcp-handshake/transcript@1' || !Array.isArray(t.events) || !Array.isArray(t.connections)) {
    throw new UsageError(`${path} is not an mcp-handshake/transcript@1 file`);
  }
  return t as Transcript;
}

/** A transcript file, or every transcript in a directory (`tap --out DIR/` writes one per process). */
export function readTranscripts(path: string): Transcript[] {
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
  }
  if (!isDir) return [readTranscript(path)];
  const files = readdirSync(path)
    .filter((f) => f.endsWith('.json'))
    .sort();
  if (files.length === 0) throw new UsageError(`no transcripts (*.json) in ${path}`);
  return files.map((f) => readTranscript(join(path, f)));
}

interface Chosen {
  transcript: Transcript;
  conn: string;
  steps: Step[];
  /** Every other recorded connection's steps, searched when the chosen session has no match. */
  fallback: Step[];
}

/** The named connection, else the one with the most client messages. */
export function stepsOf(transcripts: Transcript[], conn: string | undefined): Chosen {
  const all = transcripts.flatMap((transcript) =>
    replayableConnections(transcript).map((id) => ({ transcript, conn: id, steps: recordedSteps(transcript, id) })),
  );
  const chosen = conn ? all.find((c) => c.conn === conn) : [...all].sort((a, b) => b.steps.length - a.steps.length)[0];
  if (!chosen)
    throw new UsageError(
      conn
        ? `no client messages on connection "${conn}" (has: ${all.map((c) => c.conn).join(', ') || 'none'})`
        : 'the transcript holds no client messages',
    );
  return { ...chosen, fallback: all.filter((c) => c !== chosen).flatMap((c) => c.steps) };
}

export async function replayServeCommand(
  path: string,
  mode: 'stdio' | 'http',
  port: number,
  conn: string | undefined,
): Promise<number> {
  const { conn: chosen, steps, fallback } = stepsOf(readTranscripts(path), conn);
  if (mode === 'stdio') {
    await serveStdio(steps, fallback, process.stdin, process.stdout);
    return EXIT.ok;
  }
  const server = await serveHttp(steps, fallback, '127.0.0.1', port);
  printText(
    process.stderr,
    `mcp-handshake replay: serving ${steps.length} recorded steps of "${oneLine(chosen, 80)}" at ${server.url}\n`,
  );
  await new Promise<void>((done) => ['SIGINT', 'SIGTERM'].forEach((s) => process.once(s, () => done())));
  await server.close();
  return EXIT.ok;
}

export async function replayAgainstCommand(
  path: string,
  target: Target,
  conn: string | undefined,
  options: { timeoutMs: number; json?: boolean },
): Promise<number> {
  const { transcript, conn: chosen, steps } = stepsOf(readTranscripts(path), conn);
  const { comparisons } = await replayAgainst(steps, transcript, chosen, target, options.timeoutMs);
  const differing = comparisons.filter((c) => c.outcome !== 'same');
  if (options.json) printJson(process.stdout, { format: 'mcp-handshake/replay@1', conn: chosen, comparisons });
  else printText(process.stdout, formatReplayText(comparisons));
  return differing.length > 0 ? EXIT.failed : EXIT.ok;
}
