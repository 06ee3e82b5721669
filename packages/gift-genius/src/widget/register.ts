import {
  getUiCapability,
  RESOURCE_MIME_TYPE,
  registerAppResource,
  registerAppTool,
} from '@modelcontextprotocol/ext-apps/server';
import type { CallToolResult, McpServer, RegisteredTool, ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { GiftGenApp } from '../app.js';
import type { Gift } from '../catalog/schema.js';
import { withCachedJsonSchema } from '../primitives/cached-schema.js';
import { clientCapabilities } from '../primitives/client-capabilities.js';
import type { Lane } from '../primitives/lane.js';
import { DEFAULT_TOOL_CONFIG } from '../primitives/tool-config.js';
import { buildSuggestInputSchema, SuggestOutputSchema, suggestionStructured } from '../primitives/tools.js';
import type { GiftQuery, Ranking } from '../recommend/rank.js';
import type { AppListing } from '../settings.js';
import { widgetResource, widgetResourceMeta, widgetResultMeta } from './meta.js';

export { suggestToolMeta, WIDGET_DATA_META_KEY, WIDGET_MIME_TYPE, widgetResource, widgetResultMeta } from './meta.js';

/** Tools only the widget calls: `_meta.ui.visibility: ["app"]`, never offered to the model. */
export const APP_ONLY_TOOLS = ['more_like_this', 'change_budget'] as const;

export interface WidgetHandles {
  moreLikeThis: RegisteredTool;
  changeBudget: RegisteredTool;
}

const QUERY_SCHEMA = buildSuggestInputSchema(DEFAULT_TOOL_CONFIG);
const MoreLikeThisInput = withCachedJsonSchema(
  QUERY_SCHEMA.extend({
    id: z.string().trim().min(1).max(120).describe('Id of the gift to find more like'),
    shown: z.array(z.string().max(120)).max(50).optional().describe('Ids already on screen, skipped'),
  }),
);
const ChangeBudgetInput = withCachedJsonSchema(
  QUERY_SCHEMA.extend({
    budget: z.number().positive().max(100_000).describe('New most-to-spend, in USD'),
  }),
);

/**
 * The MCP Apps surface of one server instance: the widget resource, the two app-only
 * tools it calls, and listings that show both only to clients that declared MCP Apps.
 * It is the same on every lane (stdio, legacy sessions, stateless legacy HTTP, modern):
 * reading the widget and calling its tools are ordinary single requests. One caveat: a
 * stateless legacy POST carries no client capabilities, so there the listings follow
 * `listing` as if the client had not declared MCP Apps (calls still work).
 */
export function registerWidget(
  server: McpServer,
  app: GiftGenApp,
  _lane: Lane,
  listing: AppListing = app.appListing,
): WidgetHandles {
  const widget = widgetResource();
  const resourceMeta = widgetResourceMeta(app.widgetDomain);

  registerAppResource(
    server,
    'gift-suggestions-widget',
    widget.uri,
    {
      title: 'GiftGen gift cards',
      description: 'Interactive cards for suggest_gifts results (MCP Apps / ChatGPT widget).',
      mimeType: RESOURCE_MIME_TYPE,
      _meta: resourceMeta,
    },
    async () => ({
      contents: [{ uri: widget.uri, mimeType: RESOURCE_MIME_TYPE, text: widget.html, _meta: resourceMeta }],
    }),
  );

  const appToolMeta = {
    ui: { resourceUri: widget.uri, visibility: ['app'] as Array<'app'> },
    // ChatGPT's own spelling of the same intent.
    'openai/visibility': 'private',
    'openai/widgetAccessible': true,
  };
  const maxCount = () => app.toolConfig.tools.suggest_gifts.maxCount;

  const moreLikeThis = registerAppTool(
    server,
    'more_like_this',
    {
      title: 'More gift ideas like this one',
      description: 'Widget-only: gift ideas similar to one gift, for the same recipient, skipping the ones on screen.',
      inputSchema: MoreLikeThisInput,
      outputSchema: SuggestOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
      _meta: appToolMeta,
    },
    async (raw: unknown): Promise<CallToolResult> => {
      const { id, shown, ...query } = raw as GiftQuery & { id: string; shown?: string[] };
      const seed: Gift | undefined = app.gifts.find((g) => g.id === id) ?? (await app.store.get(id));
      if (!seed) return { isError: true, content: [{ type: 'text', text: `No gift with id "${id}".` }] };
      const skip = new Set([seed.id, ...(shown ?? [])]);
      const ranking = app.rank(
        { ...query, interests: seed.interests, count: Math.min(query.count ?? 5, maxCount()) },
        { skipIds: skip },
      );
      return suggestionResult(ranking, query, `More like ${seed.title}`);
    },
  );

  const changeBudget = registerAppTool(
    server,
    'change_budget',
    {
      title: 'Gift ideas for another budget',
      description: 'Widget-only: the same gift search again with a new budget.',
      inputSchema: ChangeBudgetInput,
      outputSchema: SuggestOutputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
      _meta: appToolMeta,
    },
    async (raw: unknown): Promise<CallToolResult> => {
      const query = raw as GiftQuery & { budget: number };
      const ranking = app.rank({ ...query, count: Math.min(query.count ?? 5, maxCount()) });
      return suggestionResult(ranking, query);
    },
  );

  if (listing === 'negotiated') {
    const hidden = new Set<string>(APP_ONLY_TOOLS);
    filterListing(server, 'tools/list', (result, ctx) =>
      appsNegotiated(server, ctx)
        ? result
        : { ...result, tools: (result.tools as Array<{ name: string }>).filter((t) => !hidden.has(t.name)) },
    );
  }
  const listed = {
    uri: widget.uri,
    name: 'gift-suggestions-widget',
    title: 'GiftGen gift cards',
    mimeType: RESOURCE_MIME_TYPE,
    _meta: resourceMeta,
  };
  // resources/list is answered by the catalog's paged handler; the widget goes first on page one.
  filterListing(server, 'resources/list', (result, ctx, request) => {
    const firstPage = (request as { params?: { cursor?: string } }).params?.cursor === undefined;
    if (!firstPage || (listing === 'negotiated' && !appsNegotiated(server, ctx))) return result;
    return { ...result, resources: [listed, ...(result.resources as unknown[])] };
  });

  return { moreLikeThis, changeBudget };
}

/** Whether this request's client declared MCP Apps support (per request on the modern era, per connection on legacy). */
export function appsNegotiated(server: McpServer, ctx: ServerContext): boolean {
  const ui = getUiCapability(clientCapabilities(server, ctx));
  return ui !== undefined && (!Array.isArray(ui.mimeTypes) || ui.mimeTypes.includes(RESOURCE_MIME_TYPE));
}

type Handler = (request: unknown, ctx: ServerContext) => Promise<Record<string, unknown>>;

/**
 * Post-processes the result of an installed list handler. The SDK has no public hook for
 * it, so this reads the installed handler through Protocol's `_getRequestHandler`; if an
 * SDK update removes it, startup fails loudly rather than listing app-only tools to models.
 */
function filterListing(
  server: McpServer,
  method: 'tools/list' | 'resources/list',
  filter: (result: Record<string, unknown>, ctx: ServerContext, request: unknown) => Record<string, unknown>,
): void {
  const lowLevel = server.server as unknown as { _getRequestHandler?: (method: string) => Handler | undefined };
  const original = lowLevel._getRequestHandler?.call(server.server, method);
  if (typeof original !== 'function')
    throw new Error(`gift-genius widget: no ${method} handler to filter (SDK internals changed)`);
  const setHandler = server.server.setRequestHandler as unknown as (
    this: unknown,
    method: string,
    handler: Handler,
  ) => void;
  setHandler.call(server.server, method, async (request, ctx) => filter(await original(request, ctx), ctx, request));
}

function suggestionResult(ranking: Ranking, query: GiftQuery, heading?: string): CallToolResult {
  const structured = suggestionStructured(ranking, query.budget);
  const { gifts } = structured;
  const label = heading ?? (query.budget !== undefined ? `Gift ideas up to $${query.budget}` : 'Gift ideas');
  const text = gifts.length
    ? [`${label}:`, ...gifts.map((g, i) => `${i + 1}. ${g.title} — $${g.price} (${g.category}; id: ${g.id})`)]
    : [`${label}: nothing in the catalog fits.`];
  const notes = ranking.unmet.map((u) => `Note: ${u.message}`);
  return {
    // As suggest_gifts: a summary with ids, then the structured result serialised (2025-06-18+ SHOULD).
    content: [
      { type: 'text', text: [...text, ...notes].join('\n') },
      { type: 'text', text: JSON.stringify(structured) },
    ],
    structuredContent: structured,
    _meta: widgetResultMeta(query, heading),
  };
}
