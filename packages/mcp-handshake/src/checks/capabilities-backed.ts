import type { Check, CheckStatus } from '../types.js';
import { asObject, describe, errorOf, exchangesOf, isDeclared, mainSession, outcome, PRIMITIVE_PROBES, resultOf, skip, SPEC, worst } from './lib.js';
import { LABEL } from '../labels.js';

const KNOWN = new Set(['tools', 'resources', 'prompts', 'logging', 'completions']);

export const capabilitiesBacked: Check = {
  id: 'capabilities-backed',
  title: 'every declared capability works',
  why: 'Hosts call what is declared right after the handshake. A declared capability whose method is missing or hangs turns into an error banner, an empty panel, or a stuck "loading" in the host.',
  fix: 'Declare only what you implement; register a handler for every method of each declared capability (and resources/subscribe when subscribe is true).',
  spec: `${SPEC}/basic/lifecycle#capability-negotiation`,
  run(t) {
    const session = mainSession(t);
    if (!session) return skip('no session was established');
    const statuses: CheckStatus[] = [];
    const evidence: string[] = [];
    const problems: string[] = [];
    for (const probe of PRIMITIVE_PROBES) {
      if (!isDeclared(session.capabilities, probe.capability)) continue;
      const x = exchangesOf(t, { conn: session.conn.id, method: probe.method, label: probe.label })[0];
      if (!x) continue;
      const error = errorOf(t, x);
      // completion/complete may legitimately refuse our guessed ref with -32602: it answered.
      const ok = resultOf(t, x) !== undefined || (probe.capability === 'completions' && error !== undefined && error.code !== -32601);
      statuses.push(ok ? 'pass' : 'fail');
      evidence.push(`${ok ? 'PASS' : 'FAIL'} ${probe.capability}: ${describe(t, x)}`);
      if (!ok) problems.push(`${probe.method} does not work although "${probe.capability}" is declared`);
    }
    const resources = asObject(session.capabilities.resources);
    if (resources.subscribe === true) {
      const x = exchangesOf(t, { conn: session.conn.id, label: LABEL.probeSubscribe })[0];
      if (x) {
        const ok = resultOf(t, x) !== undefined;
        statuses.push(ok ? 'pass' : 'fail');
        evidence.push(`${ok ? 'PASS' : 'FAIL'} resources.subscribe: ${describe(t, x)}`);
        if (!ok) problems.push('resources/subscribe is refused although resources.subscribe is true');
      } else evidence.push('SKIP resources.subscribe: no resource to subscribe to');
    }
    for (const name of ['tools', 'resources', 'prompts']) {
      if (asObject(session.capabilities[name]).listChanged === true) evidence.push(`INFO ${name}.listChanged: cannot be triggered from outside; list-changed watches the drift window`);
    }
    for (const name of Object.keys(session.capabilities)) if (!KNOWN.has(name)) evidence.push(`INFO ${name}: not probed`);
    if (statuses.length === 0) return outcome('pass', 'no probeable capability is declared', evidence);
    const status = worst(statuses);
    return outcome(status, status === 'pass' ? `every declared capability answered (${session.era} wire)` : problems.join('; '), evidence);
  },
};
