import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';

/**
 * The SDK builds a server instance per HTTP request (2026-07-28 is stateless) and asks
 * every tool's schema for its JSON Schema again on each one; zod converts from scratch
 * each time. Profiled, that conversion was the largest single cost of a tools/call
 * (bench/results/*-profile.md). Schemas here are created once per process (or per tool
 * configuration), so their JSON form is computed once and handed back from then on.
 * Validation still runs through the schema's own `validate`.
 */
export function withCachedJsonSchema<S extends StandardSchemaWithJSON>(schema: S): S {
  const std = schema['~standard'];
  const cache = new Map<string, Record<string, unknown>>();
  const cached = (io: 'input' | 'output') => (options: Parameters<typeof std.jsonSchema.input>[0]) => {
    const key = `${io}\0${options?.target ?? ''}`;
    let json = cache.get(key);
    if (!json) cache.set(key, (json = std.jsonSchema[io](options)));
    return json;
  };
  return { '~standard': { ...std, jsonSchema: { input: cached('input'), output: cached('output') } } } as unknown as S;
}

/** Memoizes a schema factory per configuration object (a reload makes a new one). */
export function perConfig<C extends object, T>(build: (config: C) => T): (config: C) => T {
  const memo = new WeakMap<C, T>();
  return (config) => {
    let value = memo.get(config);
    if (value === undefined) memo.set(config, (value = build(config)));
    return value;
  };
}
