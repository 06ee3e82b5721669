import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageJson, SerializedResponse } from '../dist/http/serialized-response.js';

/**
 * The direct path writes suggest_gifts' answer from SerializedResponse's text (structured content
 * serialised once): those bytes must be exactly JSON.stringify's of the same message, whatever the
 * result holds (unicode, quotes, undefined members, nested objects, keys in any order).
 */
describe('SerializedResponse', () => {
  const json = fc.jsonValue();
  const result = fc.dictionary(
    fc.string(),
    fc.oneof(
      json,
      fc.constant(undefined),
      fc.constant(() => 1),
    ),
    { maxKeys: 8 },
  );

  it('writes the bytes JSON.stringify writes, for any result with structured content', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.integer()),
        result,
        fc.dictionary(fc.string(), json),
        fc.boolean(),
        (id, rest, structured, first) => {
          const full = first ? { structuredContent: structured, ...rest } : { ...rest, structuredContent: structured };
          const response = new SerializedResponse(id, full, JSON.stringify(structured));
          expect(response.json).toBe(JSON.stringify({ jsonrpc: '2.0', id, result: full }));
          expect(messageJson(response)).toBe(response.json);
          expect(JSON.parse(response.json)).toEqual({ jsonrpc: '2.0', id, result: JSON.parse(JSON.stringify(full)) });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a result without structured content too', () => {
    const response = new SerializedResponse(7, { content: [{ type: 'text', text: '"é\n' }] }, '{}');
    expect(response.json).toBe(
      JSON.stringify({ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: '"é\n' }] } }),
    );
  });
});
