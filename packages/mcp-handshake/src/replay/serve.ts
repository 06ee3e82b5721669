import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import { LineSplitter, type SplitLine } from '../wire/line-splitter.js';
import { capDepth } from '../wire/peer-json.js';
import type { Step } from './recorded-session.js';
import { ReplayServer } from './replay-server.js';

type Msg = Record<string, unknown>;

const parseError = (text: string): Msg => ({
  jsonrpc: '2.0',
  id: null,
  error: { code: -32700, message: `Parse error: ${text.slice(0, 80)}` },
});

function parse(text: string): Msg[] | undefined {
  try {
    const v = capDepth(JSON.parse(text)).value;
    const list = Array.isArray(v) ? v : [v];
    return list.every((m) => m && typeof m === 'object') ? (list as Msg[]) : undefined;
  } catch {
    return undefined;
  }
}

/** Serve the recording on stdio (newline-delimited JSON-RPC) until stdin ends. */
export function serveStdio(steps: Step[], fallback: Step[], input: Readable, output: Writable): Promise<void> {
  const server = new ReplayServer(steps, fallback);
  const lines = new LineSplitter();
  const handle = (split: SplitLine) => {
    const line = typeof split === 'string' ? split : split.head;
    if (typeof split === 'string' && line.trim() === '') return;
    const messages = typeof split === 'string' ? parse(line) : undefined;
    const out = messages ? messages.flatMap((m) => server.answer(m)) : [parseError(line)];
    for (const m of out) output.write(`${JSON.stringify(m)}\n`);
  };
  return new Promise((resolve) => {
    input.on('data', (chunk: Buffer) => lines.feed(chunk).forEach(handle));
    input.on('end', () => {
      const rest = lines.end();
      if (rest !== undefined) handle(rest);
      resolve();
    });
  });
}

/**
 * Serve the recording as Streamable HTTP: every POST answered with JSON, a fresh session id
 * for an initialize (the recorded one is volatile), 405 for the GET stream, 200 for DELETE.
 */
export async function serveHttp(
  steps: Step[],
  fallback: Step[],
  host: string,
  port: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const replay = new ReplayServer(steps, fallback);
  const server = http.createServer((req, res) => {
    if (req.method === 'DELETE') return void res.writeHead(200).end();
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST, DELETE' }).end();
    const body: Buffer[] = [];
    req.on('data', (c: Buffer) => body.push(c));
    req.on('end', () => {
      const text = Buffer.concat(body).toString('utf8');
      const messages = parse(text);
      if (!messages)
        return void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(parseError(text)));
      const out = messages.flatMap((m) => replay.answer(m));
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (messages.some((m) => m.method === 'initialize')) headers['mcp-session-id'] = randomUUID();
      const answers = out.filter((m) => 'id' in m);
      if (answers.length === 0) return void res.writeHead(202).end();
      // Notifications recorded after an answer are dropped on HTTP: a JSON response carries one answer.
      res
        .writeHead(200, headers)
        .end(JSON.stringify(answers.length === 1 && !Array.isArray(JSON.parse(text)) ? answers[0] : answers));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}/mcp`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
