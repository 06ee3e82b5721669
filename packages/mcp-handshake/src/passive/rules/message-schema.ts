import { cite, finding } from '../../findings/finding.js';
import {
  errorDefinition,
  hasSchema,
  messageDefinition,
  resultDefinition,
  validateAgainst,
} from '../../spec/schemas.js';
import type { Diagnostic } from '../../types.js';
import type { PassiveRule } from '../rule.js';
import { brief, isRequest, isResponse, type Msg, type WireMessage } from '../session-view.js';

/**
 * Every message of both sides against the JSON Schema of the revision in use (the spec's
 * own schema, through spec/schemas.ts): the client's requests and notifications as well as
 * the server's answers and messages.
 */
export const messageSchema: PassiveRule = {
  id: 'message-schema',
  title: 'every message matches the schema of its revision',
  run(_t, sessions) {
    const out: Diagnostic[] = [];
    for (const v of sessions) {
      const revision = v.version;
      if (!hasSchema(revision)) continue;
      const requests = new Map<string, WireMessage>();
      const seen = new Set<string>();
      const report = (
        m: WireMessage,
        what: string,
        definition: string,
        problems: Array<{ pointer: string; message: string }>,
      ) => {
        for (const p of problems) {
          const key = `${m.from} ${what} ${p.pointer} ${p.message}`;
          if (seen.has(key)) continue;
          seen.add(key);
          out.push(
            finding(
              `message-schema/${m.from}`,
              'fail',
              `${v.conn}: ${m.from} ${what}: ${p.pointer || '(the whole value)'} ${p.message} ` +
                `(${definition}, ${revision})`,
              cite(revision, `schema#${definition.split('/')[0]!.toLowerCase()}`),
              {
                party: m.from === 'client' ? 'client' : 'server',
                args: { conn: v.conn, revision, definition, pointer: p.pointer, problem: p.message },
                evidence: [brief(m)],
              },
            ),
          );
        }
      };
      for (const m of v.messages) {
        const method = typeof m.message.method === 'string' ? (m.message.method as string) : undefined;
        if (method) {
          if (isRequest(m.message)) requests.set(`${m.from} ${JSON.stringify(m.message.id)}`, m);
          const definition = messageDefinition(revision, method);
          if (definition) report(m, method, definition, validateAgainst(revision, definition, m.message));
          continue;
        }
        if (!isResponse(m.message)) continue;
        const asker = m.from === 'server' ? 'client' : 'server';
        const request = requests.get(`${asker} ${JSON.stringify(m.message.id)}`);
        const answered = request ? String(request.message.method) : undefined;
        if (!answered) continue;
        if ('error' in m.message) {
          const definition = errorDefinition(revision);
          report(m, `${answered} error`, definition, validateAgainst(revision, definition, m.message.error));
        } else if (m.message.result && typeof m.message.result === 'object') {
          const definition = resultDefinition(revision, answered);
          if (definition)
            report(m, `${answered} result`, definition, validateAgainst(revision, definition, m.message.result as Msg));
        }
      }
    }
    return out;
  },
};
