import { SERVER_INFO_META_KEY } from '@modelcontextprotocol/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stampModern } from '../dist/http/tool-call.js';
import { SERVER_IDENTITY } from '../dist/server.js';

/** stampModern copies key by key for speed; its answer must serialise exactly as the spread form it replaced. */
describe('stampModern', () => {
  const spreadForm = (result: Record<string, unknown>) => ({
    ...result,
    resultType: 'complete',
    _meta: { ...(result._meta as object), [SERVER_INFO_META_KEY]: SERVER_IDENTITY },
  });

  it('the same keys in the same order as the spread form, with and without _meta', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 6 }),
        fc.option(fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }), { nil: undefined }),
        fc.nat(6),
        (rest, meta, at) => {
          const entries = Object.entries(rest).filter(([k]) => k !== '_meta' && k !== 'resultType');
          if (meta !== undefined) entries.splice(Math.min(at, entries.length), 0, ['_meta', meta]);
          const result = Object.fromEntries(entries);
          expect(JSON.stringify(stampModern(result))).toBe(JSON.stringify(spreadForm(result)));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
