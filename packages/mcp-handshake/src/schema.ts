import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';

// ajv ships CommonJS; createRequire keeps its constructors typed and callable under NodeNext.
const require = createRequire(import.meta.url);
const Ajv = require('ajv').default as typeof import('ajv').default;
const Ajv2020 = require('ajv/dist/2020').default as typeof import('ajv').default;

const options = { strict: false, validateFormats: false, allErrors: true, logger: false as const };
const draft07 = new Ajv(options);
const draft2020 = new Ajv2020(options);

/**
 * Compile a tool schema with the dialect it names (2020-12 when it names none, as
 * 2025-11-25 says). `$schema` and `$id` are dropped first so an unknown or duplicate
 * meta-schema URI cannot make compilation fail for the wrong reason.
 */
export function compileSchema(schema: unknown): { validate?: ValidateFunction; error?: string } {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return { error: 'not an object' };
  const { $schema, $id: _id, ...rest } = schema as Record<string, unknown>;
  const dialect = typeof $schema === 'string' && /draft-0[67]/.test($schema) ? draft07 : draft2020;
  if (typeof $schema === 'string' && /draft-0[34]/.test($schema))
    return { error: `$schema ${$schema} is not supported by this check` };
  try {
    return { validate: dialect.compile(rest) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

export function formatAjvErrors(validate: ValidateFunction): string {
  return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`.trim()).join('; ');
}
