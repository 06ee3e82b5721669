import { cite, finding, verdict } from '../findings/finding.js';
import { LABEL } from '../labels.js';
import { FALLBACK_LEGACY_VERSION } from '../protocol.js';
import type { Diagnostic, Exchange, Transcript, WireEvent } from '../types.js';
import { conn, exchangesOf, resultOf, SPEC, skip } from './lib.js';
import type { Rule } from './rule.js';

const ALLOWED = new Set(['application/json', 'text/event-stream']);
const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();

/** The POST response head a reply came in (the last one on its connection before it). */
function responseHead(t: Transcript, x: Exchange): WireEvent | undefined {
  let head: WireEvent | undefined;
  for (const e of t.events) {
    if (e.seq >= (x.replySeq ?? -1)) break;
    if (e.conn === x.conn && e.dir === 'in' && e.kind === 'http' && e.http?.method === 'POST' && e.seq > x.sentSeq)
      head = e;
  }
  return head;
}

/** The revision whose transport section judges a connection: the negotiated one, or the modern envelope's. */
function revisionOf(t: Transcript, connId: string): string {
  const c = conn(t, connId);
  if (c?.era === 'modern') return c.version ?? FALLBACK_LEGACY_VERSION;
  const v = resultOf(t, exchangesOf(t, { conn: connId, label: LABEL.initialize })[0])?.protocolVersion;
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= '2025-03-26'
    ? v
    : (c?.version ?? FALLBACK_LEGACY_VERSION);
}

export const httpContentType: Rule = {
  id: 'http-content-type',
  title: 'JSON-RPC answers over HTTP are served as application/json or text/event-stream',
  why:
    'SDK clients read a POST answer only by its Content-Type: the TypeScript client throws "Unexpected content type" ' +
    'on anything else and the C# client does not recognise the JSON-RPC error inside, so a correct body served as ' +
    'text/plain is a dead server to the host.',
  fix:
    'Send JSON-RPC answers with Content-Type: application/json (or as an SSE stream with text/event-stream) — ' +
    'res.json() in Express, or set the header explicitly; errors with a 4xx status too.',
  spec: `${SPEC}/basic/transports#sending-messages-to-the-server`,
  run(t) {
    if (t.transport !== 'http') return skip('not an HTTP target');
    const bad = new Map<string, { revision: string; type: string; status: number; lines: string[] }>();
    let checked = 0;
    for (const x of t.exchanges) {
      if (x.outcome !== 'reply' || x.replySeq === undefined) continue;
      const head = responseHead(t, x);
      const status = head?.http?.status;
      // A 202 carries no body: the answer came on another stream (HTTP+SSE 2024-11-05, a GET stream).
      if (!head || status === undefined || status === 202) continue;
      checked++;
      const type = mediaType(head.http?.contentType);
      if (ALLOWED.has(type)) continue;
      const revision = revisionOf(t, x.conn);
      const key = `${revision} ${type} ${status >= 400 ? 'error' : 'ok'}`;
      const entry = bad.get(key) ?? { revision, type, status, lines: [] };
      const served = head.http?.contentType || '(none)';
      entry.lines.push(`${x.conn}: ${x.method} → HTTP ${status}, Content-Type: ${served}`);
      bad.set(key, entry);
    }
    const findings: Diagnostic[] = [...bad.values()].map((b) => {
      // The MUST is about the answer to a request; a 4xx body is read only by clients that try their luck.
      const severity = b.status >= 400 ? 'warn' : 'fail';
      const what = b.status >= 400 ? `JSON-RPC errors over HTTP ${b.status}` : 'JSON-RPC answers';
      const section =
        b.revision >= '2026-07-28'
          ? 'basic/transports/streamable-http#sending-messages'
          : 'basic/transports#sending-messages-to-the-server';
      return finding(
        `http-content-type/${b.status >= 400 ? 'error-body' : 'answer'}`,
        severity,
        `${what} served as ${b.type || 'no Content-Type'} (${b.lines.length} response(s); ${b.revision} requires ` +
          'application/json or text/event-stream)',
        cite(b.revision, section),
        {
          args: { contentType: b.type, revision: b.revision, httpStatus: b.status, responses: b.lines.length },
          evidence: b.lines.slice(0, 4),
        },
      );
    });
    if (checked === 0) return skip('no JSON-RPC answer came in a POST response');
    return verdict(findings, { summary: `${checked} answers served as application/json or text/event-stream` });
  },
};
