import { cite, finding } from '../findings/finding.js';
import { hostsAt } from '../findings/hosts.js';
import { LABEL } from '../labels.js';
import { FALLBACK_LEGACY_VERSION, LIST_CHANGED_NOTIFICATION, MODERN_VERSION } from '../protocol.js';
import type { Diagnostic } from '../types.js';
import {
  asObject,
  connsBy,
  excerpt,
  exchangesOf,
  incoming,
  isDeclared,
  type Msg,
  mainSession,
  modernSession,
  outcome,
  resultOf,
  type Session,
  SPEC,
  skip,
} from './lib.js';
import type { Rule } from './rule.js';

const KINDS = [
  { kind: 'tools', method: 'tools/list', key: 'tools' },
  { kind: 'resources', method: 'resources/list', key: 'resources' },
  { kind: 'prompts', method: 'prompts/list', key: 'prompts' },
] as const;

/** Order-insensitive fingerprint of a listed page. */
function fingerprint(items: unknown): string {
  if (!Array.isArray(items)) return '[]';
  return JSON.stringify(items.map((i) => JSON.stringify(i)).sort());
}

export const listChanged: Rule = {
  id: 'list-changed',
  title: 'list changes are announced, and only when declared',
  why: 'Hosts cache tool, resource and prompt lists and refresh them only on list_changed. A list that changes silently leaves ChatGPT and Claude calling tools that no longer exist (or never seeing new ones); a list_changed the server did not declare is ignored or, in strict clients, an error.',
  fix: 'Whenever a list changes, send notifications/<kind>/list_changed (and declare <kind>.listChanged: true). If you do not declare listChanged, keep the list stable for the session.',
  spec: `${SPEC}/server/tools#list-changed-notification`,
  run(t) {
    const evidence: string[] = [];
    const findings: Diagnostic[] = [];
    const legacy = mainSession(t);
    const sessions: Session[] = [legacy, modernSession(t)].filter((s): s is Session => s !== undefined);
    if (sessions.length === 0) return skip('no session was established');
    let compared = 0;
    const main = legacy?.era === 'legacy' ? legacy : undefined;
    if (main) {
      for (const { kind, method, key } of KINDS) {
        const first = exchangesOf(t, { conn: main.conn.id, method, label: LABEL.firstListing })[0];
        const second = exchangesOf(t, { conn: main.conn.id, method, label: LABEL.secondListing })[0];
        const a = resultOf(t, first);
        const b = resultOf(t, second);
        if (!a || !b || first.replySeq === undefined || second.replySeq === undefined) continue;
        compared++;
        if (fingerprint(a[key]) === fingerprint(b[key])) continue;
        const notified = incoming(t, main.conn.id).some(
          (e) =>
            e.seq > first.replySeq! &&
            e.seq < second.replySeq! &&
            (e.message as Msg).method === LIST_CHANGED_NOTIFICATION[kind],
        );
        if (!notified) {
          const before = (Array.isArray(a[key]) ? (a[key] as Msg[]) : []).map((i) => i.name ?? i.uri);
          const after = (Array.isArray(b[key]) ? (b[key] as Msg[]) : []).map((i) => i.name ?? i.uri);
          const line =
            `${kind} changed within ${t.options.driftWindowMs} ms without ${LIST_CHANGED_NOTIFICATION[kind]}: ` +
            `${excerpt(before, 70)} → ${excerpt(after, 70)}`;
          evidence.push(line);
          // The notification is a SHOULD (for servers that declared listChanged); hosts that cache tool lists miss
          // the change either way (findings/hosts.ts).
          const where = cite(main.conn.version ?? FALLBACK_LEGACY_VERSION, `server/${kind}#list-changed-notification`);
          findings.push(
            finding('list-changed/silent-change', 'warn', line, where, {
              args: { kind, before, after, driftWindowMs: t.options.driftWindowMs },
              hosts: kind === 'tools' ? hostsAt('tool-list-frozen', t.transport) : [],
            }),
          );
        }
      }
    }
    // A list_changed for a list whose listChanged was not declared.
    const legacyConns = new Set(
      [...connsBy(t, 'main'), ...connsBy(t, 'version'), ...connsBy(t, 'watch')]
        .filter((c) => c.era === 'legacy')
        .map((c) => c.id),
    );
    for (const e of t.events) {
      if (e.dir !== 'in' || e.kind !== 'message') continue;
      const method = (e.message as Msg).method;
      const kind = KINDS.find((k) => LIST_CHANGED_NOTIFICATION[k.kind] === method)?.kind;
      if (!kind) continue;
      const session = legacyConns.has(e.conn) ? legacy : sessions.find((s) => s.era === 'modern');
      if (!session) continue;
      if (!isDeclared(session.capabilities, kind) || asObject(session.capabilities[kind]).listChanged !== true) {
        const line = `${e.conn}: ${method} arrived but ${kind}.listChanged is not declared`;
        evidence.push(line);
        // Only negotiated capabilities may be used (lifecycle, operation phase): a MUST.
        const revision = session.era === 'legacy' ? (session.conn.version ?? FALLBACK_LEGACY_VERSION) : MODERN_VERSION;
        const where = cite(revision, `server/${kind}#list-changed-notification`);
        findings.push(
          finding('list-changed/undeclared-notification', 'fail', line, where, {
            args: { kind, method, conn: e.conn },
          }),
        );
      }
    }
    if (findings.length > 0) {
      const status = findings.some((f) => f.severity === 'fail') ? 'fail' : 'warn';
      const summary = evidence.length === 1 ? evidence[0] : `${evidence.length} list change problems`;
      return { status, summary, evidence, findings };
    }
    if (compared === 0) return outcome('pass', 'no list_changed without declaration (no list to compare)');
    return outcome('pass', `${compared} list(s) compared across ${t.options.driftWindowMs} ms: stable or announced`);
  },
};
