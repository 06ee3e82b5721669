import { DefaultJsonSchemaValidator as SdkValidator } from '@modelcontextprotocol/server/_shims';
import { describe, expect, it } from 'vitest';
import { runBundle, STDIO_BUNDLE } from '../dist/stdio/loader.js';

type Validator = { getValidator(schema: object): (input: unknown) => { valid: boolean; errorMessage?: string } };

/**
 * The stdio bundle loads the SDK's JSON Schema validator (ajv) on first use, through a stand-in for the
 * SDK's `_shims` (scripts/lazy-shims.cjs, build-stdio.mjs): what it answers must be what the SDK's own
 * validator answers, and nothing of ajv may run before a schema is validated.
 */
describe('the stdio bundle', () => {
  const { exports } = runBundle<{ DefaultJsonSchemaValidator: new () => Validator }>(STDIO_BUNDLE);
  const schema = {
    type: 'object',
    properties: { budget: { type: 'number', exclusiveMinimum: 0 }, note: { type: 'string', maxLength: 5 } },
    required: ['budget'],
  };
  const inputs = [{ budget: 40 }, { budget: 0 }, { budget: '40' }, {}, { budget: 1, note: 'too long' }, null];

  it('validates as the SDK validator does', () => {
    const bundled = new exports.DefaultJsonSchemaValidator().getValidator(schema);
    const sdk = new SdkValidator().getValidator(schema);
    for (const input of inputs) expect(bundled(input)).toEqual(sdk(input));
    expect(inputs.map((input) => bundled(input).valid)).toEqual([true, false, false, false, false, false]);
  });

  it('is the stand-in, not ajv itself (the SDK builds one per server instance at every start)', () => {
    expect(Object.getOwnPropertyNames(exports.DefaultJsonSchemaValidator.prototype)).toEqual([
      'constructor',
      'getValidator',
    ]);
  });
});
