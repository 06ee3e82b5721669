/**
 * What mcp-handshake keeps of a peer's JSON, bounded. JSON.parse itself is iterative and copes
 * with any depth, but every later walk (redaction, schema validation, JSON.stringify for a report)
 * recurses: a 2,000-deep answer of 4 KB used to overflow the stack. So depth is cut once, here,
 * where peer JSON enters (stdio lines, HTTP bodies, SSE events, tap copies, transcript files),
 * and the cut is recorded on the event for the envelope rule to report. Pure.
 */

/** Deeper than any real MCP message (a JSON Schema nested 30 levels is already extreme). */
export const MAX_JSON_DEPTH = 64;
/** A single stdio line, HTTP body or SSE event kept for analysis (what passes through a tap is not cut). */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

export const CUT_MARK = '[mcp-handshake: nested deeper than this was cut]';

/** How deep `value` nests (a scalar is 0, `[]` is 1), counted without recursion, stopping past `limit`. */
export function depthOf(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const d = depth + 1;
    if (d > max) max = d;
    if (max > limit) return max;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, d]);
  }
  return max;
}

/**
 * `value` with everything below `max` levels replaced by CUT_MARK (the same value when it is
 * shallow enough), and how deep it really went (up to max + 1: past that, the exact figure
 * does not matter and is not computed).
 */
export function capDepth(value: unknown, max = MAX_JSON_DEPTH): { value: unknown; depth: number; cut: boolean } {
  const depth = depthOf(value, max);
  if (depth <= max) return { value, depth, cut: false };
  const root: { v: unknown } = { v: undefined };
  const stack: Array<{ node: unknown; depth: number; put: (v: unknown) => void }> = [
    { node: value, depth: 0, put: (v) => (root.v = v) },
  ];
  while (stack.length > 0) {
    const { node, depth: d, put } = stack.pop()!;
    if (node === null || typeof node !== 'object') {
      put(node);
      continue;
    }
    if (d >= max) {
      put(CUT_MARK);
      continue;
    }
    if (Array.isArray(node)) {
      const copy: unknown[] = new Array(node.length);
      put(copy);
      node.forEach((child, i) => stack.push({ node: child, depth: d + 1, put: (v) => (copy[i] = v) }));
    } else {
      const copy: Record<string, unknown> = {};
      put(copy);
      for (const [k, child] of Object.entries(node))
        stack.push({
          node: child,
          depth: d + 1,
          put: (v) =>
            Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true }),
        });
    }
  }
  return { value: root.v, depth, cut: true };
}

export type PeerJson = { ok: true; value: unknown; cutDepth?: number } | { ok: false };

/** A peer's text as JSON, depth-capped; `ok: false` when it is not JSON. */
export function parsePeerJson(text: string): PeerJson {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  const capped = capDepth(parsed);
  return capped.cut ? { ok: true, value: capped.value, cutDepth: capped.depth } : { ok: true, value: parsed };
}
