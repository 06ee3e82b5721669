import { classifyInboundRequest } from '@modelcontextprotocol/server';
import type { JsonObject } from '../../json-object.js';
import { MODERN_PROTOCOL_VERSION } from '../../primitives/lane.js';

export type CallEra = 'modern' | 'legacy' | 'other';

const MAX_VERDICTS = 256;
/** A key longer than this (a client stuffing its envelope) is classified each time, not remembered. */
export const MAX_MEMO_KEY_CHARS = 4096;
/** So the memo holds at most MAX_VERDICTS × MAX_MEMO_KEY_CHARS characters of keys (~2 MB), whatever clients send. */

/**
 * The SDK classifier's verdict (`classifyInboundRequest`: modern at 2026-07-28, legacy, or
 * anything else) on a plain request the fast path takes, remembered per (method,
 * MCP-Protocol-Version, Mcp-Method, envelope).
 *
 * Why: the classifier checks the JSON-RPC shape and the `_meta` envelope with zod, which
 * allocates 9–12 KB per call (bench, direct path: about 40 % of everything a suggest_gifts
 * call allocates); garbage collection was the largest cost left there. For a message the
 * fast path accepted — strict top level, a string or integer id, a method of its table, params
 * whose `_meta` holds the envelope keys only — the classifier reads nothing else: not the
 * other params (loose params), not Mcp-Name. So its verdict is a function of that
 * key, asked of the SDK the first time each key is seen. A client sends the same envelope on
 * every request, so in practice it is asked once per client. test/direct-call.test.ts checks
 * that bad envelopes and shapes are still refused exactly as the SDK refuses them.
 */
export class EraMemo {
  private readonly verdicts = new Map<string, CallEra>();
  private keyChars = 0;

  /** Characters of keys held (for the memory budget, and its test). */
  get retainedChars(): number {
    return this.keyChars;
  }

  classify(
    message: { method: string },
    meta: JsonObject | undefined,
    protocolVersionHeader: string | undefined,
    mcpMethodHeader: string | undefined,
  ): CallEra {
    const envelope = meta === undefined ? '' : JSON.stringify(meta);
    const key = `${message.method}\n${protocolVersionHeader ?? ''}\n${mcpMethodHeader ?? ''}\n${envelope}`;
    let verdict = this.verdicts.get(key);
    if (verdict === undefined) {
      const route = classifyInboundRequest({
        httpMethod: 'POST',
        protocolVersionHeader,
        mcpMethodHeader,
        body: message,
      });
      verdict =
        route.kind === 'legacy'
          ? 'legacy'
          : route.kind === 'modern' && route.classification.revision === MODERN_PROTOCOL_VERSION
            ? 'modern'
            : 'other';
      // Bounded in count and in size: a client cycling or inflating envelopes only costs the classification it
      // would have cost anyway.
      if (key.length > MAX_MEMO_KEY_CHARS) return verdict;
      if (this.verdicts.size >= MAX_VERDICTS) {
        this.verdicts.clear();
        this.keyChars = 0;
      }
      this.verdicts.set(key, verdict);
      this.keyChars += key.length;
    }
    return verdict;
  }
}
