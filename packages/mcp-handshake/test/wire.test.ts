import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { Redactor } from '../src/redact.js';
import type { Transcript } from '../src/types.js';
import { HttpConnection } from '../src/wire/http.js';
import { Recorder } from '../src/wire/recorder.js';

/** A real node:http server on 127.0.0.1 whose answers the test scripts per request. */
async function serve(
  handler: (body: Record<string, unknown>, res: ServerResponse, req: IncomingMessage) => void,
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => handler(text ? (JSON.parse(text) as Record<string, unknown>) : {}, res, req));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/mcp`, server };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

const recorder = () =>
  new Recorder('test', 'http', new Redactor(), { timeoutMs: 150, driftWindowMs: 0, eras: ['legacy'] });
const replyTo = (t: Transcript, label: string) => {
  const x = t.exchanges.find((e) => e.label === label)!;
  return { x, reply: t.events.find((e) => e.seq === x.replySeq)?.message as Record<string, unknown> | undefined };
};

describe('answers are matched to their request by id and connection only', () => {
  it('a late answer (id null) to a timed-out POST is not pinned on the next request', async () => {
    const { url, server } = await serve((body, res) => {
      const send = (m: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(m));
      // After the request's timeout (100 ms), before the client gives up reading (timeout + 250 ms).
      if (body.id === 'slow')
        setTimeout(() => send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }), 160);
      else setTimeout(() => send({ jsonrpc: '2.0', id: body.id, result: { ok: true } }), 200);
    });
    servers.push(server);
    const rec = recorder();
    const conn = new HttpConnection(
      rec,
      { id: 'c', purpose: 'malformed', era: 'legacy' },
      150,
      { url, headers: {} },
      'legacy',
    );
    const slow = conn.request('initialize', undefined, {
      raw: { jsonrpc: '2.0', id: 'slow', method: 'initialize' },
      label: 'slow',
      timeoutMs: 100,
    });
    await new Promise((r) => setTimeout(r, 110));
    const next = conn.request('initialize', {}, { label: 'next', timeoutMs: 1000 });
    await Promise.all([slow, next]);
    await new Promise((r) => setTimeout(r, 300));
    await conn.close();
    const t = rec.transcript();
    expect(replyTo(t, 'slow').x.outcome).toBe('timeout');
    const n = replyTo(t, 'next');
    expect(n.x.outcome).toBe('reply');
    expect(n.reply).toMatchObject({ result: { ok: true } });
  });
});
