import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import { packagePath } from '../package-root.js';
import type { GiftQuery } from '../recommend/score.js';
import { buildWidgetHtml } from './template.js';

/**
 * The gift-card widget as an MCP Apps UI resource: one self-contained HTML document
 * (inline script and styles, nothing fetched), addressed by a URI that carries a hash
 * of its content. Hosts cache templates by URI, so a changed widget gets a new URI and
 * no host can pair a new tool result with a stale template.
 */
export interface WidgetResource {
  uri: string;
  html: string;
  /** First 12 hex digits of the HTML's SHA-256. */
  version: string;
  bytes: number;
}

export const WIDGET_MIME_TYPE = RESOURCE_MIME_TYPE; // 'text/html;profile=mcp-app'
/** Key of the widget-only data in a suggestion result's `_meta` (the model never reads `_meta`). */
export const WIDGET_DATA_META_KEY = 'gift-genius/widget';
export const WIDGET_SIZE_BUDGET = 50 * 1024;

let cached: WidgetResource | undefined;

/** Builds the widget once per process from the compiled client script next to this module. */
export function widgetResource(): WidgetResource {
  if (cached) return cached;
  const script = readFileSync(packagePath('dist', 'widget', 'client.js'), 'utf8');
  const html = buildWidgetHtml(script);
  const version = createHash('sha256').update(html).digest('hex').slice(0, 12);
  const bytes = Buffer.byteLength(html, 'utf8');
  if (bytes > WIDGET_SIZE_BUDGET)
    throw new Error(`widget HTML is ${bytes} bytes, over its ${WIDGET_SIZE_BUDGET}-byte budget`);
  cached = { uri: `ui://gift-genius/suggestions-${version}.html`, html, version, bytes };
  return cached;
}

const WIDGET_DESCRIPTION =
  'Shows the suggested gifts as cards (picture, title, price, reason, category) the user can refine: ' +
  'more like one idea, or another budget.';

/**
 * `_meta` of the resource (listing and `resources/read` content): the MCP Apps keys and
 * ChatGPT's `openai/*` equivalents. Both CSP lists are empty: the widget loads nothing.
 */
/** `domain`: where the widget's sandbox origin should live (host-specific format; GIFTGEN_WIDGET_DOMAIN). */
export function widgetResourceMeta(domain: string | undefined): Record<string, unknown> {
  return {
    ui: {
      csp: { connectDomains: [], resourceDomains: [] },
      prefersBorder: true,
      ...(domain && { domain }),
    },
    'openai/widgetCSP': { connect_domains: [], resource_domains: [] },
    'openai/widgetPrefersBorder': true,
    'openai/widgetDescription': WIDGET_DESCRIPTION,
    ...(domain && { 'openai/widgetDomain': domain }),
  };
}

/** `_meta` of suggest_gifts' tool definition: links the tool to the widget for every kind of host. */
export function suggestToolMeta(): Record<string, unknown> {
  const { uri } = widgetResource();
  return {
    ui: { resourceUri: uri },
    // The flat key older MCP Apps hosts read (ext-apps' registerAppTool sets it too).
    [RESOURCE_URI_META_KEY]: uri,
    'openai/outputTemplate': uri,
    'openai/toolInvocation/invoking': 'Finding gift ideas…',
    'openai/toolInvocation/invoked': 'Gift ideas ready',
    'openai/widgetAccessible': true,
  };
}

/** The request a set of cards answers (the ranking's query; `null`: no budget); the widget sends it back to refine the cards. */
export type WidgetQuery = Omit<GiftQuery, 'budget'> & { budget: number | null };

export interface WidgetData {
  query: WidgetQuery;
  /** What these cards are, when not the first answer, e.g. "More like Pour-over coffee kit". */
  heading?: string;
}

/** A suggestion result's `_meta`: data only the widget uses, kept out of the compact structuredContent. */
export function widgetResultMeta(
  query: {
    age: number;
    relationship: string;
    budget?: number | null;
    interests?: string[];
    occasion?: string;
    exclude?: string[];
    count?: number;
  },
  heading?: string,
): Record<string, unknown> {
  const data: WidgetData = {
    query: {
      age: query.age,
      relationship: query.relationship,
      budget: query.budget ?? null,
      ...(query.interests?.length && { interests: query.interests }),
      ...(query.occasion && { occasion: query.occasion }),
      ...(query.exclude?.length && { exclude: query.exclude }),
      ...(query.count !== undefined && { count: query.count }),
    },
    ...(heading && { heading }),
  };
  return { [WIDGET_DATA_META_KEY]: data };
}
