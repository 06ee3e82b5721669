/**
 * Compares two JSON Schemas of one tool. For an input schema the host is the writer: a
 * change that rejects what it used to send is breaking (removed or newly required
 * argument, narrower type, enum or range). For an output schema the host is the reader:
 * a change that gives it what it did not expect is breaking (removed or optional field,
 * wider type or enum). Pure.
 */
import { type Change, change } from './change.js';

type Msg = Record<string, unknown>;
export type Direction = 'input' | 'output';

const obj = (v: unknown): Msg => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Msg) : {});
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The JSON types a schema accepts; undefined for "any". `integer` is inside `number`. */
function typesOf(schema: Msg): Set<string> | undefined {
  const t = schema.type;
  if (typeof t === 'string') return new Set([t]);
  if (Array.isArray(t)) return new Set(t.filter((x): x is string => typeof x === 'string'));
  return undefined;
}
const accepts = (types: Set<string> | undefined, t: string) =>
  types === undefined || types.has(t) || (t === 'integer' && types.has('number'));

/** Lower bounds (a higher value narrows) and upper bounds (a lower value narrows). */
const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];

export function diffSchema(before: unknown, after: unknown, subject: string, dir: Direction, path = ''): Change[] {
  const a = obj(before);
  const b = obj(after);
  const out: Change[] = [];
  const at = path || '/';
  const narrowed = dir === 'input' ? 'breaking' : 'additive';
  const widened = dir === 'input' ? 'additive' : 'breaking';
  const prefix = dir === 'input' ? 'argument' : 'output-field';

  const ta = typesOf(a);
  const tb = typesOf(b);
  if (!same(ta && [...ta].sort(), tb && [...tb].sort())) {
    const lost = ta ? [...ta].filter((t) => !accepts(tb, t)) : tb ? ['(any)'] : [];
    const gained = tb ? [...tb].filter((t) => !accepts(ta, t)) : ta ? ['(any)'] : [];
    if (lost.length > 0)
      out.push(
        change(narrowed, `${dir}-type-narrowed`, subject, `${at}: type no longer accepts ${lost.join(', ')}`, {
          path: at,
          before: a.type,
          after: b.type,
        }),
      );
    if (gained.length > 0)
      out.push(
        change(widened, `${dir}-type-widened`, subject, `${at}: type now also accepts ${gained.join(', ')}`, {
          path: at,
          before: a.type,
          after: b.type,
        }),
      );
  }

  const ea = Array.isArray(a.enum) ? a.enum : undefined;
  const eb = Array.isArray(b.enum) ? b.enum : undefined;
  if (!same(ea, eb)) {
    const has = (list: unknown[] | undefined, v: unknown) => list === undefined || list.some((x) => same(x, v));
    const lost = ea ? ea.filter((v) => !has(eb, v)) : eb ? ['(any value)'] : [];
    const gained = eb ? eb.filter((v) => !has(ea, v)) : ea ? ['(any value)'] : [];
    if (lost.length > 0)
      out.push(
        change(
          narrowed,
          `${dir}-enum-narrowed`,
          subject,
          `${at}: enum lost ${lost.map((v) => JSON.stringify(v)).join(', ')}`,
          { path: at, before: ea, after: eb },
        ),
      );
    if (gained.length > 0)
      out.push(
        change(
          widened,
          `${dir}-enum-widened`,
          subject,
          `${at}: enum gained ${gained.map((v) => JSON.stringify(v)).join(', ')}`,
          { path: at, before: ea, after: eb },
        ),
      );
  }
  if (!same(a.const, b.const))
    out.push(
      change('breaking', `${dir}-const-changed`, subject, `${at}: const changed`, {
        path: at,
        before: a.const,
        after: b.const,
      }),
    );

  for (const key of [...LOWER, ...UPPER]) {
    const va = typeof a[key] === 'number' ? (a[key] as number) : undefined;
    const vb = typeof b[key] === 'number' ? (b[key] as number) : undefined;
    if (va === vb) continue;
    const tighter = LOWER.includes(key)
      ? vb !== undefined && (va === undefined || vb > va)
      : vb !== undefined && (va === undefined || vb < va);
    const cls = tighter ? narrowed : widened;
    out.push(
      change(
        cls,
        `${dir}-range-${tighter ? 'narrowed' : 'widened'}`,
        subject,
        `${at}: ${key} ${va ?? '(none)'} → ${vb ?? '(none)'}`,
        { path: at, before: va, after: vb },
      ),
    );
  }

  if (
    a.additionalProperties !== b.additionalProperties &&
    (a.additionalProperties === false || b.additionalProperties === false)
  ) {
    const closed = b.additionalProperties === false;
    out.push(
      change(
        closed ? narrowed : widened,
        `${dir}-${closed ? 'closed' : 'opened'}`,
        subject,
        `${at}: additionalProperties ${closed ? 'now false (unknown fields rejected)' : 'no longer false'}`,
        { path: at },
      ),
    );
  }

  const pa = obj(a.properties);
  const pb = obj(b.properties);
  const ra = new Set(Array.isArray(a.required) ? (a.required as string[]) : []);
  const rb = new Set(Array.isArray(b.required) ? (b.required as string[]) : []);
  for (const name of Object.keys(pa)) {
    const p = `${path}/${name}`;
    if (!(name in pb)) {
      out.push(
        change(
          'breaking',
          `${prefix}-removed`,
          subject,
          `${dir === 'input' ? 'argument' : 'output field'} ${p} removed`,
          { path: p },
        ),
      );
      continue;
    }
    if (dir === 'input' && !ra.has(name) && rb.has(name))
      out.push(change('breaking', 'argument-now-required', subject, `argument ${p} is now required`, { path: p }));
    if (dir === 'input' && ra.has(name) && !rb.has(name))
      out.push(change('additive', 'argument-now-optional', subject, `argument ${p} is now optional`, { path: p }));
    if (dir === 'output' && ra.has(name) && !rb.has(name))
      out.push(
        change('breaking', 'output-field-now-optional', subject, `output field ${p} may now be missing`, { path: p }),
      );
    if (dir === 'output' && !ra.has(name) && rb.has(name))
      out.push(
        change('additive', 'output-field-now-required', subject, `output field ${p} is now always present`, {
          path: p,
        }),
      );
    out.push(...diffSchema(pa[name], pb[name], subject, dir, p));
  }
  for (const name of Object.keys(pb)) {
    if (name in pa) continue;
    const p = `${path}/${name}`;
    if (dir === 'input' && rb.has(name))
      out.push(change('breaking', 'required-argument-added', subject, `new required argument ${p}`, { path: p }));
    else
      out.push(
        change(
          'additive',
          `${prefix}-added`,
          subject,
          `new ${dir === 'input' ? 'optional argument' : 'output field'} ${p}`,
          { path: p },
        ),
      );
  }
  if (a.items !== undefined || b.items !== undefined)
    out.push(...diffSchema(a.items, b.items, subject, dir, `${path}/items`));
  if (
    typeof a.description === 'string' &&
    typeof b.description === 'string' &&
    a.description !== b.description &&
    path !== ''
  ) {
    out.push(change('additive', `${dir}-description-changed`, subject, `${at}: description changed`, { path: at }));
  }
  return out;
}
