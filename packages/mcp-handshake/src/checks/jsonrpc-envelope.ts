import { cite, finding, verdict } from '../findings/finding.js';
import type { Check, Diagnostic } from '../types.js';
import { excerpt, sentOf, skip, SPEC, type Msg } from './lib.js';

const RESPONSES = cite('2025-11-25', 'basic#responses');
const HTTP_REJECTION = cite('2025-11-25', 'basic/transports#sending-messages-to-the-server');

const asError = (reply: Msg): unknown => (reply.error && typeof reply.error === 'object' ? (reply.error as Msg).message : reply.error);

export const jsonrpcEnvelope: Check = {
  id: 'jsonrpc-envelope',
  title: 'every message is a well-formed JSON-RPC 2.0 message',
  why: 'Clients match answers to requests by id. An answer with another id, with id null, or without "jsonrpc": "2.0" is dropped by the SDKs, and the request it belonged to times out in the host.',
  fix: 'Echo the request id exactly (same type and value) in every response; send either result or error, never both; give errors an integer code and a string message; reserve id null for requests whose id could not be read.',
  spec: `${SPEC}/basic#responses`,
  run(t) {
    const evidence: string[] = [];
    const rejections: string[] = [];
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
      if (reply.jsonrpc !== '2.0') evidence.push(`${where}: answer without "jsonrpc": "2.0": ${excerpt(reply, 120)}`);
      const hasResult = 'result' in reply;
      const hasError = 'error' in reply;
      if (hasResult === hasError) evidence.push(`${where}: answer must have exactly one of result and error: ${excerpt(reply, 120)}`);
      if (hasError) {
        const error = reply.error as Msg | null;
        if (!error || typeof error !== 'object' || !Number.isInteger(error.code) || typeof error.message !== 'string') {
          evidence.push(`${where}: malformed error object: ${excerpt(reply.error, 120)}`);
        }
      }
      // HTTP 4xx with id null (or none): the transport refused the HTTP request before reading the JSON-RPC one
      // (no session, not initialized, bad header). The status is the answer; the body only explains.
      if (sent && 'id' in sent && (reply.id === null || reply.id === undefined) && sent.id !== null && (x.httpStatus ?? 0) >= 400) {
        rejections.push(`${where}: HTTP ${x.httpStatus} with id ${reply.id === null ? 'null' : 'missing'} (${excerpt(asError(reply), 80)})`);
      } else if (sent && 'id' in sent) {
        if (reply.id === null && sent.id !== null) evidence.push(`${where}: answered with id null although the request id ${JSON.stringify(sent.id)} was readable`);
        else if (reply.id !== sent.id) evidence.push(`${where}: id not echoed (sent ${JSON.stringify(sent.id)}, got ${JSON.stringify(reply.id)})`);
      }
    }
    for (const e of t.events) {
      if (e.dir !== 'in' || e.kind !== 'message' || attributed.has(e.seq)) continue;
      const m = e.message as Msg;
      if (typeof m.method === 'string') {
        if (m.jsonrpc !== '2.0') evidence.push(`${e.conn}: ${m.method} without "jsonrpc": "2.0"`);
        if ('id' in m && typeof m.id !== 'string' && typeof m.id !== 'number') evidence.push(`${e.conn}: server request ${m.method} with id ${JSON.stringify(m.id)}`);
        continue;
      }
      // Late: its id is that of a request that timed out, or it came back on the POST of one.
      const late = t.exchanges.find((x) => x.conn === e.conn && x.outcome === 'timeout' && (x.id === m.id || (e.replyTo !== undefined && x.sentSeq === e.replyTo)));
      if (!late) evidence.push(`${e.conn}: an answer to no pending request: ${excerpt(m, 120)}`);
    }
    if (responses === 0) return skip('no response was received');
    const found: Diagnostic[] = evidence.map((line) => finding('jsonrpc-envelope/malformed', 'fail', line, RESPONSES, { evidence: [line] }));
    if (rejections.length > 0) {
      found.push(
        finding('jsonrpc-envelope/transport-rejection', 'info', `${rejections.length} transport-level HTTP rejection(s) carried id null (or none): allowed, the HTTP status is the answer`, HTTP_REJECTION, {
          evidence: rejections,
          args: { count: rejections.length },
        }),
      );
    }
    const result = verdict(found, { summary: `${responses} responses: ids echoed, envelopes well-formed` });
    return result.status === 'fail' ? { ...result, summary: `${evidence.length} malformed message(s)`, evidence } : result;
  },
};
