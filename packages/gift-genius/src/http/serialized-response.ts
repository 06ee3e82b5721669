import type { JSONRPCMessage } from '@modelcontextprotocol/server';

/**
 * A JSON-RPC response as its bytes, serialised with the result's structured content
 * written once.
 *
 * Why: suggest_gifts' structured content is serialised for its text block anyway (the 2025-06-18+
 * recommendation), and JSON.stringify of the whole response would serialise that object a second
 * time: measured in-process, ~5 of a call's ~70 µs of CPU. The text is exactly what
 * `JSON.stringify({ jsonrpc, id, result })` gives (test/serialized-response.test.ts holds it to that).
 */
export class SerializedResponse {
  readonly json: string;

  constructor(id: string | number, result: Record<string, unknown>, structuredJson: string) {
    this.json = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson(result, structuredJson)}}`;
  }
}

/** A message of one exchange, as the direct path hands it to the writer. */
export type OutboundMessage = JSONRPCMessage | SerializedResponse;

export function messageJson(message: OutboundMessage): string {
  return message instanceof SerializedResponse ? message.json : JSON.stringify(message);
}

/** `JSON.stringify(result)` with `structuredContent` taken from `structuredJson`: the same keys, in the same order. */
function resultJson(result: Record<string, unknown>, structuredJson: string): string {
  let json = '{';
  for (const key of Object.keys(result)) {
    const value = key === 'structuredContent' ? structuredJson : JSON.stringify(result[key]);
    if (value === undefined) continue; // as JSON.stringify leaves out undefined and functions
    json += `${json.length > 1 ? ',' : ''}${JSON.stringify(key)}:${value}`;
  }
  return `${json}}`;
}
