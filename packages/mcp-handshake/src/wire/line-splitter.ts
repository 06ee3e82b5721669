import { MAX_MESSAGE_BYTES } from './peer-json.js';

/** A line longer than the splitter keeps: how long it was, and its first characters. */
export interface OverlongLine {
  overlong: true;
  /** Bytes received for it (all of them, though only `head` was kept). */
  length: number;
  head: string;
  /** The line had not ended when the stream did. */
  unterminated?: boolean;
}

export type SplitLine = string | OverlongLine;

const HEAD = 200;
const NEWLINE = 0x0a;

/**
 * Splits a byte stream into newline-delimited lines (the stdio framing of MCP) without
 * changing what is forwarded: the tap passes the bytes on first and feeds a copy here.
 * Lines are cut at the newline byte, which UTF-8 never uses inside a character, and decoded
 * whole. A line longer than `maxLine` bytes is not kept: its head and length are, and the
 * rest is only counted as it streams past, so a peer that never sends a newline costs no
 * memory and no decoding.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private pending = 0;
  private overlong: OverlongLine | undefined;

  constructor(private readonly maxLine = MAX_MESSAGE_BYTES) {}

  feed(chunk: Buffer | string): SplitLine[] {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    const lines: SplitLine[] = [];
    let nl: number;
    // Only the new bytes are searched: a long line arriving in many chunks costs linear time.
    while ((nl = buf.indexOf(NEWLINE)) >= 0) {
      this.take(buf.subarray(0, nl));
      lines.push(this.finish());
      buf = buf.subarray(nl + 1);
    }
    this.take(buf);
    return lines;
  }

  /** What is left after the stream ended without a final newline. */
  end(): SplitLine | undefined {
    if (this.overlong) return { ...this.finishOverlong(), unterminated: true };
    if (this.pending === 0) return undefined;
    return this.finish();
  }

  private take(bytes: Buffer): void {
    if (bytes.length === 0) return;
    if (this.overlong) {
      this.overlong.length += bytes.length;
      return;
    }
    if (this.pending + bytes.length > this.maxLine) {
      const head = Buffer.concat([...this.parts, bytes.subarray(0, HEAD * 4)])
        .toString('utf8')
        .slice(0, HEAD);
      this.overlong = { overlong: true, length: this.pending + bytes.length, head };
      this.parts = [];
      this.pending = 0;
      return;
    }
    // A copy: the chunk's memory belongs to the stream, and a subarray would keep all of it alive.
    this.parts.push(Buffer.from(bytes));
    this.pending += bytes.length;
  }

  private finish(): SplitLine {
    if (this.overlong) return this.finishOverlong();
    const line = (this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts)).toString('utf8');
    this.parts = [];
    this.pending = 0;
    return line.endsWith('\r') ? line.slice(0, -1) : line;
  }

  private finishOverlong(): OverlongLine {
    const line = this.overlong!;
    this.overlong = undefined;
    return line;
  }
}

/** How the transcript shows a line it did not keep. */
export const overlongNote = (line: OverlongLine, what: string) =>
  `${what} of ${line.length} bytes${line.unterminated ? ', never ended,' : ''} was not kept (over ${MAX_MESSAGE_BYTES}): ${line.head}…`;
