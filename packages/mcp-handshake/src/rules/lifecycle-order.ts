import { cite, finding, verdict } from '../findings/finding.js';
import { LABEL } from '../labels.js';
import { FALLBACK_LEGACY_VERSION } from '../protocol.js';
import { connsBy, excerpt, exchangesOf, type Msg, SPEC, skip } from './lib.js';
import type { Rule } from './rule.js';

const ALLOWED_EARLY = new Set(['ping', 'notifications/message']);

export const lifecycleOrder: Rule = {
  id: 'lifecycle-order',
  title: 'nothing is sent before the handshake completes',
  why: 'Until initialize is answered and notifications/initialized sent, the client has no session to route messages to: early notifications are dropped and early requests (sampling, roots, elicitation) fail or hang in SDK clients.',
  fix: 'Answer initialize first. Send requests and notifications (list_changed, resources/updated, progress) only after notifications/initialized; before it, only pings and logging are allowed.',
  spec: `${SPEC}/basic/lifecycle#initialization`,
  run(t) {
    const conns = [...connsBy(t, 'main'), ...connsBy(t, 'version')];
    const evidence: string[] = [];
    // Before the result: "the initialization phase MUST be the first interaction". Between the result and
    // notifications/initialized the server SHOULD NOT send requests other than ping and logging: a warning.
    const early: string[] = [];
    let revision: string | undefined;
    let checked = 0;
    for (const c of conns) {
      const x = exchangesOf(t, { conn: c.id, label: LABEL.initialize })[0];
      if (!x || x.replySeq === undefined) continue;
      checked++;
      revision ??= c.version;
      const events = t.events.filter((e) => e.conn === c.id && e.dir === 'in' && e.kind === 'message');
      for (const e of events.filter((e) => e.seq > x.sentSeq && e.seq < x.replySeq!)) {
        evidence.push(`${c.id}: before the initialize result: ${excerpt(e.message, 140)}`);
      }
      const initialized = t.events.find(
        (e) =>
          e.conn === c.id && e.dir === 'out' && (e.message as Msg | undefined)?.method === 'notifications/initialized',
      );
      const end = initialized?.seq ?? Infinity;
      for (const e of events.filter((e) => e.seq > x.replySeq! && e.seq < end)) {
        const method = (e.message as Msg).method;
        if (typeof method === 'string' && !ALLOWED_EARLY.has(method)) {
          early.push(`${c.id}: before notifications/initialized: ${excerpt(e.message, 140)}`);
        }
      }
    }
    if (checked === 0) return skip('no initialize was answered');
    const where = cite(revision ?? FALLBACK_LEGACY_VERSION, 'basic/lifecycle#initialization');
    const findings = [];
    if (evidence.length > 0) {
      const message = `${evidence.length} message(s) arrived before the initialize result`;
      findings.push(
        finding('lifecycle-order/before-initialize-result', 'fail', message, where, {
          args: { messages: evidence.length },
          evidence,
        }),
      );
    }
    if (early.length > 0) {
      const message = `${early.length} message(s) arrived after the initialize result, before notifications/initialized`;
      findings.push(
        finding('lifecycle-order/before-initialized', 'warn', message, where, {
          args: { messages: early.length },
          evidence: early,
        }),
      );
    }
    return verdict(findings, { summary: `the server waited for the handshake on ${checked} connection(s)` });
  },
};
