import { cite, finding, verdict } from '../findings/finding.js';
import { LABEL } from '../labels.js';
import { isModernVersion } from '../protocol.js';
import type { Diagnostic, Exchange } from '../types.js';
import {
  describe,
  errorOf,
  exchangesOf,
  isDeclared,
  mainSession,
  noResultWhy,
  PRIMITIVE_PROBES,
  replyOf,
  resultOf,
  revisionOf,
  SPEC,
  skip,
} from './lib.js';
import type { Rule } from './rule.js';

/*
 * Spec levels: every revision requires JSON-RPC 2.0 (basic#messages: "All messages … MUST follow the JSON-RPC 2.0
 * specification"), whose §5 says "the Server MUST reply with a Response": a hang or a crash fails. JSON-RPC 2.0 §5.1
 * names -32601 "Method not found: The method does not exist / is not available" without a MUST, and no MCP revision
 * adds one (2026-07-28 schema, MethodNotFoundError, describes it: "a server returns this error when a client invokes
 * a method the server does not implement"): another code, or a non-object result, is a warning.
 */
export const undeclaredMethods: Rule = {
  id: 'undeclared-methods',
  title: 'unknown and undeclared methods get -32601 promptly',
  why: 'Hosts and SDKs probe optional methods and treat -32601 as "not supported". A hang blocks the host until its timeout (often 60 s per call); a crash kills the whole connection; another error code is shown to the user as a failure.',
  fix: 'Route every method without a handler to a -32601 "Method not found" error that echoes the id — including methods of capabilities you did not declare.',
  spec: `${SPEC}/basic/lifecycle#capability-negotiation`,
  run(t) {
    const findings: Diagnostic[] = [];
    const evidence: string[] = [];
    let judged = 0;
    const judge = (x: Exchange, what: string) => {
      const error = errorOf(t, x);
      if (!error && resultOf(t, x)) return; // an answer with a result is capabilities-declared's finding
      judged++;
      const line = describe(t, x);
      if (error?.code === -32601) {
        evidence.push(`PASS ${what}: ${line}`);
        return;
      }
      const revision = revisionOf(t, x.conn);
      const args = { method: x.method, what };
      // An answer, but `result: null` (or a non-object): wrong like another error code, not a hang.
      const answered = error !== undefined || (replyOf(t, x) !== undefined && 'result' in replyOf(t, x)!);
      if (answered) {
        const code = error ? 'wrong-error-code' : 'result-not-object';
        const message = `${x.method}: ${error ? `error ${String(error.code)} instead of -32601` : noResultWhy(t, x)}`;
        findings.push(
          finding(
            `undeclared-methods/${code}`,
            'warn',
            message,
            cite(revision, isModernVersion(revision) ? 'basic#error-codes' : 'basic#responses'),
            { args, evidence: [`WARN ${what}: ${line}`] },
          ),
        );
      } else {
        const message = `${x.method}: ${noResultWhy(t, x)}`;
        findings.push(
          finding('undeclared-methods/no-answer', 'fail', message, cite(revision, 'basic#messages'), {
            args,
            evidence: [`FAIL ${what}: ${line}`],
          }),
        );
      }
    };
    for (const x of exchangesOf(t, { label: LABEL.unknownMethod })) judge(x, 'unknown method');
    const session = mainSession(t);
    if (session) {
      for (const probe of PRIMITIVE_PROBES) {
        if (isDeclared(session.capabilities, probe.capability)) continue;
        for (const x of exchangesOf(t, { conn: session.conn.id, method: probe.method, label: probe.label }))
          judge(x, `undeclared ${probe.capability}`);
      }
    }
    if (judged === 0) return skip('no unknown or undeclared method was sent');
    return verdict(findings, { summary: `${judged} unknown/undeclared method call(s) got -32601`, evidence });
  },
};
