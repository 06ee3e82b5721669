import { cite, finding, verdict } from '../findings/finding.js';
import { LABEL } from '../labels.js';
import type { Diagnostic } from '../types.js';
import { asObject, exchangesOf, mainSession, resultOf, sentOf, skip } from './lib.js';
import type { Rule } from './rule.js';

const PAGINATION = cite('2025-11-25', 'server/utilities/pagination');

/**
 * A listing's `nextCursor` leads to an end. A cursor that names a page already fetched makes
 * every client that follows cursors loop (or stop at its own page limit with a partial list).
 */
export const pagination: Rule = {
  id: 'pagination',
  title: 'nextCursor leads to the end of the list',
  why: 'Hosts follow nextCursor until it is absent. A cursor that points back to a page already fetched loops forever in a naive client, and leaves careful ones (the doctor included) with a partial list.',
  fix: 'Give each page a cursor that moves forward (an offset or the last key), and leave nextCursor out of the last page.',
  spec: PAGINATION.url,
  run(t) {
    const session = mainSession(t);
    if (!session) return skip('no session was established');
    const found: Diagnostic[] = [];
    let pages = 0;
    for (const method of ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']) {
      const followed = new Set<string>();
      for (const x of exchangesOf(t, { conn: session.conn.id, method, labelPrefix: LABEL.firstListing })) {
        const result = resultOf(t, x);
        if (!result) continue;
        pages++;
        const sent = asObject(sentOf(t, x)?.params).cursor;
        if (typeof sent === 'string') followed.add(sent);
        const next = result.nextCursor;
        if (typeof next === 'string' && followed.has(next)) {
          const message = `${method}: nextCursor "${next}" names a page already fetched — following it would fetch the same pages again, forever`;
          found.push(
            finding('pagination/cursor-loop', 'warn', message, PAGINATION, {
              args: { method, cursor: next },
              evidence: [`${x.conn}: ${method} [${x.label}] → nextCursor ${JSON.stringify(next)}`],
            }),
          );
          break;
        }
      }
    }
    if (pages === 0) return skip('nothing was listed');
    return verdict(found, { summary: `${pages} listed page(s): every nextCursor moves forward` });
  },
};
