import { cite, finding, verdict } from '../findings/finding.js';
import { LABEL } from '../labels.js';
import { exchangesOf, itemsOf, mainSession, outcome, resultOf, SPEC, sessionRevision, skip } from './lib.js';
import type { Rule } from './rule.js';

export const emptyDiscovery: Rule = {
  id: 'empty-discovery',
  title: 'the server offers something',
  why: 'A server with no tools, resources or prompts connects fine and then does nothing: ChatGPT shows "No tools available", other hosts an empty panel. Usually a missing data file, a failed registration or a feature flag.',
  fix: 'Rule that tools are registered before connect() and that the data they depend on loaded; the server logs on stderr usually say why.',
  spec: `${SPEC}/server/tools#listing-tools`,
  run(t) {
    const session = mainSession(t);
    if (!session) return skip('no session was established');
    const counts: Record<string, number> = {};
    for (const method of ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']) {
      counts[method] = exchangesOf(t, { conn: session.conn.id, method, labelPrefix: LABEL.firstListing }).reduce(
        (n, x) => n + itemsOf(resultOf(t, x), method).length,
        0,
      );
    }
    const line = Object.entries(counts)
      .map(([m, n]) => `${m.replace('/list', '')}: ${n}`)
      .join(', ');
    if (Object.values(counts).every((n) => n === 0)) {
      // No revision requires a server to offer anything, and hosts show an empty server correctly (no host
      // mishandles it): a fact worth seeing, not a warning.
      const message = 'the handshake succeeds but there are no tools, resources or prompts';
      const where = cite(sessionRevision(t, session), 'server/tools#listing-tools');
      const found = finding('empty-discovery/nothing-offered', 'info', message, where, {
        args: counts,
        evidence: [line],
      });
      return verdict([found], { summary: message, status: 'info' });
    }
    return outcome('pass', line);
  },
};
