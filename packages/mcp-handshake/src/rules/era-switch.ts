import { cite, finding, verdict } from '../findings/finding.js';
import { hostsAt } from '../findings/hosts.js';
import type { Diagnostic } from '../types.js';
import { SPEC } from './lib.js';
import type { Rule } from './rule.js';
import { brief, isResponse, type Msg, type WireMessage } from './sessions.js';

const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/**
 * A client that probes `server/discover` and then sends `initialize` on the same stdio
 * connection. After a DiscoverResult the client had the modern wire and left it: a -32022
 * to its initialize is its own doing. Whether one stdio connection may change eras is not
 * said by the spec: a server that accepts both is noted as such.
 */
export const eraSwitch: Rule = {
  id: 'era-switch',
  title: 'one stdio connection keeps the era it started with',
  why: 'A host that probed the 2026-07-28 wire and then sent initialize on the same stdio connection relies on the server accepting both; a server that refuses the second era leaves that host without a session.',
  fix: 'Server: accept initialize after a server/discover probe on one stdio connection (the SDKs do). Client: after a DiscoverResult, stay on the modern wire.',
  spec: `${SPEC}/basic/versioning`,
  judges: 'host',
  run(t, { sessions }) {
    if (t.transport !== 'stdio') return { status: 'skip', summary: 'not a stdio session', evidence: [] };
    const out: Diagnostic[] = [];
    for (const v of sessions) {
      const answerTo = (req: WireMessage | undefined) =>
        req &&
        v.messages.find(
          (m) =>
            m.from === 'server' &&
            m.seq > req.seq &&
            isResponse(m.message) &&
            JSON.stringify(m.message.id) === JSON.stringify(req.message.id),
        );
      const discover = v.messages.find((m) => m.from === 'client' && m.message.method === 'server/discover');
      const init = v.messages.find(
        (m) => m.from === 'client' && m.message.method === 'initialize' && discover && m.seq > discover.seq,
      );
      if (!discover || !init) continue;
      const discovered = answerTo(discover);
      const answered = answerTo(init);
      const error = answered?.message.error as Msg | undefined;
      const gotModern = discovered && 'result' in discovered.message;
      const evidence = [discover, discovered, init, answered]
        .filter((m): m is WireMessage => m !== undefined)
        .map(brief);
      if (error?.code === UNSUPPORTED_PROTOCOL_VERSION) {
        out.push(
          finding(
            'era-switch/initialize-after-discover',
            'fail',
            gotModern
              ? `${v.conn}: the client got a DiscoverResult, then sent initialize on the same stdio connection ` +
                  'and was refused (-32022): it should have stayed on the modern wire'
              : `${v.conn}: server/discover failed, then initialize on the same connection was refused (-32022): ` +
                  'the server offers neither era here',
            cite('2026-07-28', 'basic/lifecycle'),
            {
              party: gotModern ? 'client' : 'server',
              args: { conn: v.conn },
              evidence,
              hosts: hostsAt('discover-probe', 'stdio'), // none: no host of that fact connects over stdio
            },
          ),
        );
      } else if (gotModern && answered && 'result' in answered.message) {
        out.push(
          finding(
            'era-switch/both-eras-on-one-connection',
            'info',
            `${v.conn}: after a DiscoverResult the client sent initialize on the same connection and the server ` +
              'accepted it; the spec does not say whether one stdio connection may change eras',
            cite('2026-07-28', 'basic/lifecycle'),
            { party: 'spec', args: { conn: v.conn }, evidence },
          ),
        );
      }
    }
    return verdict(out, { summary: 'each stdio connection kept its era, or the server accepted the switch' });
  },
};
