import { cite, finding, verdict } from '../findings/finding.js';
import { LABEL } from '../labels.js';
import { FALLBACK_LEGACY_VERSION } from '../protocol.js';
import {
  errorDefinition,
  hasSchema,
  messageDefinition,
  resultDefinition,
  type SchemaRevision,
  validateAgainst,
} from '../spec/schemas.js';
import type { ConnectionInfo, Diagnostic, Transcript } from '../types.js';
import { excerpt, exchangesOf, incoming, type Msg, replyOf, resultOf, SPEC } from './lib.js';
import type { Rule } from './rule.js';
import { brief, isRequest, isResponse, type SessionView, type WireMessage } from './sessions.js';

/**
 * Parts of a message another check judges with more context: a violation there is theirs, not repeated here.
 * (tool-schemas: the JSON Schemas inside tools; server-info: serverInfo's name and version; discover: the
 * DiscoverResult.)
 */
const OWNED: Array<{ method: string; pointer: RegExp; by: string }> = [
  { method: 'tools/list', pointer: /^\/tools\/\d+\/(inputSchema|outputSchema)(\/|$)/, by: 'tool-schemas' },
  { method: 'initialize', pointer: /^\/serverInfo(\/name|\/version)?$/, by: 'server-info' },
];
/** Exchanges whose answers other checks own entirely. */
const SKIPPED_LABELS = new Set<string>([LABEL.discover, LABEL.unknownVersion]);

/** The revision a connection's messages are judged by: the negotiated one, else the one asked for. */
function revisionOf(t: Transcript, c: ConnectionInfo): string | undefined {
  if (c.era === 'modern') return c.version;
  const init =
    exchangesOf(t, { conn: c.id, label: LABEL.initialize })[0] ??
    exchangesOf(t, { conn: c.id, label: LABEL.usableCheck })[0];
  const negotiated = resultOf(t, init)?.protocolVersion;
  if (typeof negotiated === 'string' && hasSchema(negotiated)) return negotiated;
  return c.version ?? FALLBACK_LEGACY_VERSION;
}

interface Hit {
  revision: SchemaRevision;
  kind: 'result' | 'error' | 'server-message';
  method: string;
  definition: string;
  pointer: string;
  message: string;
  conns: string[];
  sample: string;
}

