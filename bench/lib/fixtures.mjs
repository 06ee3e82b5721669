// Captures gift-genius's own results (both eras) for the raw comparator, so raw sends the same bytes.
import { writeFileSync } from 'node:fs';
import { LEGACY, modernHeaders, OPERATIONS, openLegacySession, post, rpc } from './common.mjs';

/** Methods raw answers with one fixed captured result each (raw-core's byMethod), for the methods step. */
const BY_METHOD = ['resources/list', 'resources/read', 'prompts/list', 'prompts/get'];

export async function captureFixtures(url, file) {
  // lead: the notifications gift-genius sends before an answer (a legacy session's per-call log line), by era and
  // key, so raw sends them too, framed as gift-genius frames them (SSE over HTTP, one line each over stdio).
  const fx = { modern: {}, legacy: {}, modernExtra: {}, byMethod: { modern: {}, legacy: {} }, lead: {} };
  const leadOf = (era, key, r, id) => {
    const before = r.messages.filter((x) => x.id === undefined);
    if (r.messages.at(-1)?.id !== id) throw new Error(`fixture ${era} ${key}: the answer is not the last message`);
    if (before.length) fx.lead[`${era} ${key}`] = before;
  };
  const modern = async (key, [method, params, name]) => {
    const r = await post(url, rpc(7, method, params), modernHeaders(method, name));
    const m = r.messages.find((x) => x.id === 7);
    if (!m?.result) throw new Error(`fixture ${key}: ${r.status} ${r.text.slice(0, 300)}`);
    leadOf('modern', key, r, 7);
    return m.result;
  };
  fx.modern['server/discover'] = await modern('server/discover', ['server/discover', {}, undefined]);
  fx.modern['tools/list'] = await modern('tools/list', OPERATIONS['tools/list']);
  fx.modern.suggest = await modern('suggest', OPERATIONS.suggest_gifts);
  const g = await modern('get_gift', OPERATIONS.get_gift);
  const { content, structuredContent, ...extra } = g;
  fx.modernExtra = extra;

  const { sessionId, initResult } = await openLegacySession(url);
  fx.legacy.initialize = initResult;
  const h = { 'MCP-Protocol-Version': LEGACY, ...(sessionId ? { 'Mcp-Session-Id': sessionId } : {}) };
  const legacy = async (key, [method, params]) => {
    const r = await post(url, rpc(8, method, params, 'legacy'), h);
    const m = r.messages.find((x) => x.id === 8);
    if (!m?.result) throw new Error(`legacy fixture ${key}: ${r.status} ${r.text.slice(0, 300)}`);
    leadOf('legacy', key, r, 8);
    return m.result;
  };
  fx.legacy['tools/list'] = await legacy('tools/list', OPERATIONS['tools/list']);
  fx.legacy.suggest = await legacy('suggest', OPERATIONS.suggest_gifts);
  await legacy('get_gift', OPERATIONS.get_gift); // its lead only (raw builds get_gift answers from the catalog)
  for (const op of BY_METHOD) {
    const method = OPERATIONS[op][0];
    fx.byMethod.modern[method] = await modern(op, OPERATIONS[op]);
    fx.byMethod.legacy[method] = await legacy(op, OPERATIONS[op]);
  }
  writeFileSync(file, JSON.stringify(fx));
  return fx;
}
