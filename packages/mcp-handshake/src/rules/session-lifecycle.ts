import { cite, finding, verdict } from '../findings/finding.js';
import type { Diagnostic } from '../types.js';
import { SPEC } from './lib.js';
import type { Rule } from './rule.js';
import { brief, isRequest, isResponse, type SessionView, type WireMessage } from './sessions.js';

/** Sent before the handshake is over without breaking it (lifecycle: pings; the server may also log). */
const CLIENT_ALLOWED = new Set(['ping', 'initialize']);
const SERVER_ALLOWED = new Set(['ping', 'notifications/message']);

/**
 * Legacy lifecycle as it happened: the client waits for the initialize answer, then sends
 * `initialized`, then works; the server sends nothing but pings and logs until `initialized`.
 */
export const sessionLifecycle: Rule = {
  id: 'session-lifecycle',
  title: 'the handshake happened in order on both sides',
  why: 'Until initialize is answered and notifications/initialized sent, a strict peer refuses anything else: a client that hurries, or a server that talks first, works with lenient peers and fails with strict ones.',
  fix: 'Client: wait for the initialize answer, send notifications/initialized, then work. Server: send nothing but pings and logs before notifications/initialized.',
  spec: `${SPEC}/basic/lifecycle#initialization`,
  // On a doctor run lifecycle-order judges the server's side with its own timed window.
  judges: 'host',
  run(_t, { sessions }) {
    const out: Diagnostic[] = [];
    for (const v of sessions.filter((s) => s.era === 'legacy' && s.initializeSeq !== undefined)) out.push(...check(v));
    return verdict(out, { summary: 'the handshake happened in order on both sides' });
  },
};

function check(v: SessionView): Diagnostic[] {
  const out: Diagnostic[] = [];
  const where = cite(v.version, 'basic/lifecycle#initialization');
  const answered = v.initializeAnswerSeq ?? Infinity;
  const ready = v.initializedSeq ?? Infinity;
  // Before the answer, or before initialized, whichever comes later: a client that sends initialized too early
  // has not waited for the answer either.
  const early = (m: WireMessage) =>
    m.seq > v.initializeSeq! && m.seq < Math.max(answered === Infinity ? ready : answered, ready);
  const clientEarly = v.messages.filter(
    (m) => m.from === 'client' && early(m) && isRequest(m.message) && !CLIENT_ALLOWED.has(String(m.message.method)),
  );
  if (v.initializedSeq !== undefined && v.initializedSeq < answered) {
    const m = v.messages.find((x) => x.seq === v.initializedSeq)!;
    out.push(
      finding(
        'session-lifecycle/initialized-before-result',
        'warn',
        `${v.conn}: the client sent notifications/initialized before the initialize answer`,
        where,
        { party: 'client', args: { conn: v.conn }, evidence: [brief(m)] },
      ),
    );
  }
  for (const m of clientEarly) {
    const beforeAnswer = m.seq < answered;
    out.push(
      finding(
        `session-lifecycle/${beforeAnswer ? 'request-before-initialize-result' : 'request-before-initialized'}`,
        'warn',
        `${v.conn}: the client sent ${String(m.message.method)} before ` +
          (beforeAnswer ? 'the initialize answer' : 'notifications/initialized'),
        where,
        { party: 'client', args: { conn: v.conn, method: m.message.method }, evidence: [brief(m)] },
      ),
    );
    const answer = v.messages.find(
      (r) =>
        r.from === 'server' &&
        isResponse(r.message) &&
        JSON.stringify(r.message.id) === JSON.stringify(m.message.id) &&
        'result' in r.message &&
        v.initializedSeq !== undefined &&
        r.seq < v.initializedSeq,
    );
    if (answer) {
      out.push(
        finding(
          'session-lifecycle/answered-before-initialized',
          'warn',
          `${v.conn}: the server answered ${String(m.message.method)} before notifications/initialized, ` +
            'so a client that skips initialized works here and fails on stricter servers',
          where,
          { party: 'server', args: { conn: v.conn, method: m.message.method }, evidence: [brief(answer)] },
        ),
      );
    }
  }
  if (
    v.initializeAnswerSeq !== undefined &&
    v.initializedSeq === undefined &&
    v.messages.some((m) => m.from === 'client' && m.seq > answered && isRequest(m.message))
  ) {
    out.push(
      finding(
        'session-lifecycle/initialized-missing',
        'fail',
        `${v.conn}: the client never sent notifications/initialized but went on with requests`,
        where,
        { party: 'client', args: { conn: v.conn } },
      ),
    );
  }
  for (const m of v.messages.filter(
    (x) =>
      x.from === 'server' &&
      early(x) &&
      typeof x.message.method === 'string' &&
      !SERVER_ALLOWED.has(String(x.message.method)),
  )) {
    out.push(
      finding(
        'session-lifecycle/server-message-before-initialized',
        'warn',
        `${v.conn}: the server sent ${String(m.message.method)} before notifications/initialized`,
        where,
        { party: 'server', args: { conn: v.conn, method: m.message.method }, evidence: [brief(m)] },
      ),
    );
  }
  return out;
}
