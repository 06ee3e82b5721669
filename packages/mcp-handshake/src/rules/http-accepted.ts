import { cite, finding, verdict } from '../findings/finding.js';
import type { Diagnostic } from '../types.js';
import { excerpt, type Msg, skip } from './lib.js';
import type { Rule } from './rule.js';

const SENDING = cite('2025-11-25', 'basic/transports#sending-messages-to-the-server');

export const httpAccepted: Rule = {
  id: 'http-accepted',
  title: 'notifications and responses POSTed to the server get 202 Accepted',
  why: 'A client that POSTs a notification (notifications/initialized) or a response waits for nothing but 202. A 200 with a body, or an error status, leaves it parsing an answer that cannot exist — some clients hang, some drop the session.',
  fix: 'Answer a POST whose body is only notifications or responses with 202 Accepted and no body (or 4xx with an error when you refuse it).',
  spec: SENDING.url,
  run(t) {
    if (t.transport !== 'http') return skip('not an HTTP target');
    const found: Diagnostic[] = [];
    let seen = 0;
    for (const e of t.events) {
      if (e.dir !== 'out' || e.kind !== 'message' || e.http?.method !== 'POST') continue;
      const m = e.message as Msg;
      const isRequest = typeof m.method === 'string' && 'id' in m;
      if (isRequest) continue;
      const head = t.events.find((h) => h.kind === 'http' && h.dir === 'in' && h.replyTo === e.seq);
      if (!head?.http?.status) continue; // HTTP+SSE endpoint POSTs, or the POST failed: no head to judge
      seen++;
      const status = head.http.status;
      if (status === 202 || status >= 400) continue;
      const what = typeof m.method === 'string' ? m.method : 'a response';
      const message = `${e.conn}: ${what} was answered HTTP ${status} instead of 202 Accepted`;
      found.push(
        finding('http-accepted/not-202', 'fail', message, SENDING, {
          args: { httpStatus: status, method: what },
          evidence: [`${e.conn}: POST ${excerpt(m, 80)} → HTTP ${status}`],
        }),
      );
    }
    if (seen === 0) return skip('no notification or response was POSTed');
    return verdict(found, { summary: `${seen} notification/response POST(s) answered 202 Accepted` });
  },
};
