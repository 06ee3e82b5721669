import { cite, finding, verdict } from '../findings/finding.js';
import { CONN, LABEL } from '../labels.js';
import type { Diagnostic } from '../types.js';
import { connsBy, describe, exchangesOf, issuedSessionId, resultOf, skip } from './lib.js';
import type { Rule } from './rule.js';

const SESSIONS = cite('2025-11-25', 'basic/transports#session-management');

export const httpSession: Rule = {
  id: 'http-session',
  title: 'sessions: an id is issued before it is required, and an ended one gets 404',
  why: 'A client can only send the Mcp-Session-Id it was given with the initialize answer. A server that requires one it never issued refuses every request after initialize; one that answers an ended session with anything but 404 keeps clients from knowing they must start a new session.',
  fix: 'Return Mcp-Session-Id on the HTTP response to initialize when you keep sessions (or keep none and require none); after DELETE (or expiry), answer requests carrying that id with 404 Not Found.',
  spec: SESSIONS.url,
  run(t) {
    if (t.transport !== 'http') return skip('not an HTTP target');
    const found: Diagnostic[] = [];
    const evidence: string[] = [];
    // Issued before required: the main session's initialize head carries the id its later requests need.
    // What was judged, for the summary: a pass says only that.
    const judged: string[] = [];
    for (const c of connsBy(t, 'main')) {
      const issued = issuedSessionId(t, c.id);
      if (issued === undefined) continue; // no initialize result, or HTTP+SSE (answers come on the stream)
      const init = exchangesOf(t, { conn: c.id, label: LABEL.initialize })[0];
      judged.push(issued ? 'issued with initialize' : 'none issued, none required');
      const refused = t.exchanges.filter(
        (x) =>
          x.conn === c.id &&
          x.sentSeq > init.sentSeq &&
          (x.httpStatus === 400 || x.httpStatus === 404) &&
          !resultOf(t, x),
      );
      evidence.push(`${c.id}: initialize ${issued ? 'issued' : 'issued no'} Mcp-Session-Id`);
      if (
        !issued &&
        refused.length > 0 &&
        refused.length === t.exchanges.filter((x) => x.conn === c.id && x.sentSeq > init.sentSeq).length
      ) {
        const message = `no Mcp-Session-Id came with the initialize answer, yet every later request was refused (HTTP ${refused[0].httpStatus}): the server requires a session it never issued`;
        found.push(
          finding('http-session/required-not-issued', 'fail', message, SESSIONS, {
            args: { httpStatus: refused[0].httpStatus },
            evidence: refused.slice(0, 3).map((x) => describe(t, x)),
          }),
        );
      }
    }
    // Ended: DELETE accepted, then the same id must get 404.
    const del = t.events.find(
      (e) => e.conn === CONN.httpSession && e.kind === 'http' && e.dir === 'in' && e.http?.method === 'DELETE',
    );
    const after = exchangesOf(t, { conn: CONN.httpSession, label: LABEL.afterDelete })[0];
    if (del?.http?.status === 405) {
      evidence.push('DELETE → 405: the server does not let clients end sessions (allowed)');
      judged.push('clients may not end them (DELETE → 405, allowed)');
    } else if (after) {
      const line = describe(t, after);
      evidence.push(`DELETE → HTTP ${del?.http?.status}; then ${line}`);
      if (after.httpStatus === 404) judged.push('an ended session gets 404');
      else {
        const message = `after DELETE ended the session, a request with its id got ${after.httpStatus !== undefined ? `HTTP ${after.httpStatus}` : after.outcome}, not 404 Not Found`;
        found.push(
          finding('http-session/ended-not-404', 'fail', message, SESSIONS, {
            args: { httpStatus: after.httpStatus },
            evidence: [line],
          }),
        );
      }
    }
    if (evidence.length === 0) return skip('no HTTP session to judge');
    return verdict(found, {
      summary: `session ids: ${judged.join('; ') || 'nothing to judge'}`,
      evidence,
    });
  },
};
