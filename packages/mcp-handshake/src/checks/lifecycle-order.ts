import type { Check } from '../types.js';
import { connsBy, excerpt, exchangesOf, outcome, skip, SPEC, type Msg } from './lib.js';
import { LABEL } from '../labels.js';

const ALLOWED_EARLY = new Set(['ping', 'notifications/message']);

export const lifecycleOrder: Check = {
  id: 'lifecycle-order',
  title: 'nothing is sent before the handshake completes',
  why: 'Until initialize is answered and notifications/initialized sent, the client has no session to route messages to: early notifications are dropped and early requests (sampling, roots, elicitation) fail or hang in SDK clients.',
  fix: 'Answer initialize first. Send requests and notifications (list_changed, resources/updated, progress) only after notifications/initialized; before it, only pings and logging are allowed.',
  spec: `${SPEC}/basic/lifecycle#initialization`,
  run(t) {
    const conns = [...connsBy(t, 'main'), ...connsBy(t, 'version')];
    const evidence: string[] = [];
    let checked = 0;
    for (const c of conns) {
      const x = exchangesOf(t, { conn: c.id, label: LABEL.initialize })[0];
      if (!x || x.replySeq === undefined) continue;
      checked++;
      const events = t.events.filter((e) => e.conn === c.id && e.dir === 'in' && e.kind === 'message');
      for (const e of events.filter((e) => e.seq > x.sentSeq && e.seq < x.replySeq!)) {
        evidence.push(`${c.id}: before the initialize result: ${excerpt(e.message, 140)}`);
      }
      const initialized = t.events.find((e) => e.conn === c.id && e.dir === 'out' && (e.message as Msg | undefined)?.method === 'notifications/initialized');
      const end = initialized?.seq ?? Infinity;
      for (const e of events.filter((e) => e.seq > x.replySeq! && e.seq < end)) {
        const method = (e.message as Msg).method;
        if (typeof method === 'string' && !ALLOWED_EARLY.has(method)) evidence.push(`${c.id}: before notifications/initialized: ${excerpt(e.message, 140)}`);
      }
    }
    if (checked === 0) return skip('no initialize was answered');
    if (evidence.length > 0) return outcome('fail', `${evidence.length} message(s) arrived before the handshake completed`, evidence);
    return outcome('pass', `the server waited for the handshake on ${checked} connection(s)`);
  },
};
