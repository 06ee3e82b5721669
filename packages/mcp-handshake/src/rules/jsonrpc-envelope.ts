import { cite, finding, verdict } from '../findings/finding.js';
import { isModernVersion } from '../protocol.js';
import type { Diagnostic } from '../types.js';
import { MAX_JSON_DEPTH } from '../wire/peer-json.js';
import { excerpt, type Msg, revisionOf, SPEC, sentOf, skip } from './lib.js';
import type { Rule } from './rule.js';
import { brief, isRequest, isResponse, type SessionView } from './sessions.js';

/*
 * Every sentence judged here is a MUST of each revision (basic#messages: "All messages … MUST follow the JSON-RPC 2.0
 * specification"; basic#responses: responses "MUST include the same ID as the request", "Either a result or an
 * error MUST be set. A response MUST NOT set both", "Error codes MUST be integers"; basic#requests: the ID "MUST NOT
 * be null"): each is a failure. An HTTP refusal with id null is allowed (the transport answers, not JSON-RPC): info.
 */

const asError = (reply: Msg): unknown =>
  reply.error && typeof reply.error === 'object' ? (reply.error as Msg).message : reply.error;

/** The Streamable HTTP section on sending messages (its own page since 2026-07-28). */
const httpAt = (revision: string) =>
  cite(
    revision,
    `basic/transports${isModernVersion(revision) ? '/streamable-http' : ''}#sending-messages-to-the-server`,
  );

function problems(m: Msg): string[] {
  const out: string[] = [];
  if (m.jsonrpc !== '2.0') out.push(`jsonrpc is ${JSON.stringify(m.jsonrpc)}, not "2.0"`);
  const hasMethod = typeof m.method === 'string';
  if (
    'id' in m &&
    !(typeof m.id === 'string' || (typeof m.id === 'number' && Number.isInteger(m.id)) || (m.id === null && !hasMethod))
  )
    out.push(`id ${JSON.stringify(m.id)} is not a string or an integer`);
  if (!hasMethod) {
    if ('result' in m === 'error' in m) out.push('a response must have exactly one of result and error');
    const e = m.error as Msg | undefined;
    if (e && (typeof e.code !== 'number' || !Number.isInteger(e.code) || typeof e.message !== 'string'))
      out.push('error needs an integer code and a string message');
    if ('result' in m && (m.result === null || typeof m.result !== 'object' || Array.isArray(m.result)))
      out.push('result must be an object');
  } else if ('params' in m && (m.params === null || typeof m.params !== 'object'))
    out.push('params must be an object or an array');
  return out;
}

/**
 * An answer must carry the id of a request the other side sent (basic#responses: "MUST include the same
 * ID as the request"): one with an id nobody asked under (request #2 answered as 999) leaves the request
 * it meant unanswered, and the SDKs drop it. Ids are compared with their type (8 is not "8").
 */
function unmatched(v: SessionView): Diagnostic[] {
  const out: Diagnostic[] = [];
  const asked = { client: new Set<string>(), server: new Set<string>() };
  for (const m of v.messages) {
    const msg = m.message;
    if (isRequest(msg)) asked[m.from].add(JSON.stringify(msg.id));
    else if (isResponse(msg) && msg.id !== null && msg.id !== undefined) {
      const askedBy = m.from === 'server' ? 'client' : 'server';
      if (asked[askedBy].has(JSON.stringify(msg.id))) continue;
      out.push(
        finding(
          `jsonrpc-envelope/${m.from}-answer-to-no-request`,
          'fail',
          `${v.conn}: the ${m.from} answered id ${JSON.stringify(msg.id)}, which no ${askedBy} request carried ` +
            '(the request it meant stays unanswered)',
          cite(v.version, 'basic#responses'),
          { party: m.from, args: { conn: v.conn, id: msg.id }, evidence: [brief(m)] },
        ),
      );
    }
  }
  return out;
}

