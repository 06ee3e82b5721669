import { cite, finding, verdict } from '../findings/finding.js';
import { META } from '../protocol.js';
import type { Diagnostic } from '../types.js';
import { asObject, excerpt, incoming, isDeclared, type Msg, SPEC } from './lib.js';
import type { Rule } from './rule.js';

/** Server-to-client requests and the client capability each needs. */
const NEEDS: ReadonlyMap<string, string> = new Map([
  ['roots/list', 'roots'],
  ['sampling/createMessage', 'sampling'],
  ['elicitation/create', 'elicitation'],
]);

export const clientCapabilities: Rule = {
  id: 'client-capabilities',
  title: 'the server asks the client only for what the client declared',
  why:
    'A host that did not declare roots, sampling or elicitation has no handler for them: the request fails with ' +
    '-32601 and the tool call that needed it errors out or hangs. Servers must branch on the client capabilities ' +
    'they were given.',
  fix:
    'Read the client capabilities (initialize params, or the per-request _meta on 2026-07-28) and only send ' +
    'roots/list, sampling/createMessage or elicitation/create when the matching capability is declared; otherwise ' +
    'degrade.',
  spec: `${SPEC}/basic/lifecycle#capability-negotiation`,
  run(t) {
    const byKey = new Map<string, { method: string; capability: string; revision: string; lines: string[] }>();
    let sessions = 0;
    for (const c of t.connections) {
      const declared = declaredBy(t, c.id);
      const received = incoming(t, c.id);
      // A connection the server sent nothing on has nothing to judge (a server that never started passes nothing).
      if (!declared || received.length === 0) continue;
      sessions++;
      for (const e of received) {
        const m = e.message as Msg;
        const capability = typeof m.method === 'string' && 'id' in m ? NEEDS.get(m.method) : undefined;
        if (!capability || isDeclared(declared.capabilities, capability)) continue;
        const key = `${m.method as string}`;
        const entry = byKey.get(key) ?? {
          method: m.method as string,
          capability,
          revision: declared.revision,
          lines: [],
        };
        entry.lines.push(`${c.id}: ${excerpt(m, 140)}`);
        byKey.set(key, entry);
      }
    }
    if (sessions === 0)
      return {
        status: 'skip',
        summary: 'no session declared client capabilities and heard from the server',
        evidence: [],
      };
    const findings: Diagnostic[] = [...byKey.values()].map((h) =>
      finding(
        'client-capabilities/undeclared-request',
        'fail',
        `${h.method} sent although the client did not declare "${h.capability}"`,
        cite(h.revision, h.revision >= '2026-07-28' ? 'basic/patterns/mrtr' : 'basic/lifecycle#operation'),
        {
          args: { method: h.method, capability: h.capability, revision: h.revision, times: h.lines.length },
          evidence: h.lines.slice(0, 4),
        },
      ),
    );
    return verdict(findings, { summary: 'no request for an undeclared client capability' });
  },
};

/** What the client declared on a connection: the initialize params, or the modern envelope of a request. */
function declaredBy(
  t: Parameters<Rule['run']>[0],
  connId: string,
): { capabilities: Msg; revision: string } | undefined {
  for (const e of t.events) {
    if (e.conn !== connId || e.dir !== 'out' || e.kind !== 'message') continue;
    const m = e.message as Msg;
    const params = asObject(m.params);
    if (
      m.method === 'initialize' &&
      typeof params.protocolVersion === 'string' &&
      params.capabilities &&
      typeof params.capabilities === 'object'
    ) {
      return { capabilities: asObject(params.capabilities), revision: params.protocolVersion };
    }
    const meta = asObject(params._meta);
    if (typeof meta[META.protocolVersion] === 'string' && meta[META.clientCapabilities]) {
      return { capabilities: asObject(meta[META.clientCapabilities]), revision: String(meta[META.protocolVersion]) };
    }
  }
  return undefined;
}
