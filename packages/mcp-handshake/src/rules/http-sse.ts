import { cite, finding, verdict } from '../findings/finding.js';
import { SSE_NOTE } from '../labels.js';
import type { Diagnostic } from '../types.js';
import { excerpt, skip } from './lib.js';
import type { Rule } from './rule.js';

const SENDING = cite('2025-11-25', 'basic/transports#sending-messages-to-the-server');

export const httpSse: Rule = {
  id: 'http-sse',
  title: 'SSE answers: one JSON-RPC message per event, the stream closed after the response',
  why: 'Clients parse each SSE `data:` as one JSON-RPC message: anything else on the stream is a parse error. A stream left open after its response holds a connection per request, which proxies and browsers limit (six per host).',
  fix: 'Write each message as one `event: message` whose data is the JSON of one message; end the response stream once the JSON-RPC response is written.',
  spec: SENDING.url,
  run(t) {
    if (t.transport !== 'http') return skip('not an HTTP target');
    const found: Diagnostic[] = [];
    const streams = t.events.filter(
      (e) =>
        e.kind === 'http' &&
        e.dir === 'in' &&
        e.http?.method === 'POST' &&
        (e.http.contentType ?? '').includes('text/event-stream') &&
        e.replyTo !== undefined,
    );
    if (streams.length === 0) return skip('no POST was answered with an SSE stream');
    const onStream = new Set(streams.map((e) => `${e.conn}:${e.replyTo}`));
    for (const e of t.events) {
      if (e.kind !== 'noise' || e.replyTo === undefined || !onStream.has(`${e.conn}:${e.replyTo}`)) continue;
      const message = `${e.conn}: an SSE event whose data is not a JSON-RPC message: ${excerpt(e.raw, 80)}`;
      found.push(finding('http-sse/not-json-rpc', 'fail', message, SENDING, { evidence: [message] }));
    }
    const open = t.events.filter((e) => e.kind === 'note' && e.note?.startsWith(SSE_NOTE.open));
    if (open.length > 0) {
      const message = `${open.length} SSE response stream(s) stayed open after the response (${open[0].note?.slice(SSE_NOTE.open.length).trim()}): the server SHOULD close it`;
      found.push(
        finding('http-sse/open-after-response', 'warn', message, SENDING, {
          evidence: open.map((e) => `${e.conn}: ${e.note}`),
        }),
      );
    }
    const closed = t.events.filter((e) => e.kind === 'note' && e.note === SSE_NOTE.closed).length;
    return verdict(found, {
      summary: `${streams.length} SSE answer(s) framed as JSON-RPC messages${closed ? `; ${closed} closed after the response` : ''}`,
    });
  },
};
