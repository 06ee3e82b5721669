import { LABEL } from '../labels.js';
import { withEnvelope } from '../protocol.js';
import type { Era } from '../types.js';
import type { Reply, RpcConnection } from '../wire/rpc.js';

export type ListKind = 'tools' | 'resources' | 'resourceTemplates' | 'prompts';

export const LIST_METHOD: Record<ListKind, string> = {
  tools: 'tools/list',
  resources: 'resources/list',
  resourceTemplates: 'resources/templates/list',
  prompts: 'prompts/list',
};

export interface WireContext {
  era: Era;
  /** Modern: the version named in every request's envelope. */
  version?: string;
}

/** Build params for this era: modern requests carry the envelope. */
export function paramsFor(ctx: WireContext, params: Record<string, unknown> = {}): Record<string, unknown> | undefined {
  if (ctx.era === 'modern') return withEnvelope(ctx.version ?? '2026-07-28', params);
  return Object.keys(params).length > 0 ? params : undefined;
}

export function resultOf(reply: Reply): Record<string, unknown> | undefined {
  const r = reply.message?.result;
  return r && typeof r === 'object' ? (r as Record<string, unknown>) : undefined;
}

export type Listing = Partial<Record<ListKind, Record<string, unknown>[]>>;

/** Tools are followed through every page (a host needs them all); the rest: first page only. */
const MAX_TOOL_PAGES = 10;

/**
 * One listing round. Each request is labelled `list-<round>` so the checks can tell
 * the first listing from the drift re-listing.
 */
export async function listRound(
  conn: RpcConnection,
  ctx: WireContext,
  kinds: ListKind[],
  round: number,
): Promise<Listing> {
  const out: Listing = {};
  for (const kind of kinds) {
    const method = LIST_METHOD[kind];
    let cursor: string | undefined;
    const sentCursors = new Set<string>();
    const items: Record<string, unknown>[] = [];
    let ok = false;
    for (let page = 1; page <= (kind === 'tools' ? MAX_TOOL_PAGES : 1); page++) {
      const reply = await conn.request(method, paramsFor(ctx, cursor ? { cursor } : {}), {
        label: page === 1 ? LABEL.list(round) : LABEL.listPage(round, page),
      });
      const result = resultOf(reply);
      if (!result) break;
      ok = true;
      const list = result[kind];
      if (Array.isArray(list)) items.push(...(list as Record<string, unknown>[]));
      const next = typeof result.nextCursor === 'string' && result.nextCursor !== '' ? result.nextCursor : undefined;
      // A cursor already followed would loop forever: stop (the pagination check reports it).
      if (!next || next === cursor || sentCursors.has(next)) break;
      sentCursors.add(next);
      cursor = next;
    }
    if (ok) out[kind] = items;
  }
  return out;
}
