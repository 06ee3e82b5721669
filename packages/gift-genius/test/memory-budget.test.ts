import { describe, expect, it } from 'vitest';
import { EraMemo, MAX_MEMO_KEY_CHARS } from '../dist/http/plain-request.js';

/** What the server keeps per client is bounded by the server, whatever the client sends (issue 13). */
describe("memory budget: the table's era memo", () => {
  it('keeps no key over MAX_MEMO_KEY_CHARS: 256 distinct 1 MB envelopes leave nothing behind', () => {
    const memo = new EraMemo();
    for (let i = 0; i < 256; i++) {
      const message = {
        jsonrpc: '2.0',
        id: i,
        method: 'tools/call',
        params: {
          name: 'get_gift',
          arguments: { id: 'x' },
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {
              experimental: { [`k${i}`]: { pad: 'x'.repeat(1024 * 1024) } },
            },
          },
        },
      };
      expect(memo.classify(message, message.params._meta, '2026-07-28', 'tools/call')).toBe('modern');
    }
    expect(memo.retainedChars).toBe(0);
    const small = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'get_gift',
        arguments: {},
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    };
    memo.classify(small, small.params._meta, '2026-07-28', 'tools/call');
    expect(memo.retainedChars).toBeGreaterThan(0);
    expect(memo.retainedChars).toBeLessThanOrEqual(MAX_MEMO_KEY_CHARS);
  });
});
