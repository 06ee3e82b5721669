// One bounded autocannon load: unique JSON-RPC ids per request (setupRequest), every answer checked
// (onResponse): non-2xx, JSON-RPC errors, tool errors (isError) and unparseable bodies are counted.
import autocannon from 'autocannon';
import { LEGACY, MODERN, MODERN_META, OPERATIONS, parseMessages } from './common.mjs';

/**
 * @param {object} o
 * @param {string} o.url
 * @param {'modern'|'legacy'} o.wire
 * @param {keyof OPERATIONS} o.op
 * @param {number} o.connections
 * @param {number} [o.duration] seconds (bounded load); or o.amount requests
 * @param {string} [o.sessionId] legacy session to reuse
 */
export async function runLoad({ url, wire, op, connections, duration, amount, sessionId }) {
  const [method, params, name] = OPERATIONS[op];
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  if (wire === 'modern')
    Object.assign(headers, {
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(name ? { 'mcp-name': name } : {}),
    });
  else
    Object.assign(headers, { 'mcp-protocol-version': LEGACY, ...(sessionId ? { 'mcp-session-id': sessionId } : {}) });
  const p = wire === 'modern' ? { ...params, _meta: MODERN_META } : params;
  // The body around the id is fixed: build it once, splice the id per request.
  const tail = JSON.stringify({ method, params: p }).slice(1);
  let seq = 0;
  const c = { checked: 0, jsonRpcErrors: 0, toolErrors: 0, badBodies: 0, idMismatch: 0, sse: 0, firstError: null };
  const requests = [
    {
      method: 'POST',
      path: new URL(url).pathname,
      headers,
      setupRequest(req, context) {
        const id = ++seq;
        context.id = id;
        req.body = `{"jsonrpc":"2.0","id":${id},${tail}`;
        return req;
      },
      onResponse(status, body, context, resHeaders) {
        c.checked++;
        if ((resHeaders?.['content-type'] ?? '').includes('event-stream')) c.sse++;
        // Fast path (keeps the load generator cheap): one answer with this id, a result, no error.
        const b = String(body);
        const idAt = b.indexOf(`"id":${context.id}`);
        const after = idAt >= 0 ? b.charCodeAt(idAt + 5 + String(context.id).length) : 0;
        if (
          idAt >= 0 &&
          (after === 44 || after === 125) &&
          b.includes('"result":') &&
          !b.includes('"error":{') &&
          !b.includes('"isError":true') &&
          status >= 200 &&
          status < 300
        )
          return;
        const msgs = parseMessages(b);
        const m = msgs.find((x) => x && x.id !== undefined && (x.result !== undefined || x.error !== undefined));
        if (!m) {
          c.badBodies++;
          c.firstError ??= `${status} ${b.slice(0, 200)}`;
          return;
        }
        if (m.id !== context.id) c.idMismatch++;
        if (m.error) {
          c.jsonRpcErrors++;
          c.firstError ??= `${status} ${JSON.stringify(m.error).slice(0, 200)}`;
        } else if (m.result?.isError) {
          c.toolErrors++;
          c.firstError ??= `tool error ${JSON.stringify(m.result).slice(0, 200)}`;
        }
      },
    },
  ];
  const opts = { url, connections, requests, timeout: 30, ...(amount ? { amount } : { duration: duration ?? 5 }) };
  const r = await new Promise((resolve, reject) => {
    const inst = autocannon(opts, (err, res) => (err ? reject(err) : resolve(res)));
    // Bound in time even when `amount` is used.
    const guard = setTimeout(() => inst.stop(), ((duration ?? 60) + 60) * 1000);
    inst.on('done', () => clearTimeout(guard));
  });
  const errors = r.non2xx + r.errors + r.timeouts + c.jsonRpcErrors + c.toolErrors + c.badBodies + c.idMismatch;
  return {
    wire,
    op,
    connections,
    durationS: r.duration,
    requests: r.requests.total,
    rps: r.requests.average,
    rpsTotal: r.requests.total / Math.max(r.duration, 0.001),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx,
    socketErrors: r.errors,
    timeouts: r.timeouts,
    ...c,
    errors,
    flagged: errors > 0,
  };
}
