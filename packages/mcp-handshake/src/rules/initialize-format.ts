import { cite, finding, verdict } from '../findings/finding.js';
import { LABEL } from '../labels.js';
import { malformedVariants } from '../probes/malformed.js';
import { FALLBACK_LEGACY_VERSION } from '../protocol.js';
import type { Diagnostic } from '../types.js';
import { connsBy, describe, errorOf, exchangesOf, keepsSessions, resultOf, SPEC, skip } from './lib.js';
import type { Rule } from './rule.js';

const EXPECTED = new Map(malformedVariants().map((v) => [v.name, v.expectedCode]));

/*
 * Spec levels (every legacy revision, basic#messages: "All messages … MUST follow the JSON-RPC 2.0 specification"):
 * - JSON-RPC 2.0 §5 "the Server MUST reply with a Response, except for in the case of Notifications": no answer
 *   to a request, a broken connection, or no result for a valid initialize fail.
 * - JSON-RPC 2.0 §5.1 lists -32600/-32601/-32602 without a MUST to use them, and no revision obliges a server to
 *   refuse a malformed request: a wrong code, an accepted malformed request, a 4xx without a body warn.
 * - A message without "jsonrpc" is no JSON-RPC request, so the reply MUST above does not bind: a warning (the
 *   official SDKs drop it silently on stdio).
 * - Over HTTP, a server keeping sessions SHOULD answer a request without Mcp-Session-Id, other than initialization,
 *   with 400 (2025-11-25 transports#session-management): that is the right answer to `init`. The malformed
 *   initializes are initialization requests, so a 400 there still warns (-32602 was due).
 */
export const initializeFormat: Rule = {
  id: 'initialize-format',
  title: 'malformed initialize requests get proper JSON-RPC errors',
  why: 'A client with a bug, an old client or a proxy that mangles the request must get an error it can show, with the id it can match, instead of waiting for its timeout; and one bad request must not take the server down for the next.',
  fix: 'Validate the request before dispatch: -32600 for a message that is not JSON-RPC 2.0, -32601 for an unknown method, -32602 for bad params, always echoing the id. Never let a validation error escape as -32603 or kill the process.',
  spec: `${SPEC}/basic#requests`,
  run(t) {
    const c = connsBy(t, 'malformed')[0];
    if (!c) return skip('the legacy era was not probed');
    const revision = c.version ?? FALLBACK_LEGACY_VERSION;
    const messages = cite(revision, 'basic#messages');
    const responses = cite(revision, 'basic#responses');
    const findings: Diagnostic[] = [];
    const evidence: string[] = [];
    let judged = 0;
    // A server that keeps sessions SHOULD answer a request without Mcp-Session-Id (other than initialization) with
    // HTTP 400 (2025-11-25 transports#session-management): `init` is no initialization, so that 400 is right.
    const sessionsKept = keepsSessions(t);
    for (const x of exchangesOf(t, { conn: c.id, labelPrefix: LABEL.variantPrefix })) {
      judged++;
      const name = x.label!.slice(LABEL.variantPrefix.length);
      const expected = EXPECTED.get(name);
      const error = errorOf(t, x);
      const line = describe(t, x);
      const add = (code: string, severity: 'fail' | 'warn', note: string, where = responses) => {
        findings.push(
          finding(`initialize-format/${code}`, severity, `${name}: ${note}`, where, {
            args: { variant: name, expected },
            evidence: [`${severity.toUpperCase()} ${name}: ${line} — ${note}`],
          }),
        );
      };
      if (name === 'method-init' && sessionsKept && x.httpStatus === 400) {
        evidence.push(
          `PASS ${name}: ${line} — HTTP 400 to a request without a session id, as a server keeping sessions SHOULD answer`,
        );
      } else if (x.outcome === 'reply' && error) {
        if (error.code === expected) evidence.push(`PASS ${name}: ${line}`);
        else add('wrong-error-code', 'warn', `expected ${expected}`);
      } else if (x.outcome === 'reply') add('accepted-malformed', 'warn', 'accepted a malformed initialize');
      else if (x.outcome === 'timeout' && name === 'no-jsonrpc') {
        add('invalid-request-dropped', 'warn', `no answer; expected error ${expected}`);
      } else if (x.outcome === 'timeout') add('no-answer', 'fail', `no answer; expected error ${expected}`, messages);
      else if (x.outcome === 'transport-error' && (x.httpStatus ?? 0) >= 400 && (x.httpStatus ?? 0) < 500) {
        const where = cite(revision, 'basic/transports');
        add(
          'http-error-without-body',
          'warn',
          `HTTP ${x.httpStatus} without a JSON-RPC error; expected error ${expected}`,
          where,
        );
      } else add('connection-broke', 'fail', 'the connection broke', messages);
    }
    const usable = exchangesOf(t, { conn: c.id, label: LABEL.usableCheck })[0];
    if (usable) {
      judged++;
      if (resultOf(t, usable) !== undefined) evidence.push(`PASS still usable: ${describe(t, usable)}`);
      else {
        const line = `FAIL still usable: ${describe(t, usable)}`;
        const message = 'a valid initialize after the malformed ones was not answered with a result';
        findings.push(
          finding(
            'initialize-format/unusable-after',
            'fail',
            message,
            cite(revision, 'basic/lifecycle#initialization'),
            { evidence: [line] },
          ),
        );
      }
    }
    if (judged === 0) return skip('no malformed initialize was sent');
    return verdict(findings, {
      summary: 'every malformed initialize got the right JSON-RPC error, and the server stayed usable',
      evidence,
    });
  },
};
