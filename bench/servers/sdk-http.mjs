// Plain SDK v2 over HTTP, as the SDK's documentation shows it: McpServer + registerTool (zod),
// createMcpHandler(factory) on node:http through toNodeHandler. Legacy (2025) traffic: the
// handler's default stateless serving (no sessions).
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler } from '@modelcontextprotocol/server';
import { logListening, portArg } from './_shared.mjs';
import { createSdkServer } from './sdk-factory.mjs';

const handler = createMcpHandler(() => createSdkServer());
const node = toNodeHandler(handler);
const server = createServer((req, res) => {
  if (req.url !== '/mcp') {
    res.writeHead(404).end();
    return;
  }
  void node(req, res);
});
server.listen(portArg(), '127.0.0.1', () => logListening(server));
