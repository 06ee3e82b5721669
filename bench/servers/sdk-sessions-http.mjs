// Plain SDK v2 with 2025-era sessions, as the SDK documents a sessionful deployment: one McpServer
// + WebStandardStreamableHTTPServerTransport per Mcp-Session-Id in a Map, routed with isLegacyRequest
// in front of createMcpHandler({ legacy: 'reject' }) for 2026-07-28 traffic. Used by the memory workload.

import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { logListening, portArg } from './_shared.mjs';
import { createSdkServer } from './sdk-factory.mjs';

const modern = createMcpHandler(() => createSdkServer(), { legacy: 'reject' });
const sessions = new Map();

async function legacy(request) {
  const id = request.headers.get('mcp-session-id');
  if (id) {
    const t = sessions.get(id);
    if (!t)
      return Response.json(
        { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null },
        { status: 404 },
      );
    return t.handleRequest(request);
  }
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (sid) => sessions.set(sid, transport),
  });
  transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId);
  await createSdkServer().connect(transport);
  return transport.handleRequest(request);
}

const node = toNodeHandler({
  fetch: async (request) => ((await isLegacyRequest(request)) ? legacy(request) : modern.fetch(request)),
});
const server = createServer((req, res) => void node(req, res));
server.listen(portArg(), '127.0.0.1', () => logListening(server));
