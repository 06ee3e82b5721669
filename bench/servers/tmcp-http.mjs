// tmcp over HTTP: HttpTransport (sessions for 2025-era clients, per-request for 2026-07-28) on node:http.
// node:http ↔ fetch through the same toNodeHandler adapter the SDK comparators use.
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { HttpTransport } from '@tmcp/transport-http';
import { logListening, portArg } from './_shared.mjs';
import { createTmcpServer } from './tmcp-factory.mjs';

const transport = new HttpTransport(createTmcpServer(), { path: '/mcp' });
const node = toNodeHandler({
  fetch: async (request) => (await transport.respond(request)) ?? new Response(null, { status: 404 }),
});
const server = createServer((req, res) => void node(req, res));
server.listen(portArg(), '127.0.0.1', () => logListening(server));
