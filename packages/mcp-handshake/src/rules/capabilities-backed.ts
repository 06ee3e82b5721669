import { cite, finding, verdict } from '../findings/finding.js';
import { LABEL } from '../labels.js';
import type { Diagnostic, Exchange } from '../types.js';
import {
  asObject,
  describe,
  errorOf,
  exchangesOf,
  isDeclared,
  mainSession,
  noResultWhy,
  PRIMITIVE_PROBES,
  replyOf,
  resultOf,
  SPEC,
  sessionRevision,
  skip,
} from './lib.js';
import type { Rule } from './rule.js';

const KNOWN = new Set(['tools', 'resources', 'prompts', 'logging', 'completions']);

/*
 * Spec levels: no revision words "a server that declares X MUST answer X's methods" (lifecycle, capability
 * negotiation, only says what each capability offers; the MUSTs run the other way: "Servers that support tools MUST
 * declare the tools capability"). So an error answer to a declared capability's method is a warning. What does
 * fail: no answer at all (JSON-RPC 2.0 §5, "the Server MUST reply with a Response", which basic#messages makes a
 * MUST of every revision) and a result that is not an object (every revision's schema: `result` is an object).
 */
/*
 * The exception: the method a declared capability is defined by, which clients call right after the handshake
 * because it was declared (tools/list, resources/list, prompts/list: "To discover available tools, clients send a
 * tools/list request"; logging/setLevel: "To configure the minimum log level, clients MAY send a logging/setLevel
 * request"). Refusing it contradicts the declaration itself, and clients give up on such a server (MCP Inspector's
 * CLI does, for each of them: test/side-by-side.test.ts). The rule "where Inspector refuses a server, the
 * doctor fails it too" makes these failures; the other declared methods (subscribe, completion) warn.
 */
const CORE_METHODS = new Set(['tools/list', 'resources/list', 'prompts/list', 'logging/setLevel']);

export const capabilitiesBacked: Rule = {
  id: 'capabilities-backed',
  title: 'every declared capability works',
  why: 'Hosts call what is declared right after the handshake. A declared capability whose method is missing or hangs turns into an error banner, an empty panel, or a stuck "loading" in the host.',
  fix: 'Declare only what you implement; register a handler for every method of each declared capability (and resources/subscribe when subscribe is true).',
  spec: `${SPEC}/basic/lifecycle#capability-negotiation`,
  run(t) {
    const session = mainSession(t);
    if (!session) return skip('no session was established');
    const revision = sessionRevision(t, session);
    const findings: Diagnostic[] = [];
    const evidence: string[] = [];
    let probed = 0;
    /** A declared method that did not work: the finding its answer (or silence) calls for. */
    const broken = (x: Exchange, what: string, capability: string, section: string) => {
      const error = errorOf(t, x);
      const reply = replyOf(t, x);
      const why = error ? `error ${String(error.code)}` : noResultWhy(t, x);
      const message = `${x.method} does not work although ${what} is declared (${why})`;
      const args = { capability, method: x.method };
      const line = `${describe(t, x)}`;
      if (error && CORE_METHODS.has(x.method))
        findings.push(
          finding('capabilities-backed/core-refused', 'fail', message, cite(revision, section), {
            args,
            evidence: [`FAIL ${capability}: ${line}`],
          }),
        );
      else if (error)
        findings.push(
          finding('capabilities-backed/refused', 'warn', message, cite(revision, section), {
            args,
            evidence: [`WARN ${capability}: ${line}`],
          }),
        );
      else if (reply && 'result' in reply)
        findings.push(
          finding('capabilities-backed/result-not-object', 'fail', message, cite(revision, 'basic#responses'), {
            args,
            evidence: [`FAIL ${capability}: ${line}`],
          }),
        );
      else
        findings.push(
          finding('capabilities-backed/no-answer', 'fail', message, cite(revision, 'basic#messages'), {
            args,
            evidence: [`FAIL ${capability}: ${line}`],
          }),
        );
    };
    for (const probe of PRIMITIVE_PROBES) {
      if (!isDeclared(session.capabilities, probe.capability)) continue;
      const x = exchangesOf(t, { conn: session.conn.id, method: probe.method, label: probe.label })[0];
      if (!x) continue;
      probed++;
      const error = errorOf(t, x);
      // Resource templates are optional under `resources`: the spec has no MUST for templates/list.
      if (probe.method === 'resources/templates/list' && error?.code === -32601) {
        const message =
          'resources/templates/list: -32601 — templates are optional under "resources" (hosts treat it as none)';
        findings.push(
          finding(
            'capabilities-backed/templates-not-served',
            'info',
            message,
            cite(revision, 'server/resources#resource-templates'),
            { evidence: [`INFO ${message}: ${describe(t, x)}`] },
          ),
        );
        continue;
      }
      // completion/complete may legitimately refuse our guessed ref with -32602: it answered.
      const ok =
        resultOf(t, x) !== undefined ||
        (probe.capability === 'completions' && error !== undefined && error.code !== -32601);
      if (ok) evidence.push(`PASS ${probe.capability}: ${describe(t, x)}`);
      else broken(x, `"${probe.capability}"`, probe.capability, 'basic/lifecycle#capability-negotiation');
    }
    const resources = asObject(session.capabilities.resources);
    if (resources.subscribe === true) {
      const x = exchangesOf(t, { conn: session.conn.id, label: LABEL.probeSubscribe })[0];
      if (x) {
        probed++;
        if (resultOf(t, x) !== undefined) evidence.push(`PASS resources.subscribe: ${describe(t, x)}`);
        else broken(x, 'resources.subscribe', 'resources.subscribe', 'server/resources#subscriptions');
      } else evidence.push('SKIP resources.subscribe: no resource to subscribe to');
    }
    for (const name of ['tools', 'resources', 'prompts']) {
      if (asObject(session.capabilities[name]).listChanged === true)
        evidence.push(
          `INFO ${name}.listChanged: cannot be triggered from outside; list-changed watches the drift window`,
        );
    }
    for (const name of Object.keys(session.capabilities))
      if (!KNOWN.has(name)) evidence.push(`INFO ${name}: not probed`);
    const summary =
      probed === 0 ? 'no probeable capability is declared' : `every declared capability answered (${session.era} wire)`;
    return verdict(findings, { summary, evidence });
  },
};
