import { cite, finding, verdict } from '../findings/finding.js';
import { hostsAt } from '../findings/hosts.js';
import type { Diagnostic } from '../types.js';
import { SPEC } from './lib.js';
import type { Rule } from './rule.js';
import { brief, isResponse, type Msg, type SessionView, type WireMessage } from './sessions.js';

const LISTS: ReadonlyArray<{ method: string; key: string; notification: string; capability: string }> = [
  { method: 'tools/list', key: 'tools', notification: 'notifications/tools/list_changed', capability: 'tools' },
  {
    method: 'resources/list',
    key: 'resources',
    notification: 'notifications/resources/list_changed',
    capability: 'resources',
  },
  { method: 'prompts/list', key: 'prompts', notification: 'notifications/prompts/list_changed', capability: 'prompts' },
];

/** Each answered listing of one kind on a connection, in order (the first page of each). */
function listings(v: SessionView, method: string, key: string): Array<{ answer: WireMessage; items: string }> {
  const out: Array<{ answer: WireMessage; items: string }> = [];
  for (const req of v.messages.filter(
    (m) => m.from === 'client' && m.message.method === method && !(m.message.params as Msg | undefined)?.cursor,
  )) {
    const answer = v.messages.find(
      (m) =>
        m.from === 'server' &&
        m.seq > req.seq &&
        isResponse(m.message) &&
        JSON.stringify(m.message.id) === JSON.stringify(req.message.id),
    );
    const list = (answer?.message.result as Msg | undefined)?.[key];
    if (answer && Array.isArray(list)) out.push({ answer, items: JSON.stringify(list) });
  }
  return out;
}

/**
 * List drift against list_changed: a list that changed with no notification in between is
 * the server's fault; a notification the client never followed with a new listing is the
 * host's (ChatGPT and others freeze lists: see findings/hosts.ts).
 */
export const listDrift: Rule = {
  id: 'list-drift',
  title: 'lists change only with list_changed, and the client re-lists after one',
  why: 'Hosts keep the tool list they got until told it changed: a silent change leaves the model calling tools that moved, and a host that ignores list_changed keeps a stale list.',
  fix: 'Server: send list_changed when a list changes (and declare listChanged). Client: list again after list_changed.',
  spec: `${SPEC}/server/tools#list-changed-notification`,
  // On a doctor run list-changed judges the same with its own timed listings.
  judges: 'host',
  run(t, { sessions }) {
    const out: Diagnostic[] = [];
    for (const v of sessions) {
      for (const kind of LISTS) {
        const seen = listings(v, kind.method, kind.key);
        const declared = Boolean((v.serverCapabilities?.[kind.capability] as Msg | undefined)?.listChanged);
        const notes = v.messages.filter((m) => m.from === 'server' && m.message.method === kind.notification);
        for (let i = 1; i < seen.length; i++) {
          const [a, b] = [seen[i - 1]!, seen[i]!];
          if (a.items === b.items) continue;
          if (notes.some((n) => n.seq > a.answer.seq && n.seq < b.answer.seq)) continue;
          out.push(
            finding(
              'list-drift/changed-silently',
              'warn', // the spec: servers SHOULD send list_changed
              `${v.conn}: ${kind.method} changed between two listings without ${kind.notification}` +
                (declared ? ' although the server declared listChanged' : ''),
              cite(v.version, 'server/tools#list-changed-notification'),
              {
                party: 'server',
                args: { conn: v.conn, method: kind.method, declared },
                evidence: [brief(a.answer), brief(b.answer)],
                hosts: hostsAt('tool-list-frozen', t.transport),
              },
            ),
          );
        }
        // Only a declared notification obliges the client: an undeclared one is the server's fault (capabilities-used).
        // A listing answered after the notification is fresh, even when the client asked before it (the
        // notification overtook the answer to its own tools/list, as server-everything's often does).
        const last = notes.at(-1);
        if (
          declared &&
          last &&
          !v.messages.some((m) => m.from === 'client' && m.seq > last.seq && m.message.method === kind.method) &&
          !seen.some((l) => l.answer.seq > last.seq)
        ) {
          out.push(
            finding(
              `list-drift/not-relisted`,
              'warn',
              `${v.conn}: the server sent ${kind.notification} and the client never listed again, ` +
                'so it kept a stale list',
              cite(v.version, 'server/tools#list-changed-notification'),
              {
                party: 'client',
                args: { conn: v.conn, method: kind.method },
                evidence: [brief(last)],
                hosts: hostsAt('tool-list-frozen', t.transport),
              },
            ),
          );
        }
      }
    }
    return verdict(out, { summary: 'lists changed only with list_changed, and were listed again after one' });
  },
};
