/**
 * The only way mcp-handshake writes to a terminal or a file: reports go through `terminalText`
 * (peer text shown, not obeyed; only our own colours), JSON through `jsonText`, files are
 * private to the user (0600: a transcript can hold what a server echoed), whatever the umask.
 * test/peer-text.test.ts holds the commands to this: nothing else in src/ calls `.write(` on a
 * process stream or `writeFileSync`.
 */
import { closeSync, fchmodSync, fstatSync, openSync, writeSync } from 'node:fs';
import { jsonText } from './peer-text.js';
import { terminalText } from './style.js';

export interface TextSink {
  write(chunk: string): unknown;
}

/** A report (text made by a formatter in report/) to a terminal, a pipe or a log. */
export function printText(sink: TextSink, text: string): void {
  sink.write(terminalText(text));
}

/** One JSON document (`--json`), or one JSON line (`json line` = no indentation). */
export function printJson(sink: TextSink, value: unknown, space: number | undefined = 2): void {
  sink.write(`${jsonText(value, space)}\n`);
}

/** A file of ours (transcript, report, snapshot, baseline), readable by its owner only. */
/** A file the user asked for that cannot be written: their mistake to fix (exit 64), not our bug. */
export class CannotWrite extends Error {}

export function writePrivateFile(path: string, text: string): void {
  let fd: number;
  try {
    fd = openSync(path, 'w', 0o600);
  } catch (error) {
    throw new CannotWrite(`cannot write ${path}: ${(error as Error).message}`);
  }
  try {
    // The mode applies only to a file this call creates: an existing regular file is narrowed too,
    // but never a device (`-o /dev/stdout`) or a FIFO someone reads from.
    const st = fstatSync(fd);
    if (st.isFile() && (st.mode & 0o077) !== 0) fchmodSync(fd, st.mode & 0o700);
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}
