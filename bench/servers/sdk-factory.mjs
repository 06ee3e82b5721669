// The two tools registered the straightforward way with SDK v2 (used by sdk-http, sdk-stdio, sdk-sessions-http).
import { McpServer } from '@modelcontextprotocol/server';
import {
  GET_DESCRIPTION,
  getGiftResult,
  getInput,
  giftRecord,
  SERVER_INFO,
  SUGGEST_DESCRIPTION,
  suggestInput,
  suggestOutput,
  suggestResult,
} from './_shared.mjs';

export function createSdkServer() {
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} } });
  server.registerTool(
    'suggest_gifts',
    {
      title: 'Suggest gifts',
      description: SUGGEST_DESCRIPTION,
      inputSchema: suggestInput,
      outputSchema: suggestOutput,
      annotations: { readOnlyHint: true },
    },
    async (args) => suggestResult(args),
  );
  server.registerTool(
    'get_gift',
    {
      title: 'Get gift details',
      description: GET_DESCRIPTION,
      inputSchema: getInput,
      outputSchema: giftRecord,
      annotations: { readOnlyHint: true },
    },
    async (args) => getGiftResult(args),
  );
  return server;
}
