import type { Check, CheckStatus, Exchange } from '../types.js';
import { describe, errorOf, exchangesOf, isDeclared, mainSession, outcome, PRIMITIVE_PROBES, resultOf, skip, SPEC, worst } from './lib.js';
import { LABEL } from '../labels.js';

export const undeclaredMethods: Check = {
  id: 'undeclared-methods',
  title: 'unknown and undeclared methods get -32601 promptly',
  why: 'Hosts and SDKs probe optional methods and treat -32601 as "not supported". A hang blocks the host until its timeout (often 60 s per call); a crash kills the whole connection; another error code is shown to the user as a failure.',
  fix: 'Route every method without a handler to a -32601 "Method not found" error that echoes the id — including methods of capabilities you did not declare.',
  spec: `${SPEC}/basic/lifecycle#capability-negotiation`,
  run(t) {
    const statuses: CheckStatus[] = [];
    const evidence: string[] = [];
    const problems: string[] = [];
    const judge = (x: Exchange, what: string, wrongCode: CheckStatus) => {
      const error = errorOf(t, x);
      let status: CheckStatus;
      if (error && error.code === -32601) status = 'pass';
      else if (error) status = wrongCode;
      else if (resultOf(t, x)) return; // an answer with a result is capabilities-declared's finding
      else status = 'fail';
      statuses.push(status);
      evidence.push(`${status.toUpperCase()} ${what}: ${describe(t, x)}`);
      if (status !== 'pass') problems.push(`${x.method}: ${error ? `error ${String(error.code)} instead of -32601` : x.outcome === 'timeout' ? 'no answer (hang)' : x.outcome === 'closed' ? 'the connection died' : 'no JSON-RPC answer'}`);
    };
    for (const x of exchangesOf(t, { label: LABEL.unknownMethod })) judge(x, 'unknown method', 'fail');
    const session = mainSession(t);
    if (session) {
      for (const probe of PRIMITIVE_PROBES) {
        if (isDeclared(session.capabilities, probe.capability)) continue;
        for (const x of exchangesOf(t, { conn: session.conn.id, method: probe.method, label: probe.label })) judge(x, `undeclared ${probe.capability}`, 'warn');
      }
    }
    if (statuses.length === 0) return skip('no unknown or undeclared method was sent');
    const status = worst(statuses);
    return outcome(status, status === 'pass' ? `${statuses.length} unknown/undeclared method call(s) got -32601` : problems.join('; '), evidence);
  },
};
