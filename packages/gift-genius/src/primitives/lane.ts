import type { ServerCapabilities } from '@modelcontextprotocol/server';

/** The modern revision (the SDK serves it but exports no constant for it). */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/**
 * Where an instance serves: transport × era × session mode. Capabilities are a
 * contract per lane: a flag is declared only where this server can deliver it.
 */
export interface Lane {
  transport: 'stdio' | 'http';
  era: 'legacy' | 'modern';
  /** stdio is always one long connection; HTTP legacy is sessionful unless `--legacy-http stateless`. */
  sessions: 'stateful' | 'stateless';
}

/**
 * Whether the lane has a channel for messages the client did not ask for right now:
 * a stdio pipe, a legacy session's GET stream, or a modern `subscriptions/listen` stream.
 * Stateless legacy HTTP has none: each POST meets a fresh instance that forgets it.
 */
export function canPush(lane: Lane): boolean {
  return lane.transport === 'stdio' || lane.era === 'modern' || lane.sessions === 'stateful';
}

/** Whether the server can ask the user something mid-call (legacy elicitation or modern input_required). */
export function canAskUser(lane: Lane): boolean {
  return lane.era === 'modern' || canPush(lane);
}

export function capabilitiesFor(lane: Lane): ServerCapabilities {
  const push = canPush(lane);
  return {
    tools: { listChanged: push },
    resources: { subscribe: push, listChanged: push },
    // Prompts are fixed at build time: this server never sends prompts/list_changed.
    prompts: { listChanged: false },
    completions: {},
    // Log levels are per connection (legacy setLevel) or per request (modern _meta);
    // a stateless legacy POST can hold neither, so logging is not offered there.
    ...(push && { logging: {} }),
  };
}

export function laneName(lane: Lane): string {
  return `${lane.transport}/${lane.era}${lane.transport === 'http' && lane.era === 'legacy' ? `/${lane.sessions}` : ''}`;
}
