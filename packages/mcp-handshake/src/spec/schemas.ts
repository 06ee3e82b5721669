/**
 * The MCP spec's own JSON Schema per revision (schema/mcp/<revision>.schema.json, extracted from the
 * conformance suite by scripts/sync-spec-schemas.mjs) and ajv validators for the messages of each revision.
 * A new revision is a new file there and a line in REVISION_FILES: no code.
 */
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);
const Ajv = require('ajv').default as typeof import('ajv').default;
const Ajv2020 = require('ajv/dist/2020').default as typeof import('ajv').default;

/** Revisions with a published schema. 2024-11-05 has none in the packages this tool can use. */
export const SCHEMA_REVISIONS = ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type SchemaRevision = (typeof SCHEMA_REVISIONS)[number];
export const hasSchema = (revision: string | undefined): revision is SchemaRevision =>
  (SCHEMA_REVISIONS as readonly string[]).includes(revision ?? '');

type Json = Record<string, unknown>;

interface RevisionSchema {
  defsKey: '$defs' | 'definitions';
  defs: Record<string, Json>;
  /** method → the definition of its request or notification */
  byMethod: Map<string, string>;
  validatorFor(ref: string): ValidateFunction;
}

const loaded = new Map<string, RevisionSchema>();
// Formats are annotations (2020-12) and the spec's `uri` is looser than RFC 3986 in practice: not asserted. The spec
// schemas are not meta-validated on load (measured: that was most of a cold run's ~450 ms); the sync script
// checks them.
const AJV_OPTIONS = {
  strict: false,
  allErrors: true,
  validateFormats: false,
  logger: false as const,
  validateSchema: false,
};
// One instance per dialect, shared by the revisions (each schema has its own $id): starting an instance costs more
// than compiling a definition.
let ajv07: InstanceType<typeof Ajv> | undefined;
let ajv2020: InstanceType<typeof Ajv2020> | undefined;

/**
 * The spec schemas of 2025-06-18 and 2025-11-25 type NumberSchema's minimum/maximum/default as integer although
 * the prose allows any number; the conformance suite relaxes them the same way, so this tool does too.
 */
function relax(revision: string, schema: Json): Json {
  if (revision !== '2025-11-25' && revision !== '2025-06-18') return schema;
  const copy = structuredClone(schema);
  const defs = (copy.$defs ?? copy.definitions) as Record<string, Json>;
  const props = (defs.NumberSchema?.properties ?? {}) as Record<string, Json>;
  for (const key of ['minimum', 'maximum', 'default']) if (props[key]?.type === 'integer') props[key].type = 'number';
  return copy;
}

function load(revision: SchemaRevision): RevisionSchema {
  const cached = loaded.get(revision);
  if (cached) return cached;
  const schema = relax(revision, require(`../../schema/mcp/${revision}.schema.json`) as Json);
  const is2020 = typeof schema.$schema === 'string' && schema.$schema.includes('2020-12');
  const ajv = is2020 ? (ajv2020 ??= new Ajv2020(AJV_OPTIONS)) : (ajv07 ??= new Ajv(AJV_OPTIONS));
  const id = `mcp://${revision}/schema.json`;
  const { $schema: _ignored, ...body } = schema;
  ajv.addSchema({ ...body, $id: id });
  const defsKey = '$defs' in schema ? '$defs' : 'definitions';
  const defs = schema[defsKey] as Record<string, Json>;
  const byMethod = new Map<string, string>();
  for (const [name, def] of Object.entries(defs)) {
    const method = ((def.properties as Json | undefined)?.method as Json | undefined)?.const;
    if (typeof method === 'string' && (name.endsWith('Request') || name.endsWith('Notification')))
      byMethod.set(method, name);
  }
  const validators = new Map<string, ValidateFunction>();
  const entry: RevisionSchema = {
    defsKey,
    defs,
    byMethod,
    validatorFor(ref) {
      let v = validators.get(ref);
      if (!v) validators.set(ref, (v = ajv.compile({ $ref: `${id}#/${defsKey}/${ref}` })));
      return v;
    },
  };
  loaded.set(revision, entry);
  return entry;
}

/** The definition a result of `method` must match: `<X>Result` for `<X>Request`, else EmptyResult. */
export function resultDefinition(revision: SchemaRevision, method: string): string | undefined {
  const s = load(revision);
  const request = s.byMethod.get(method);
  if (!request?.endsWith('Request')) return undefined;
  const result = `${request.slice(0, -'Request'.length)}Result`;
  return result in s.defs ? result : 'EmptyResult' in s.defs ? 'EmptyResult' : undefined;
}

/** The definition of a notification or request the server sends, by its method. */
export const messageDefinition = (revision: SchemaRevision, method: string): string | undefined =>
  load(revision).byMethod.get(method);

export interface Violation {
  /** JSON pointer into the validated value. */
  pointer: string;
  message: string;
  keyword: string;
}

/**
 * Validate `value` against one definition of a revision, or against a path inside one
 * (`JSONRPCError/properties/error`).
 */
export function validateAgainst(revision: SchemaRevision, ref: string, value: unknown): Violation[] {
  const validate = load(revision).validatorFor(ref);
  if (validate(value)) return [];
  return simplify(validate.errors ?? []);
}

/** The error object's definition: `Error` from 2025-11-25 on, inline in JSONRPCError before. */
export const errorDefinition = (revision: SchemaRevision): string =>
  'Error' in load(revision).defs ? 'Error' : 'JSONRPCError/properties/error';

/**
 * ajv reports every branch of an anyOf; keep the deepest errors (they name the field that is wrong) and
 * drop the "must match a schema in anyOf" summaries above them.
 */
function simplify(errors: ErrorObject[]): Violation[] {
  const specific = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf' && e.keyword !== 'if');
  const list = specific.length > 0 ? specific : errors;
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const e of list) {
    const pointer = e.instancePath || '';
    const message =
      e.keyword === 'required'
        ? `must have required property "${String((e.params as { missingProperty?: string }).missingProperty)}"`
        : (e.message ?? 'is invalid');
    const key = `${pointer} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      pointer:
        e.keyword === 'required'
          ? `${pointer}/${String((e.params as { missingProperty?: string }).missingProperty)}`
          : pointer,
      message,
      keyword: e.keyword,
    });
  }
  return out;
}
