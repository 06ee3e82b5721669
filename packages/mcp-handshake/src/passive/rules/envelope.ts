import { cite, finding } from '../../findings/finding.js';
import type { Diagnostic } from '../../types.js';
import { MAX_JSON_DEPTH } from '../../wire/peer-json.js';
import type { PassiveRule } from '../rule.js';
import { brief, isRequest, isResponse, type Msg, type SessionView, type WireMessage } from '../session-view.js';

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
          `envelope/${m.from}-answer-to-no-request`,
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

/** Every message on the wire is a JSON-RPC 2.0 message, and a stdio channel carries nothing else. */
export const envelope: PassiveRule = {
  id: 'envelope',
  title: 'every message is a JSON-RPC 2.0 envelope',
  run(t, sessions) {
    const out: Diagnostic[] = [];
    const where = cite(sessions[0]?.version, 'basic#messages');
    for (const v of sessions) {
      const bad = new Map<string, WireMessage>();
      for (const m of v.messages)
        for (const p of problems(m.message)) if (!bad.has(`${m.from} ${p}`)) bad.set(`${m.from} ${p}`, m);
      for (const [key, m] of bad) {
        out.push(
          finding(
            `envelope/${m.from}`,
            'fail',
            `${v.conn}: a ${m.from} message: ${key.slice(m.from.length + 1)}`,
            where,
            { party: m.from === 'client' ? 'client' : 'server', args: { conn: v.conn }, evidence: [brief(m)] },
          ),
        );
      }
    }
    for (const v of sessions) out.push(...unmatched(v));
    for (const e of t.events) {
      if (e.cutDepth === undefined || e.dir === 'local') continue;
      const who = e.dir === 'in' ? 'server' : 'client';
      out.push(
        finding(
          `envelope/too-deep`,
          'warn',
          `${e.conn}: a ${who} message nests over ${e.cutDepth - 1} levels deep (checked cut at ${MAX_JSON_DEPTH}): ` +
            'nothing in MCP needs that, and a peer that walks messages recursively can overflow its stack',
          where,
          { party: who, args: { conn: e.conn, depth: e.cutDepth }, evidence: [`#${e.seq}`] },
        ),
      );
    }
    // On HTTP a body that is not JSON-RPC (the "Accepted" of a 202, an HTML error page) is the status's business.
    if (t.transport !== 'stdio') return out;
    for (const dir of ['in', 'out'] as const) {
      const noise = t.events.filter((e) => e.kind === 'noise' && e.dir === dir && !e.http);
      if (noise.length === 0) continue;
      const who = dir === 'in' ? 'server' : 'client';
      out.push(
        finding(
          `envelope/${who}-wrote-non-json-rpc`,
          'fail',
          `the ${who} wrote ${noise.length} line${noise.length === 1 ? '' : 's'} that ` +
            `${noise.length === 1 ? 'is' : 'are'} not JSON-RPC on the stdio channel (logs belong on stderr)`,
          cite(sessions[0]?.version, 'basic/transports#stdio'),
          {
            party: who,
            args: { lines: noise.length },
            evidence: noise.slice(0, 3).map((e) => `#${e.seq}: ${(e.raw ?? '').slice(0, 120)}`),
          },
        ),
      );
    }
    return out;
  },
};
