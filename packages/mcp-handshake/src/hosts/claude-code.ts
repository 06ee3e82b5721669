/** Claude Code (@anthropic-ai/claude-code), measured headless here: claude -p "say ok" --output-format stream-json --verbose and `claude mcp list`. */
import { appOnlyMeasured, bannerKept, measuredOn, reported } from './evidence.js';
import type { HostProfile } from './types.js';

const V = '2.1.332';
const { fact, reaction } = measuredOn(V);
// Measured: {"discover/no-answer stdio": 2871, "discover/no-answer http": 4823, "era/legacy-only stdio": 101, "era/legacy-only http": 232, "discover/http-error-status http": 132}
const SESSION =
  'claude -p "say ok" --output-format stream-json --verbose (ANTHROPIC_BASE_URL on the stand-in model, MCP_CONNECTION_NONBLOCKING=false, ENABLE_TOOL_SEARCH=false); `claude mcp list` for the health check';
const stdio = (fault: string) => `${SESSION}; server: node test/fixtures/host-faults.mjs ${fault}`;
const http = (fault: string) => `${SESSION}; server: node test/fixtures/host-faults-http.mjs --case ${fault}`;
const T = (batch: string) => `Claude Code: ${batch}`;

export const claudeCode: HostProfile = {
  id: 'claude-code',
  name: 'Claude Code',
  kind: 'cli',
  measuredHere: true,
  package: { name: '@anthropic-ai/claude-code', version: V },
  clientNames: fact(['claude-code'], SESSION, `Claude Code ${V}: connects to the correct server and says who it is`),
  transports: reported(['stdio', 'streamable-http', 'http+sse'], 'https://docs.claude.com/en/docs/claude-code/mcp'),
  versionsOffered: fact(
    { initialize: '2025-11-25', modern: '2026-07-28' },
    stdio('era/legacy-only'),
    T('stdio faults'),
  ),
  discover: fact(
    {
      probes: true,
      on: ['stdio', 'http'],
      fallsBackOn: ['-32601', 'http-4xx', 'malformed-result', 'timeout'],
      silentWaitMs: { stdio: 3000, http: 5000 },
      fallbackWithinMs: 130,
    },
    `${SESSION}; servers: host-faults discover/no-answer, era/legacy-only, discover/http-error-status, timed by HOST_FAULTS_LOG`,
    T('server/discover timing'),
  ),
  healthCheck: fact(
    { command: 'claude mcp list', sends: ['server/discover', 'initialize', 'notifications/initialized', 'tools/list'] },
    `claude mcp list; server: node test/fixtures/host-faults.mjs era/legacy-only`,
    T('stdio faults'),
  ),
  // start-up/no-answer measured: gave up at 29921 ms (killed by the budget: False)
  startupTimeout: fact(
    {
      ms: 30000,
      note: 'closes stdin at 30 s: "✘ Failed to connect — MCP server … connection timed out after 30000ms" (MCP_TIMEOUT changes it)',
    },
    stdio('start-up/no-answer'),
    T('start-up timeout on a stdio server that never answers'),
  ),
  appOnlyTools: appOnlyMeasured(V, 'Claude Code', SESSION, true),
  faults: {
    'stdio-hygiene/noise-at-start': {
      stdio: bannerKept(V, 'Claude Code', SESSION),
    },
    'capabilities-backed/refused': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        stdio('capabilities-backed/refused'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        http('capabilities-backed/refused'),
        T('http faults'),
        'connected',
      ),
    },
    'discover/http-error-status': {
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        http('discover/http-error-status'),
        T('http faults'),
        'connected',
      ),
    },
    'discover/malformed-result': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        stdio('discover/malformed-result'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        http('discover/malformed-result'),
        T('http faults'),
        'connected',
      ),
    },
    'discover/no-answer': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        stdio('discover/no-answer'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        http('discover/no-answer'),
        T('http faults'),
        'connected',
      ),
    },
    'era/legacy-only': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        stdio('era/legacy-only'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        http('era/legacy-only'),
        T('http faults'),
        'connected',
      ),
    },
    'http-content-type/answer': {
      http: reaction(
        'drops-server',
        'the model saw 0/1 tools; `claude mcp list`: ✘ Failed to connect — CLIENT_HTTP_UNEXPECTED_CONTENT: Unexpected content type: text/plain',
        http('http-content-type/answer'),
        T('http faults at connect'),
        'failed',
      ),
    },
    'http-session/required-not-issued': {
      http: reaction(
        'drops-server',
        'the model saw 0/1 tools; `claude mcp list`: ✘ Failed to connect — HTTP 400: Error POSTing to endpoint: {"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}}',
        http('http-session/required-not-issued'),
        T('http faults at connect'),
        'failed',
      ),
    },
    'http-sse/not-json-rpc': {
      http: reaction(
        'drops-all-tools',
        'the model saw 0/1 tools; `claude mcp list`: ! Connected · tools fetch failed — Connection closed',
        http('http-sse/not-json-rpc'),
        T('http faults'),
        'connected',
      ),
    },
    'http-status/server-error': {
      http: reaction(
        'drops-server',
        'the model saw 0/1 tools; `claude mcp list`: ✘ Failed to connect — HTTP 500: Error POSTing to endpoint: {"jsonrpc":"2.0","id":0,"error":{"code":-32603,"message":"Internal server error"}}',
        http('http-status/server-error'),
        T('http faults at connect'),
        'failed',
      ),
    },
    'list-result/null': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        stdio('list-result/null'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        http('list-result/null'),
        T('http faults'),
        'connected',
      ),
    },
    ok: {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        stdio('ok'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        http('ok'),
        T('http faults'),
        'connected',
      ),
    },
    'pagination/cursor-loop': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        stdio('pagination/cursor-loop'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        http('pagination/cursor-loop'),
        T('http faults'),
        'connected',
      ),
    },
    'server-info/missing': {
      stdio: reaction(
        'drops-server',
        'the model saw 0/1 tools; `claude mcp list`: ✘ Failed to connect — INVALID_RESULT: Invalid result for initialize: [ { "expected": "object", "code": "invalid_type", "path": [ "serverInfo" ], "message": "Invalid input: expected object, received undefined" } ]',
        stdio('server-info/missing'),
        T('stdio faults at connect'),
        'failed',
      ),
    },
    'start-up/slow': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools',
        stdio('start-up/slow'),
        T('a stdio server that starts in 8 s'),
      ),
    },
    'stdio-hygiene/exited': {
      stdio: reaction(
        'drops-server',
        'the model saw 0/1 tools; `claude mcp list`: ✘ Failed to connect — CONNECTION_CLOSED: Connection closed',
        stdio('stdio-hygiene/exited'),
        T('stdio faults at connect'),
        'failed',
      ),
    },
    'stdio-hygiene/not-jsonrpc': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `claude mcp list`: ✔ Connected',
        stdio('stdio-hygiene/not-jsonrpc'),
        T('stdio faults'),
        'connected',
      ),
    },
    'tool-names/long': {
      stdio: reaction(
        'keeps-all',
        'the model saw 2/2 tools; `claude mcp list`: ✔ Connected',
        stdio('tool-names/long'),
        T('stdio faults'),
        'connected',
      ),
    },
    'tool-schemas/duplicate-name': {
      stdio: reaction(
        'keeps-all',
        'the model saw 2/3 tools; `claude mcp list`: ✔ Connected',
        stdio('tool-schemas/duplicate-name'),
        T('stdio faults'),
        'connected',
      ),
    },
    'tool-schemas/input-schema-missing': {
      stdio: reaction(
        'drops-all-tools',
        'the model saw 0/2 tools; `claude mcp list`: ! Connected · tools fetch failed — Invalid result for tools/list: tools.1.inputSchema: Invalid input: expected object, received undefined',
        stdio('tool-schemas/input-schema-missing'),
        T('stdio faults'),
        'connected',
      ),
    },
    'tool-schemas/invalid-json-schema': {
      stdio: reaction(
        'drops-bad-tools',
        'the model saw 1/2 tools; `claude mcp list`: ✔ Connected; debug log: "Skipping tool …: its input schema would be rejected by the Anthropic API … Other tools from this server remain available"',
        stdio('tool-schemas/invalid-json-schema'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'drops-bad-tools',
        'the model saw 1/2 tools; `claude mcp list`: ✔ Connected',
        http('tool-schemas/invalid-json-schema'),
        T('http faults'),
        'connected',
      ),
    },
    'tool-schemas/name-format': {
      stdio: reaction(
        'keeps-all',
        'the model saw 2/2 tools; `claude mcp list`: ✔ Connected',
        stdio('tool-schemas/name-format'),
        T('stdio faults'),
        'connected',
      ),
    },
    'tool-schemas/schema-not-object': {
      stdio: reaction(
        'drops-all-tools',
        'the model saw 0/2 tools; `claude mcp list`: ! Connected · tools fetch failed — Invalid result for tools/list: tools.1.inputSchema.type: Invalid input: expected "object"',
        stdio('tool-schemas/schema-not-object'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'drops-all-tools',
        'the model saw 0/2 tools; `claude mcp list`: ! Connected · tools fetch failed — Invalid result for tools/list: tools.1.inputSchema.type: Invalid input: expected "object"',
        http('tool-schemas/schema-not-object'),
        T('http faults'),
        'connected',
      ),
    },
  },
};
