import { LABEL } from '../labels.js';
import type { RpcConnection } from '../wire/rpc.js';
import { type Listing, paramsFor, type WireContext } from './listing.js';

/** A `completion/complete` ref the server can actually resolve, when it has one. */
export function completionRequest(listing: Listing): Record<string, unknown> {
  for (const prompt of listing.prompts ?? []) {
    const args = prompt.arguments as Array<{ name?: unknown }> | undefined;
    const arg = args?.find((a) => typeof a.name === 'string');
    if (typeof prompt.name === 'string' && arg)
      return { ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: arg.name, value: '' } };
  }
  for (const template of listing.resourceTemplates ?? []) {
    const uriTemplate = template.uriTemplate;
    const variable = typeof uriTemplate === 'string' ? /\{[+#./;?&]?([A-Za-z0-9_]+)/.exec(uriTemplate)?.[1] : undefined;
    if (typeof uriTemplate === 'string' && variable)
      return { ref: { type: 'ref/resource', uri: uriTemplate }, argument: { name: variable, value: '' } };
  }
  return { ref: { type: 'ref/prompt', name: 'mcp-handshake-probe' }, argument: { name: 'value', value: '' } };
}

/**
 * Ask for every optional feature whether or not it was declared: an answer from an
 * undeclared one is as much a finding as silence from a declared one.
 */
export async function capabilityProbes(
  conn: RpcConnection,
  ctx: WireContext,
  capabilities: Record<string, unknown>,
  listing: Listing,
): Promise<void> {
  if (ctx.era === 'legacy') await conn.request('logging/setLevel', { level: 'warning' }, { label: LABEL.probeLogging });
  await conn.request('completion/complete', paramsFor(ctx, completionRequest(listing)), {
    label: LABEL.probeCompletions,
  });
  const resources = capabilities.resources as Record<string, unknown> | undefined;
  const uri = listing.resources?.find((r) => typeof r.uri === 'string')?.uri as string | undefined;
  if (ctx.era === 'legacy' && resources?.subscribe === true && uri) {
    await conn.request('resources/subscribe', { uri }, { label: LABEL.probeSubscribe });
    await conn.request('resources/unsubscribe', { uri }, { label: LABEL.probeUnsubscribe });
  }
}
