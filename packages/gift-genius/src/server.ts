import { McpServer } from '@modelcontextprotocol/server';
import type { GiftGenApp } from './app.js';
import { canPush, capabilitiesFor, type Lane } from './primitives/lane.js';
import { registerPrompts } from './primitives/prompts.js';
import { registerResources } from './primitives/resources.js';
import { applyToolConfig, registerTools, type ToolHandles } from './primitives/tools.js';
import { registerWidget } from './widget/register.js';

export const SERVER_NAME = 'gift-genius';
export { SERVER_VERSION } from './version.js';

import { SERVER_VERSION } from './version.js';

/** serverInfo: what `initialize` and `server/discover` name, and modern results carry in `_meta`. */
export const SERVER_IDENTITY = { name: SERVER_NAME, version: SERVER_VERSION, title: 'GiftGen' } as const;

const INSTRUCTIONS =
  "GiftGen suggests gifts. Call suggest_gifts with the recipient's age and relationship (plus budget, interests, occasion " +
  'when known); use get_gift for details. Catalog items are also resources at gift://catalog/{id}.';

/** Cache hints for the modern era's cacheable results (ttlMs / cacheScope); the catalog is public data. */
const CACHE_HINTS = {
  'server/discover': { ttlMs: 300_000, cacheScope: 'public' },
  // Private: app-only widget tools are listed only to clients that declared MCP Apps.
  'tools/list': { ttlMs: 60_000, cacheScope: 'private' },
  'prompts/list': { ttlMs: 300_000, cacheScope: 'public' },
  'resources/templates/list': { ttlMs: 300_000, cacheScope: 'public' },
  'resources/list': { ttlMs: 30_000, cacheScope: 'private' },
  'resources/read': { ttlMs: 30_000, cacheScope: 'public' },
} as const;

export interface GiftServer {
  server: McpServer;
  lane: Lane;
  tools: ToolHandles;
  /** Legacy `resources/subscribe` URIs of this connection. */
  subscriptions: Set<string>;
}

/**
 * One server instance for one lane. Everything registered follows from the app's current
 * state; `subscriptions` is the connection's legacy subscription set when it outlives the
 * instance (a legacy HTTP session).
 */
export function createGiftServer(app: GiftGenApp, lane: Lane, subscriptions?: Set<string>): GiftServer {
  const server = new McpServer(
    { ...SERVER_IDENTITY },
    {
      capabilities: capabilitiesFor(lane),
      instructions: INSTRUCTIONS,
      cacheHints: CACHE_HINTS,
      // A question to a person waits at most this long; a client that vanished mid-call frees its call then.
      inputRequired: { roundTimeoutMs: 5 * 60_000 },
      requestState: { verify: (state, ctx) => app.stateGuard.verify(state, ctx) },
    },
  );
  const tools = registerTools(server, app, lane);
  const resources = registerResources(server, app, lane, subscriptions);
  registerWidget(server, app, lane);
  registerPrompts(server, app);
  return { server, lane, tools, subscriptions: resources.subscriptions };
}

/**
 * Connects a long-lived instance (a stdio connection) to the app's fan-out of live updates
 * (live/live-updates.ts, whose rules decide what reaches it: nothing before a legacy client's
 * `notifications/initialized`, updates only for what it subscribed to). A tool configuration
 * that changed before the client was initialized is applied then. Returns the function that
 * detaches it.
 */
export function attachLiveUpdates(app: GiftGenApp, gs: GiftServer): () => void {
  if (!canPush(gs.lane)) return () => undefined;
  const lowLevel = gs.server.server;
  const modern = gs.lane.era === 'modern';
  const receiver = { initialized: modern, subscriptions: modern ? ('all' as const) : gs.subscriptions };
  let appliedConfig = app.toolConfig;
  const applyConfig = () => {
    if (appliedConfig === app.toolConfig) return;
    appliedConfig = app.toolConfig;
    applyToolConfig(gs.tools, appliedConfig);
  };
  const previous = lowLevel.oninitialized;
  lowLevel.oninitialized = () => {
    previous?.();
    receiver.initialized = true;
    applyConfig();
  };
  const report = (error: unknown) =>
    app.log.debug({ event: 'notify_failed', err: (error as Error)?.message }, 'notification not delivered');
  return app.live.add(receiver, (_, change) => {
    if (change.kind === 'resourcesListChanged') lowLevel.sendResourceListChanged().catch(report);
    else if (change.kind === 'resourceUpdated') lowLevel.sendResourceUpdated({ uri: change.uri }).catch(report);
    // McpServer announces tools/list_changed itself when a registered tool changes.
    else applyConfig();
  });
}
