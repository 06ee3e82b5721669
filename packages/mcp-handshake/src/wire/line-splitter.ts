import { StringDecoder } from 'node:string_decoder';
import { MAX_MESSAGE_BYTES } from './peer-json.js';

/** A line longer than the splitter keeps: how long it was, and its first characters. */
export interface OverlongLine {
  overlong: true;
  /** Characters received for it (all of them, though only `head` was kept). */
  length: number;
  head: string;
  /** The line had not ended when the stream did. */
  unterminated?: boolean;
}

export type SplitLine = string | OverlongLine;

const HEAD = 200;

/**
 * Splits a byte stream into newline-delimited lines (the stdio framing of MCP) without
 * changing what is forwarded: the tap passes the bytes on first and feeds a copy here.
 * A multi-byte character cut between chunks is kept whole by the decoder. A line longer
 * than `maxLine` characters is not kept: its head and length are, and the rest is counted
 * as it streams past, so a peer that never sends a newline costs no memory.
 */
export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private parts: string[] = [];
  private pending = 0;
  private overlong: OverlongLine | undefined;

  constructor(private readonly maxLine = MAX_MESSAGE_BYTES) {}

  feed(chunk: Buffer | string): SplitLine[] {
    let text = typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    const lines: SplitLine[] = [];
    let nl: number;
    // Only the new text is searched: a long line arriving in many chunks costs linear time.
    while ((nl = text.indexOf('\n')) >= 0) {
      this.take(text.slice(0, nl));
      lines.push(this.finish());
      text = text.slice(nl + 1);
    }
    this.take(text);
    return lines;
  }

  /** What is left after the stream ended without a final newline. */
  end(): SplitLine | undefined {
    this.take(this.decoder.end());
    if (this.overlong) return { ...this.finishOverlong(), unterminated: true };
    if (this.pending === 0) return undefined;
    return this.finish();
  }

  private take(text: string): void {
    if (text.length === 0) return;
    if (this.overlong) {
      this.overlong.length += text.length;
      return;
    }
    if (this.pending + text.length > this.maxLine) {
      const head = (this.parts.join('') + text).slice(0, HEAD);
      this.overlong = { overlong: true, length: this.pending + text.length, head };
      this.parts = [];
      this.pending = 0;
      return;
    }
    this.parts.push(text);
    this.pending += text.length;
  }

  private finish(): SplitLine {
    if (this.overlong) return this.finishOverlong();
    const line = this.parts.join('').replace(/\r$/, '');
    this.parts = [];
    this.pending = 0;
    return line;
  }

  private finishOverlong(): OverlongLine {
    const line = this.overlong!;
    this.overlong = undefined;
    return line;
  }
}

/** How the transcript shows a line it did not keep. */
export const overlongNote = (line: OverlongLine, what: string) =>
  `${what} of ${line.length} characters${line.unterminated ? ', never ended,' : ''} was not kept (over ${MAX_MESSAGE_BYTES}): ${line.head}…`;
