import type { Check } from '../types.js';
import { describe, exchangesOf, isDeclared, itemsOf, mainSession, outcome, PRIMITIVE_PROBES, resultOf, skip, SPEC } from './lib.js';

export const capabilitiesDeclared: Check = {
  id: 'capabilities-declared',
  title: 'every primitive that answers is declared',
  why: 'Hosts only call what the capabilities declare. A server that serves tools/list without declaring tools shows "No tools available" in ChatGPT and an empty tool list in Claude and VS Code, even though it works when called by hand.',
  fix: 'Declare each capability you serve in the initialize result (and in server/discover): tools, resources, prompts, logging, completions.',
  spec: `${SPEC}/basic/lifecycle#capability-negotiation`,
  run(t) {
    const session = mainSession(t);
    if (!session) return skip('no session was established');
    const evidence: string[] = [];
    for (const probe of PRIMITIVE_PROBES) {
      if (isDeclared(session.capabilities, probe.capability)) continue;
      for (const x of exchangesOf(t, { conn: session.conn.id, method: probe.method, label: probe.label })) {
        const result = resultOf(t, x);
        if (!result) continue;
        const n = itemsOf(result, probe.method).length;
        evidence.push(`${describe(t, x)} — answered${n ? ` with ${n} item(s)` : ''}, but "${probe.capability}" is not declared`);
      }
    }
    const declared = Object.keys(session.capabilities).join(', ') || 'nothing';
    if (evidence.length > 0) return outcome('fail', `${evidence.length} primitive(s) answer without being declared (declared: ${declared})`, evidence);
    return outcome('pass', `declared: ${declared}; nothing undeclared answered`);
  },
};
