import { cite, finding, verdict } from '../findings/finding.js';
import type { Diagnostic, Severity } from '../types.js';
import {
  describe,
  exchangesOf,
  isDeclared,
  itemsOf,
  mainSession,
  PRIMITIVE_PROBES,
  resultOf,
  SPEC,
  sessionRevision,
  skip,
} from './lib.js';
import type { Rule } from './rule.js';

/**
 * The sentence that obliges a server to declare what it serves, per capability (the same in every revision that has
 * the capability). logging's MUST binds a server that *emits* notifications/message, not one that only answers
 * logging/setLevel: a warning. 2024-11-05 has no `completions` capability at all (completion/complete is ungated).
 */
const RULE = new Map<string, { section: string; severity: Severity; since?: string }>([
  // "Servers that support tools MUST declare the tools capability"; the same sentence for resources, prompts, completions.
  ['tools', { section: 'server/tools#capabilities', severity: 'fail' }],
  ['resources', { section: 'server/resources#capabilities', severity: 'fail' }],
  ['prompts', { section: 'server/prompts#capabilities', severity: 'fail' }],
  ['logging', { section: 'server/utilities/logging#capabilities', severity: 'warn' }],
  ['completions', { section: 'server/utilities/completion#capabilities', severity: 'fail', since: '2025-03-26' }],
]);

export const capabilitiesDeclared: Rule = {
  id: 'capabilities-declared',
  title: 'every primitive that answers is declared',
  why: 'Hosts only call what the capabilities declare. A server that serves tools/list without declaring tools shows "No tools available" in ChatGPT and an empty tool list in Claude and VS Code, even though it works when called by hand.',
  fix: 'Declare each capability you serve in the initialize result (and in server/discover): tools, resources, prompts, logging, completions.',
  spec: `${SPEC}/basic/lifecycle#capability-negotiation`,
  run(t) {
    const session = mainSession(t);
    if (!session) return skip('no session was established');
    const revision = sessionRevision(t, session);
    const findings: Diagnostic[] = [];
    for (const probe of PRIMITIVE_PROBES) {
      if (isDeclared(session.capabilities, probe.capability)) continue;
      for (const x of exchangesOf(t, { conn: session.conn.id, method: probe.method, label: probe.label })) {
        const result = resultOf(t, x);
        if (!result) continue;
        const rule = RULE.get(probe.capability)!;
        const before = rule.since !== undefined && revision < rule.since;
        const severity: Severity = before ? 'info' : rule.severity;
        const section = before ? rule.section.replace(/#.*$/, '') : rule.section;
        const n = itemsOf(result, probe.method).length;
        const line = `${describe(t, x)} — answered${n ? ` with ${n} item(s)` : ''}, but "${probe.capability}" is not declared`;
        findings.push(
          finding('capabilities-declared/served-undeclared', severity, line, cite(revision, section), {
            args: { capability: probe.capability, method: probe.method },
            evidence: [line],
          }),
        );
      }
    }
    const declared = Object.keys(session.capabilities).join(', ') || 'nothing';
    const result = verdict(findings, { summary: `declared: ${declared}; nothing undeclared answered` });
    const serious = findings.filter((f) => f.severity === result.status);
    if (result.status === 'fail' || result.status === 'warn') {
      return {
        ...result,
        summary: `${serious.length} primitive(s) answer without being declared (declared: ${declared})`,
      };
    }
    return result;
  },
};
