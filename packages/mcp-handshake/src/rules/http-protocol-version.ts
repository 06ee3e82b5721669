import { cite, finding, verdict } from '../findings/finding.js';
import { CONN, LABEL } from '../labels.js';
import { describe, exchangesOf, resultOf, skip } from './lib.js';
import type { Rule } from './rule.js';

const HEADER = cite('2025-11-25', 'basic/transports#protocol-version-header');

export const httpProtocolVersion: Rule = {
  id: 'http-protocol-version',
  title: 'an unsupported MCP-Protocol-Version header gets 400',
  why: 'From 2025-06-18 on, clients send the negotiated revision in MCP-Protocol-Version on every request. A server that ignores a wrong one serves a client on rules it never agreed to; answering 400 is what lets the client notice and reconnect.',
  fix: 'Read MCP-Protocol-Version on every request after initialize and answer 400 Bad Request when it names a revision you do not support (the SDKs do this in their transports).',
  spec: HEADER.url,
  run(t) {
    if (t.transport !== 'http') return skip('not an HTTP target');
    const init = exchangesOf(t, { conn: CONN.httpSession, label: LABEL.initialize })[0];
    const negotiated = resultOf(t, init)?.protocolVersion;
    if (typeof negotiated !== 'string') return skip('no session for the header probe');
    if (negotiated < '2025-06-18')
      return skip(`the session negotiated ${negotiated}, before the header existed (2025-06-18)`);
    const x = exchangesOf(t, { conn: CONN.httpSession, label: LABEL.badVersionHeader })[0];
    if (!x) return skip('the header probe was not sent');
    const line = describe(t, x);
    if (x.httpStatus === 400)
      return verdict([], { summary: 'MCP-Protocol-Version: 1999-01-01 is refused with 400', evidence: [line] });
    const message = `a request with MCP-Protocol-Version: 1999-01-01 got ${x.httpStatus !== undefined ? `HTTP ${x.httpStatus}` : x.outcome}${resultOf(t, x) ? ' and was served' : ''}, not 400 Bad Request`;
    return verdict(
      [
        finding('http-protocol-version/not-400', 'fail', message, HEADER, {
          args: { httpStatus: x.httpStatus, negotiated },
          evidence: [line],
        }),
      ],
      { summary: message },
    );
  },
};
