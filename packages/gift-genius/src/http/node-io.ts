import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { messageJson, type OutboundMessage } from './serialized-response.js';

/** A node request's header as one string (repeated headers: the first). */
export function nodeHeader(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return value === undefined ? null : Array.isArray(value) ? (value[0] ?? null) : value;
}

export type BodyRead = { text: string } | { tooLarge: true };

/**
 * Reads a request body once, up to `maxBytes` (a declared Content-Length over it is refused
 * unread). The same bound and answer as the SDK's node adapter.
 */
export function readNodeBody(req: IncomingMessage, maxBytes: number, done: (read: BodyRead) => void): void {
  if (Number(nodeHeader(req, 'content-length')) > maxBytes) {
    done({ tooLarge: true });
    return;
  }
  // Events and a callback, not `for await` or a promise: both cost on this hot path.
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
    else {
      req.off('data', onData).off('end', onEnd);
      done({ tooLarge: true });
    }
  };
  const onEnd = () =>
    done({ text: chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8') });
  // A request that errors mid-body (a reset) has no one left to answer.
  req
    .on('data', onData)
    .once('end', onEnd)
    .once('error', () => req.off('data', onData).off('end', onEnd));
}

/** The 413 the SDK's node adapter answers an oversized body with (connection closed: the rest is not read). */
export function writeTooLarge(res: ServerResponse, maxBytes: number): void {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    error: { code: -32000, message: `Payload Too Large: Request body must not exceed ${maxBytes} bytes` },
    id: null,
  });
  res.writeHead(413, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  res.end(body);
}

/**
 * The request again, body included, after its stream was read: for handing a request whose
 * body is not JSON on to the SDK's node adapter, which reads the body itself.
 */
export function replayRequest(req: IncomingMessage, text: string): IncomingMessage {
  return Object.assign(Readable.from([Buffer.from(text, 'utf8')]), {
    method: req.method,
    url: req.url,
    headers: req.headers,
    socket: req.socket,
    auth: (req as { auth?: unknown }).auth, // the gate's verdict, which the node adapter hands on
  }) as unknown as IncomingMessage;
}

/**
 * Writes the messages of one exchange: a single response as JSON; notifications before it
 * as an event stream (`event: message`, the SDK's framing), which is how Streamable HTTP
 * carries related messages.
 */
export function writeMessages(
  res: ServerResponse,
  messages: OutboundMessage[],
  headers: Record<string, string> = {},
): void {
  // Encoded once: Buffer.byteLength and then writing the string walk a 4 KB answer twice (~3 % of a suggest_gifts call).
  if (messages.length === 1) {
    const body = Buffer.from(messageJson(messages[0]!), 'utf8');
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length, ...headers });
    res.end(body);
    return;
  }
  let text = '';
  for (const message of messages) text += `event: message\ndata: ${messageJson(message)}\n\n`;
  const body = Buffer.from(text, 'utf8');
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache, no-transform',
    'content-length': body.length,
    ...headers,
  });
  res.end(body);
}

/** Writes a web Response (an edge rejection) to node's response. Small bodies only; never rejects. */
export async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  try {
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    const body = Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, { ...headers, 'content-length': body.length });
    res.end(body);
  } catch {
    res.destroy(); // the connection is gone or broken: nothing left to answer
  }
}
