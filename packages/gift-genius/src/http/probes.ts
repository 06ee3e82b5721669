import type { GiftGenApp } from '../app.js';
import type { ServerMetrics } from '../observe/metrics.js';
import type { ToolCallAdmission } from './admission.js';
import type { BearerAccess } from './edge/access.js';
import type { LegacySessions } from './legacy-sessions.js';

export interface ProbeContext {
  app: GiftGenApp;
  metrics: ServerMetrics;
  access: BearerAccess;
  admission: ToolCallAdmission;
  sessions?: LegacySessions;
  /** The MCP endpoint's path, for the RFC 9728 metadata. */
  mcpPath: string;
}

/**
 * The routes beside the MCP endpoint: `/healthz`, `/metrics` and the RFC 9728 protected-resource
 * metadata. undefined for any other request. Past the gate, like every route.
 */
export function answerProbe(request: Request, url: URL, context: ProbeContext): Promise<Response> | undefined {
  if (request.method !== 'GET') return undefined;
  if (url.pathname === '/healthz') return health(context);
  if (url.pathname === '/metrics') return metricsText(context.metrics);
  if (url.pathname.startsWith('/.well-known/oauth-protected-resource') && context.access.enabled)
    return Promise.resolve(Response.json(context.access.metadata(new URL(context.mcpPath, url))));
  return undefined;
}

/** 503 while the catalog cannot be read, so a balancer sends traffic elsewhere meanwhile. */
async function health({ app, sessions, admission }: ProbeContext): Promise<Response> {
  const revision = await app.store.revision().catch(() => undefined);
  return Response.json(
    {
      status: revision === undefined ? 'degraded' : 'ok',
      server: 'gift-genius',
      catalog: {
        store: app.store.kind,
        items: app.gifts.length,
        revision: revision ?? null,
        ...(revision === undefined && { error: 'unavailable' }),
      },
      legacySessions: sessions?.size ?? null,
      inFlight: admission.inFlight,
      toolCallsInUse: admission.inUse,
      draining: admission.isDraining,
    },
    { status: revision === undefined ? 503 : 200 },
  );
}

async function metricsText(metrics: ServerMetrics): Promise<Response> {
  return new Response(await metrics.registry.metrics(), { headers: { 'content-type': metrics.registry.contentType } });
}
