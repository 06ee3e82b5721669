import { cite, finding, verdict } from '../findings/finding.js';
import type { Diagnostic } from '../types.js';
import { SPEC } from './lib.js';
import type { ClientKind, Rule } from './rule.js';
import { brief, isRequest, type Msg, type SessionView } from './sessions.js';

/** The server capability a client request needs ("tools", or "resources.subscribe"). */
const SERVER_CAPABILITY: ReadonlyMap<string, string> = new Map([
  ['tools/list', 'tools'],
  ['tools/call', 'tools'],
  ['resources/list', 'resources'],
  ['resources/read', 'resources'],
  ['resources/templates/list', 'resources'],
  ['resources/subscribe', 'resources.subscribe'],
  ['resources/unsubscribe', 'resources.subscribe'],
  ['prompts/list', 'prompts'],
  ['prompts/get', 'prompts'],
  ['logging/setLevel', 'logging'],
  ['completion/complete', 'completions'],
]);
/** The client capability a server request needs. */
const CLIENT_CAPABILITY: ReadonlyMap<string, string> = new Map([
  ['sampling/createMessage', 'sampling'],
  ['elicitation/create', 'elicitation'],
  ['roots/list', 'roots'],
]);
/** The server capability flag a list_changed notification needs. */
const LIST_CHANGED: ReadonlyMap<string, string> = new Map([
  ['notifications/tools/list_changed', 'tools.listChanged'],
  ['notifications/resources/list_changed', 'resources.listChanged'],
  ['notifications/prompts/list_changed', 'prompts.listChanged'],
  ['notifications/resources/updated', 'resources.subscribe'],
]);

function declared(capabilities: Msg | undefined, path: string): boolean {
  let node: unknown = capabilities;
  for (const key of path.split('.')) {
    if (!node || typeof node !== 'object') return false;
    node = (node as Msg)[key];
  }
  return node !== undefined && node !== null && node !== false;
}

/** Each side uses only what the other declared (lifecycle: capability negotiation). */
export const capabilitiesUsed: Rule = {
  id: 'capabilities-used',
  title: 'each side used only what the other declared',
  why: 'A capability is a contract: a host ignores notifications and refuses requests for what was not declared, so a list change, a log line or a sampling request the other side never offered is lost, or breaks the session.',
  fix: 'Declare every capability you use (logging before sending notifications/message, listChanged before list_changed), and use only what the other side declared.',
  spec: `${SPEC}/basic/lifecycle#capability-negotiation`,
  judges: 'any',
  run(_t, view) {
    const findings = view.sessions.flatMap((v) => check(v, view.client));
    return verdict(findings, { summary: 'each side used only what the other declared' });
  },
};

function check(v: SessionView, client: ClientKind): Diagnostic[] {
  const out: Diagnostic[] = [];
  const where = cite(v.version, 'basic/lifecycle#capability-negotiation');
  const seen = new Set<string>();
  const once = (key: string, make: () => Diagnostic) => {
    if (seen.has(key)) return;
    seen.add(key);
    out.push(make());
  };
  for (const m of v.messages) {
    const method = typeof m.message.method === 'string' ? m.message.method : undefined;
    if (!method) continue;
    if (m.from === 'client' && isRequest(m.message) && v.serverCapabilities) {
      const needs = SERVER_CAPABILITY.get(method);
      if (needs && !declared(v.serverCapabilities, needs)) {
        once(`c:${method}`, () =>
          finding(
            'capabilities-used/client-called-undeclared',
            'warn',
            `${v.conn}: the client called ${method}, but the server did not declare ${needs}`,
            where,
            { party: 'client', args: { conn: v.conn, method, capability: needs }, evidence: [brief(m)] },
          ),
        );
      }
    }
    // Server requests for client capabilities the doctor never declares are client-capabilities' own.
    if (
      m.from === 'server' &&
      method === 'notifications/message' &&
      v.serverCapabilities &&
      !declared(v.serverCapabilities, 'logging')
    ) {
      once('log', () =>
        finding(
          'capabilities-used/server-logged-undeclared',
          'fail', // logging: "Servers that emit log message notifications MUST declare the logging capability"
          `${v.conn}: the server sent notifications/message without declaring the logging capability`,
          cite(v.version, 'server/utilities/logging#capabilities'),
          { party: 'server', args: { conn: v.conn, method, capability: 'logging' }, evidence: [brief(m)] },
        ),
      );
    }
    if (m.from === 'server') {
      const needs = isRequest(m.message) && client === 'host' ? CLIENT_CAPABILITY.get(method) : undefined;
      if (needs && !declared(v.clientCapabilities, needs)) {
        once(`s:${method}`, () =>
          finding(
            'capabilities-used/server-requested-undeclared',
            'warn',
            `${v.conn}: the server sent ${method}, but the client did not declare ${needs}`,
            where,
            { party: 'server', args: { conn: v.conn, method, capability: needs }, evidence: [brief(m)] },
          ),
        );
      }
      const flag = LIST_CHANGED.get(method);
      if (flag && v.serverCapabilities && !declared(v.serverCapabilities, flag)) {
        once(`n:${method}`, () =>
          finding(
            'capabilities-used/server-notified-undeclared',
            'warn',
            `${v.conn}: the server sent ${method} without declaring ${flag}; clients may ignore it`,
            cite(v.version, 'server/tools#list-changed-notification'),
            { party: 'server', args: { conn: v.conn, method, capability: flag }, evidence: [brief(m)] },
          ),
        );
      }
    }
  }
  return out;
}
