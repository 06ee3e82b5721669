import { type CallToolResult, ProtocolError } from '@modelcontextprotocol/server';
import type { Logger } from 'pino';
import { CatalogUnavailableError } from '../catalog/guarded-store.js';

const INTERNAL = 'The tool failed on the server; please try again. (The cause is in the server log.)';

/**
 * The one mapping of a tool that threw, for both paths (McpServer's handlers and the direct
 * path): an error written for clients (the catalog is unavailable) keeps its message; anything
 * else is a bug or a fault whose text (a stack overflow, "x is not a function") must not reach a
 * client: it is logged and answered with a fixed message.
 */
export function toolErrorResult(error: unknown, log: Logger): CallToolResult {
  if (error instanceof CatalogUnavailableError)
    return { content: [{ type: 'text', text: error.message }], isError: true };
  log.error({ event: 'tool_failed', err: error instanceof Error ? error.message : String(error) }, 'tool call failed');
  return { content: [{ type: 'text', text: INTERNAL }], isError: true };
}

/** A tool handler whose throws go through toolErrorResult (protocol errors stay the SDK's to answer). */
export function guardTool<A extends unknown[], R>(
  log: Logger,
  handler: (...args: A) => Promise<R>,
): (...args: A) => Promise<R | CallToolResult> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      if (error instanceof ProtocolError) throw error;
      return toolErrorResult(error, log);
    }
  };
}
