// The same two tools on tmcp (zod adapter).

import { ZodJsonSchemaAdapter } from '@tmcp/adapter-zod';
import { McpServer } from 'tmcp';
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

export function createTmcpServer() {
  const server = new McpServer(
    { ...SERVER_INFO, description: 'GiftGen bench comparator' },
    { adapter: new ZodJsonSchemaAdapter(), capabilities: { tools: {} } },
  );
  server.tool(
    {
      name: 'suggest_gifts',
      title: 'Suggest gifts',
      description: SUGGEST_DESCRIPTION,
      schema: suggestInput,
      outputSchema: suggestOutput,
      annotations: { readOnlyHint: true },
    },
    async (args) => suggestResult(args),
  );
  server.tool(
    {
      name: 'get_gift',
      title: 'Get gift details',
      description: GET_DESCRIPTION,
      schema: getInput,
      outputSchema: giftRecord,
      annotations: { readOnlyHint: true },
    },
    async (args) => getGiftResult(args),
  );
  return server;
}
