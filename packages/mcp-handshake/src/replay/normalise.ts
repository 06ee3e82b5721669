/**
 * Volatile fields (ids, timestamps, session ids, request-scoped `_meta`) differ between two
 * runs of the same session; they are masked before requests are matched or answers compared.
 * Pure.
 */
type Msg = Record<string, unknown>;

const ISO_TIME = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})\b/g;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
/** `_meta` keys that name this request only. */
const VOLATILE_META = new Set(['progressToken', 'io.modelcontextprotocol/related-task']);

function mask(value: unknown, key?: string): unknown {
  if (typeof value === 'string') return value.replace(ISO_TIME, '<time>').replace(UUID, '<uuid>');
  if (Array.isArray(value)) return value.map((v) => mask(v));
  if (value && typeof value === 'object') {
    const out: Msg = {};
    for (const [k, v] of Object.entries(value as Msg)) {
      if (key === '_meta' && VOLATILE_META.has(k)) continue;
      if (
        /^(sessionId|session_id|timestamp|createdAt|updatedAt|requestId)$/.test(k) &&
        (typeof v === 'string' || typeof v === 'number')
      )
        out[k] = '<volatile>';
      else out[k] = mask(v, k);
    }
    return out;
  }
  return value;
}

/** A message without its id and with volatile values masked. */
export function normalise(message: Msg): Msg {
  const { id: _id, ...rest } = message;
  return mask(rest) as Msg;
}

export const sameNormalised = (a: Msg, b: Msg): boolean =>
  JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));

/** JSON pointers where two normalised values differ (at most `max`). */
export function differences(a: unknown, b: unknown, path = '', max = 8, out: string[] = []): string[] {
  if (out.length >= max) return out;
  if (JSON.stringify(a) === JSON.stringify(b)) return out;
  const isObj = (v: unknown) => v !== null && typeof v === 'object';
  if (!isObj(a) || !isObj(b) || Array.isArray(a) !== Array.isArray(b)) {
    out.push(`${path || '/'}: ${JSON.stringify(a)?.slice(0, 80)} → ${JSON.stringify(b)?.slice(0, 80)}`);
    return out;
  }
  const keys = new Set([...Object.keys(a as Msg), ...Object.keys(b as Msg)]);
  for (const k of keys) differences((a as Msg)[k], (b as Msg)[k], `${path}/${k}`, max, out);
  return out;
}
