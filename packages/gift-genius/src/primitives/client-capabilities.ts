import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  type McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';

/** The capabilities this request's client declared: per request on the modern era, per connection on legacy. */
export function clientCapabilities(server: McpServer, ctx: ServerContext): ClientCapabilities | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  return (
    (envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ??
    server.server.getClientCapabilities()
  );
}

/** Form-mode elicitation: a bare `elicitation: {}` means form (the pre-2025-11-25 shape). */
export function supportsFormElicitation(caps: ClientCapabilities | undefined): boolean {
  const elicitation = caps?.elicitation as { form?: unknown; url?: unknown } | undefined;
  if (!elicitation) return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}
