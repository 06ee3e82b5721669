import { classifyInboundRequest } from '@modelcontextprotocol/server';
import { MODERN_PROTOCOL_VERSION } from '../../primitives/lane.js';
import type { PlainToolCall } from './direct-call.js';

export type CallEra = 'modern' | 'legacy' | 'other';

const MAX_VERDICTS = 256;
/** A key longer than this (a client stuffing its envelope) is classified each time, not remembered. */
export const MAX_MEMO_KEY_CHARS = 4096;
/** So the memo holds at most MAX_VERDICTS × MAX_MEMO_KEY_CHARS characters of keys (~2 MB), whatever clients send. */

/**
 * The SDK classifier's verdict (`classifyInboundRequest`: modern at 2026-07-28, legacy, or
 * anything else) on a plain tool call, remembered per (MCP-Protocol-Version, Mcp-Method,
 * envelope).
 *
 * Why: the classifier checks the JSON-RPC shape and the `_meta` envelope with zod, which
 * allocates 9–12 KB per call (bench, direct path: about 40 % of everything a suggest_gifts
 * call allocates); garbage collection was the largest cost left there. For a message
 * plainToolCall accepted — strict top level, a string or integer id, `tools/call`, params of
 * name / arguments / `_meta`, `_meta` of the envelope keys only — the classifier reads nothing
 * else: not the arguments (loose params), not Mcp-Name. So its verdict is a function of that
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
    message: unknown,
    call: PlainToolCall,
    protocolVersionHeader: string | undefined,
    mcpMethodHeader: string | undefined,
  ): CallEra {
    const key = `${protocolVersionHeader ?? ''}\n${mcpMethodHeader ?? ''}\n${call.meta === undefined ? '' : JSON.stringify(call.meta)}`;
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
