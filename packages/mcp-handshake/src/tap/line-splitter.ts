import { StringDecoder } from 'node:string_decoder';

/**
 * Splits a byte stream into newline-delimited lines (the stdio framing of MCP) without
 * changing what is forwarded: the tap passes the bytes on first and feeds a copy here.
 * A multi-byte character cut between chunks is kept whole by the decoder.
 */
export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private buffer = '';

  feed(chunk: Buffer | string): string[] {
    this.buffer += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    const lines: string[] = [];
    let nl: number;
    while ((nl = this.buffer.indexOf('\n')) >= 0) {
      lines.push(this.buffer.slice(0, nl).replace(/\r$/, ''));
      this.buffer = this.buffer.slice(nl + 1);
    }
    return lines;
  }

  /** What is left after the stream ended without a final newline. */
  end(): string | undefined {
    const rest = this.buffer + this.decoder.end();
    this.buffer = '';
    return rest.length > 0 ? rest : undefined;
  }
}