export const messageSchema: Rule = {
  id: 'message-schema',
  title: 'every message matches the JSON Schema of its revision',
  why:
    'SDK clients (and MCP Inspector, and the conformance suite) parse every result with the schema of the negotiated ' +
    'revision: an initialize result without protocolVersion, capabilities.tools: true, a list that is not an array ' +
    'or a null entry makes the client reject the answer, so the host shows an error or no tools at all.',
  fix:
    "Make the named field match the revision's schema (schema.json of that revision, linked from the finding): " +
    'required fields present, objects where objects are expected, arrays of objects in list results. Building ' +
    'results with an MCP SDK avoids most of these.',
  spec: `${SPEC}/schema`,
  judges: 'any',
  run(t, view) {
    const hits = new Map<string, Hit>();
    const unchecked = new Set<string>();
    let checked = 0;
    const add = (h: Omit<Hit, 'conns' | 'sample'>, conn: string, sample: unknown) => {
      const key = `${h.revision} ${h.kind} ${h.method} ${h.pointer} ${h.message}`;
      const hit = hits.get(key) ?? { ...h, conns: [], sample: excerpt(sample, 140) };
      if (!hit.conns.includes(conn)) hit.conns.push(conn);
      hits.set(key, hit);
    };
    for (const c of t.connections) {
      const revision = revisionOf(t, c);
      if (!hasSchema(revision)) {
        if (revision) unchecked.add(revision);
        continue;
      }
      for (const x of t.exchanges.filter((e) => e.conn === c.id && e.outcome === 'reply')) {
        if (x.label && SKIPPED_LABELS.has(x.label)) continue;
        const reply = replyOf(t, x);
        if (!reply) continue;
        const result = reply.result;
        // Results of malformed initialize variants are initialize-format's; a null or non-object result is
        // jsonrpc-envelope's.
        if ('result' in reply && result && typeof result === 'object' && !x.label?.startsWith(LABEL.variantPrefix)) {
          const definition = resultDefinition(revision, x.method);
          if (!definition) continue;
          checked++;
          for (const v of validateAgainst(revision, definition, result)) {
            const owner = OWNED.find((o) => o.method === x.method && o.pointer.test(v.pointer));
            if (!owner)
              add(
                { revision, kind: 'result', method: x.method, definition, pointer: v.pointer, message: v.message },
                c.id,
                result,
              );
          }
        } else if (reply.error && typeof reply.error === 'object') {
          checked++;
          const definition = errorDefinition(revision);
          for (const v of validateAgainst(revision, definition, reply.error))
            add(
              { revision, kind: 'error', method: x.method, definition, pointer: v.pointer, message: v.message },
              c.id,
              reply.error,
            );
        }
      }
      // What the server sent of its own accord: notifications and requests.
      for (const e of incoming(t, c.id)) {
        const m = e.message as Msg;
        if (typeof m.method !== 'string') continue;
        const definition = messageDefinition(revision, m.method);
        if (!definition) continue;
        checked++;
        for (const v of validateAgainst(revision, definition, m))
          add(
            { revision, kind: 'server-message', method: m.method, definition, pointer: v.pointer, message: v.message },
            c.id,
            m,
          );
      }
    }
    const findings: Diagnostic[] = [...hits.values()].map((h) => {
      const what = h.kind === 'result' ? `${h.method} result` : h.kind === 'error' ? `${h.method} error` : h.method;
      const field = h.pointer || '(the whole value)';
      return finding(
        `message-schema/${h.kind}`,
        'fail',
        `${what}: ${field} ${h.message} (${h.definition}, ${h.revision})`,
        cite(h.revision, `schema#${h.definition.split('/')[0].toLowerCase()}`),
        {
          args: {
            revision: h.revision,
            method: h.method,
            definition: h.definition,
            pointer: h.pointer,
            problem: h.message,
            connections: h.conns,
          },
          evidence: [
            `${h.conns.slice(0, 4).join(', ')}${h.conns.length > 4 ? ` (+${h.conns.length - 4})` : ''}: ${h.sample}`,
          ],
        },
      );
    });
    // A host's own messages too (a doctor's are deliberate): its requests, notifications and answers.
    if (view.client === 'host') findings.push(...clientSide(view.sessions));
    const notes = [...unchecked].map(
      (r) => `${r}: no published schema in the installed packages; its messages were not schema-checked`,
    );
    if (checked === 0 && findings.length === 0)
      return { status: 'skip', summary: 'no message of a revision with a schema was received', evidence: notes };
    return verdict(findings, { summary: `${checked} messages match their revision's schema`, evidence: notes });
  },
};

/** The client's side of each session against the schema of its revision (what `tap` recorded a host sending). */
function clientSide(sessions: SessionView[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const v of sessions) {
    const revision = v.version;
    if (!hasSchema(revision)) continue;
    const asked = new Map<string, string>();
    const seen = new Set<string>();
    const report = (
      m: WireMessage,
      what: string,
      definition: string,
      problems: Array<{ pointer: string; message: string }>,
    ) => {
      for (const p of problems) {
        const key = `${what} ${p.pointer} ${p.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(
          finding(
            'message-schema/client',
            'fail',
            `${v.conn}: client ${what}: ${p.pointer || '(the whole value)'} ${p.message} (${definition}, ${revision})`,
            cite(revision, `schema#${definition.split('/')[0]!.toLowerCase()}`),
            {
              party: 'client',
              args: { conn: v.conn, revision, definition, pointer: p.pointer, problem: p.message },
              evidence: [brief(m)],
            },
          ),
        );
      }
    };
    for (const m of v.messages) {
      const method = typeof m.message.method === 'string' ? (m.message.method as string) : undefined;
      if (m.from === 'server') {
        if (method && isRequest(m.message)) asked.set(JSON.stringify(m.message.id), method);
        continue;
      }
      if (method) {
        const definition = messageDefinition(revision, method);
        if (definition) report(m, method, definition, validateAgainst(revision, definition, m.message));
        continue;
      }
      if (!isResponse(m.message)) continue;
      const answered = asked.get(JSON.stringify(m.message.id));
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
}
