// The limit: a JSON-RPC answerer with precomputed results. It parses each request (for its id and
// method) and splices the id into a precomputed result string. The results are gift-genius's own,
// captured by the harness (--fixtures FILE, see bench/lib/fixtures.mjs), and so are the notifications
// gift-genius sends before an answer (a legacy session's per-call log line), so the messages on the wire
// match (test/bench-baseline.test.ts checks it); get_gift is served from a Map of precomputed results,
// built from the bundled catalog.
import { readFileSync } from 'node:fs';

const MODERN = '2026-07-28';

export function loadRaw(argv = process.argv) {
  const i = argv.indexOf('--fixtures');
  if (i < 0) throw new Error('raw server: --fixtures FILE is required (written by bench/run.mjs)');
  const fx = JSON.parse(readFileSync(argv[i + 1], 'utf8'));
  // The bundled catalog as data (no gift-genius modules: the limit loads nothing it does not need).
  const gifts = JSON.parse(
    readFileSync(new URL('../../packages/gift-genius/catalog/gifts.json', import.meta.url), 'utf8'),
  );
  const pre = (era) => ({
    initialize: JSON.stringify(fx.legacy.initialize),
    'server/discover': JSON.stringify(fx.modern['server/discover']),
    'tools/list': JSON.stringify(fx[era]['tools/list']),
    suggest: JSON.stringify(fx[era].suggest),
    byMethod: new Map(Object.entries(fx.byMethod?.[era] ?? {}).map(([m, r]) => [m, JSON.stringify(r)])),
    lead: new Map(
      Object.entries(fx.lead ?? {})
        .filter(([key]) => key.startsWith(`${era} `))
        .map(([key, ms]) => [key.slice(era.length + 1), ms.map((m) => JSON.stringify(m))]),
    ),
    gifts: new Map(
      gifts.map((g) => {
        const r = {
          content: [{ type: 'text', text: `${g.title} — $${g.price}\n${g.description}` }],
          structuredContent: { ...g, uri: `gift://catalog/${g.id}` },
          ...(era === 'modern' ? fx.modernExtra : {}),
        };
        return [g.id, JSON.stringify(r)];
      }),
    ),
  });
  const table = { modern: pre('modern'), legacy: pre('legacy') };

  const NONE = [];
  /** Returns the messages to send, the answer last (strings), or null for a notification (HTTP 202). */
  return function answer(text) {
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return ['{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}'];
    }
    if (msg.id === undefined) return null;
    const id = JSON.stringify(msg.id);
    const era = msg.params?._meta?.['io.modelcontextprotocol/protocolVersion'] === MODERN ? 'modern' : 'legacy';
    const t = table[era];
    let result;
    let key = msg.method;
    switch (msg.method) {
      case 'initialize':
        result = t.initialize;
        break;
      case 'server/discover':
        result = t['server/discover'];
        break;
      case 'tools/list':
        result = t['tools/list'];
        break;
      case 'ping':
        result = '{}';
        break;
      case 'tools/call': {
        const name = msg.params?.name;
        if (name === 'suggest_gifts') [key, result] = ['suggest', t.suggest];
        else if (name === 'get_gift') [key, result] = ['get_gift', t.gifts.get(msg.params?.arguments?.id)];
        if (result === undefined)
          return [`{"jsonrpc":"2.0","id":${id},"error":{"code":-32602,"message":"Unknown tool or gift"}}`];
        break;
      }
      default:
        // Further methods captured as they are (lib/fixtures.mjs, the methods step): one fixed answer each.
        result = t.byMethod.get(msg.method);
        if (result === undefined)
          return [`{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"Method not found"}}`];
    }
    return [...(t.lead.get(key) ?? NONE), `{"jsonrpc":"2.0","id":${id},"result":${result}}`];
  };
}