export const jsonrpcEnvelope: Rule = {
  id: 'jsonrpc-envelope',
  title: 'every message is a well-formed JSON-RPC 2.0 message',
  why: 'Clients match answers to requests by id. An answer with another id, with id null, or without "jsonrpc": "2.0" is dropped by the SDKs, and the request it belonged to times out in the host.',
  fix: 'Echo the request id exactly (same type and value) in every response; send either result or error, never both; give errors an integer code and a string message; reserve id null for requests whose id could not be read.',
  spec: `${SPEC}/basic#responses`,
  judges: 'any',
  run(t, view) {
    const evidence: string[] = [];
    const found: Diagnostic[] = [];
    const bad = (code: string, connId: string, line: string, section = 'basic#responses') => {
      evidence.push(line);
      found.push(
        finding(`jsonrpc-envelope/${code}`, 'fail', line, cite(revisionOf(t, connId), section), { evidence: [line] }),
      );
    };
    const rejections: string[] = [];
    let rejectionConn: string | undefined;
    const attributed = new Map<number, number>();
    let responses = 0;
    for (const x of t.exchanges) {
      if (x.replySeq === undefined) continue;
      attributed.set(x.replySeq, x.sentSeq);
      const reply = t.events.find((e) => e.seq === x.replySeq)?.message as Msg | undefined;
      if (!reply) continue;
      responses++;
      const sent = sentOf(t, x);
      const where = `${x.conn}: ${x.method}${x.label ? ` [${x.label}]` : ''}`;
      if (reply.jsonrpc !== '2.0')
        bad(
          'missing-jsonrpc',
          x.conn,
          `${where}: answer without "jsonrpc": "2.0": ${excerpt(reply, 120)}`,
          'basic#messages',
        );
      const hasResult = 'result' in reply;
      const hasError = 'error' in reply;
      if (hasResult === hasError)
        bad(
          'result-xor-error',
          x.conn,
          `${where}: answer must have exactly one of result and error: ${excerpt(reply, 120)}`,
        );
      if (hasError) {
        const error = reply.error as Msg | null;
        if (!error || typeof error !== 'object' || !Number.isInteger(error.code) || typeof error.message !== 'string') {
          bad('malformed-error', x.conn, `${where}: malformed error object: ${excerpt(reply.error, 120)}`);
        }
      }
      // HTTP 4xx with id null (or none): the transport refused the HTTP request before reading the JSON-RPC one
      // (no session, not initialized, bad header). The status is the answer; the body only explains.
      if (
        sent &&
        'id' in sent &&
        (reply.id === null || reply.id === undefined) &&
        sent.id !== null &&
        (x.httpStatus ?? 0) >= 400
      ) {
        rejectionConn ??= x.conn;
        rejections.push(
          `${where}: HTTP ${x.httpStatus} with id ${reply.id === null ? 'null' : 'missing'} (${excerpt(asError(reply), 80)})`,
        );
      } else if (sent && 'id' in sent) {
        if (reply.id === null && sent.id !== null)
          bad(
            'id-null',
            x.conn,
            `${where}: answered with id null although the request id ${JSON.stringify(sent.id)} was readable`,
          );
        else if (reply.id !== sent.id)
          bad(
            'id-not-echoed',
            x.conn,
            `${where}: id not echoed (sent ${JSON.stringify(sent.id)}, got ${JSON.stringify(reply.id)})`,
          );
      }
    }
    for (const e of t.events) {
      if (e.dir !== 'in' || e.kind !== 'message' || attributed.has(e.seq)) continue;
      const m = e.message as Msg;
      if (typeof m.method === 'string') {
        if (m.jsonrpc !== '2.0')
          bad('missing-jsonrpc', e.conn, `${e.conn}: ${m.method} without "jsonrpc": "2.0"`, 'basic#messages');
        if ('id' in m && typeof m.id !== 'string' && typeof m.id !== 'number')
          bad(
            'request-id-invalid',
            e.conn,
            `${e.conn}: server request ${m.method} with id ${JSON.stringify(m.id)}`,
            'basic#requests',
          );
        continue;
      }
      // Late: its id is that of a request that timed out, or it came back on the POST of one.
      const late = t.exchanges.find(
        (x) =>
          x.conn === e.conn &&
          x.outcome === 'timeout' &&
          (x.id === m.id || (e.replyTo !== undefined && x.sentSeq === e.replyTo)),
      );
      if (late) continue;
      // The id of a request that went unanswered, of another type (8 sent, "8" back): an id not echoed, which is
      // why nothing matched it (the doctor, like SDK clients, matches ids exactly).
      const retyped = t.exchanges.find(
        (x) =>
          x.conn === e.conn &&
          x.outcome === 'timeout' &&
          typeof x.id !== typeof m.id &&
          (typeof m.id === 'string' || typeof m.id === 'number') &&
          String(x.id) === String(m.id),
      );
      if (retyped)
        bad(
          'id-not-echoed',
          e.conn,
          `${e.conn}: ${retyped.method}: id not echoed (sent ${JSON.stringify(retyped.id)}, got ${JSON.stringify(m.id)}: its type changed)`,
        );
      else bad('unsolicited-answer', e.conn, `${e.conn}: an answer to no pending request: ${excerpt(m, 120)}`);
    }
    for (const e of t.events) {
      if (e.dir === 'local' || e.cutDepth === undefined) continue;
      const who = e.dir === 'in' ? 'server' : 'client';
      const line =
        `${e.conn}: a ${who} message nests over ${e.cutDepth - 1} levels deep (checked cut at ${MAX_JSON_DEPTH}): ` +
        'nothing in MCP needs that, and a peer that walks messages recursively can overflow its stack';
      found.push(
        finding('jsonrpc-envelope/too-deep', 'warn', line, cite(revisionOf(t, e.conn), 'basic#messages'), {
          evidence: [`#${e.seq}`],
          args: { conn: e.conn, depth: e.cutDepth },
          party: who,
        }),
      );
    }
    // A host's own messages (a doctor's are deliberate): each a JSON-RPC 2.0 envelope, answers under an id asked.
    if (view.client === 'host')
      for (const v of view.sessions) {
        const seen = new Set<string>();
        for (const m of v.messages.filter((x) => x.from === 'client'))
          for (const p of problems(m.message)) {
            if (seen.has(p)) continue;
            seen.add(p);
            found.push(
              finding(
                'jsonrpc-envelope/client',
                'fail',
                `${v.conn}: a client message: ${p}`,
                cite(v.version, 'basic#messages'),
                {
                  party: 'client',
                  args: { conn: v.conn },
                  evidence: [brief(m)],
                },
              ),
            );
          }
        found.push(...unmatched(v).filter((f) => f.party === 'client'));
      }
    if (responses === 0 && found.length === 0) return skip('no response was received');
    if (rejections.length > 0) {
      found.push(
        finding(
          'jsonrpc-envelope/transport-rejection',
          'info',
          `${rejections.length} transport-level HTTP rejection(s) carried id null (or none): allowed, the HTTP status is the answer`,
          httpAt(revisionOf(t, rejectionConn!)),
          {
            evidence: rejections,
            args: { count: rejections.length },
          },
        ),
      );
    }
    const result = verdict(found, { summary: `${responses} responses: ids echoed, envelopes well-formed` });
    return result.status === 'fail'
      ? { ...result, summary: `${evidence.length} malformed message(s)`, evidence }
      : result;
  },
};
