import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { parseJSONRPCMessage } from '@modelcontextprotocol/server';
import { isJsonObject } from '../json-object.js';
import { invalidInitialize } from '../primitives/initialize-check.js';

type ErrorReply = { jsonrpc: '2.0'; id: string | number | null; error: { code: number; message: string } };

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/**
 * Sits between process.stdin and the SDK's StdioServerTransport. The SDK drops a line
 * that is not JSON, or not a JSON-RPC message, reporting it only to `onerror`; the
 * client then waits for an answer that never comes. JSON-RPC asks for -32700 / -32600
 * instead, with the id echoed when it can be read, so this answers those lines itself
 * and passes every valid line through untouched. Guarded by test/bad-input.test.ts.
 */
export class StdioLineGuard extends Transform {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private pendingBytes = 0;
  private discarding = false;

  constructor(
    private readonly reply: (message: ErrorReply) => void,
    private readonly maxLineBytes = 4 * 1024 * 1024,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    // One decoder for the stream: a character split across two reads is joined, not replaced.
    const text = this.decoder.write(chunk);
    let start = 0;
    let newline: number;
    while ((newline = text.indexOf('\n', start)) !== -1) {
      const piece = text.slice(start, newline);
      start = newline + 1;
      const line = this.pending + piece;
      this.pending = '';
      this.pendingBytes = 0;
      if (this.discarding) {
        this.discarding = false; // the tail of an over-long line, already answered
        continue;
      }
      if (Buffer.byteLength(line) > this.maxLineBytes) this.tooLong();
      else this.check(line.replace(/\r$/, ''));
    }
    const rest = text.slice(start);
    // While discarding, nothing of the line is kept, so it is answered once however long it goes on.
    if (this.discarding || rest === '') {
      done();
      return;
    }
    this.pending += rest;
    this.pendingBytes += Buffer.byteLength(rest);
    if (this.pendingBytes > this.maxLineBytes) {
      this.tooLong();
      this.pending = '';
      this.pendingBytes = 0;
      this.discarding = true;
    }
    done();
  }

  private tooLong(): void {
    const message = `Message larger than ${this.maxLineBytes} bytes`;
    this.reply({ jsonrpc: '2.0', id: null, error: { code: INVALID_REQUEST, message } });
  }

  override _flush(done: TransformCallback): void {
    this.pending += this.decoder.end();
    if (this.pending.trim() && !this.discarding) this.check(this.pending);
    done();
  }

  private check(line: string): void {
    if (!line.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.reply({ jsonrpc: '2.0', id: null, error: { code: PARSE_ERROR, message: 'Parse error: not valid JSON' } });
      return;
    }
    try {
      parseJSONRPCMessage(value);
    } catch {
      const id = idOf(value);
      // A message without an id is a notification: JSON-RPC never answers those.
      if (id !== undefined || !isJsonObject(value) || typeof value.method !== 'string') {
        this.reply({
          jsonrpc: '2.0',
          id: id ?? null,
          error: { code: INVALID_REQUEST, message: 'Invalid Request: not a JSON-RPC 2.0 message' },
        });
      }
      return;
    }
    const badInitialize = invalidInitialize(value);
    if (badInitialize) {
      this.reply({ jsonrpc: '2.0', ...badInitialize });
      return;
    }
    this.push(`${line}\n`);
  }
}

function idOf(value: unknown): string | number | undefined {
  if (!isJsonObject(value)) return undefined;
  return typeof value.id === 'string' || typeof value.id === 'number' ? value.id : undefined;
}
