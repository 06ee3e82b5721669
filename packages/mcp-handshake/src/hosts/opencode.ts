/** opencode (opencode-ai), measured headless here: opencode run "say ok" and `opencode mcp list`. */
import { appOnlyMeasured, bannerKept, measuredOn, reported } from './evidence.js';
import type { HostProfile } from './types.js';

const V = '1.18.33';
const { fact, reaction } = measuredOn(V);
const SESSION =
  'opencode run "say ok" (an @ai-sdk/openai-compatible provider on the stand-in model); `opencode mcp list` for the health check';
const stdio = (fault: string) => `${SESSION}; server: node test/fixtures/host-faults.mjs ${fault}`;
const http = (fault: string) => `${SESSION}; server: node test/fixtures/host-faults-http.mjs --case ${fault}`;
const T = (batch: string) => `opencode: ${batch}`;

export const opencode: HostProfile = {
  id: 'opencode',
  name: 'opencode',
  kind: 'cli',
  measuredHere: true,
  package: { name: 'opencode-ai', version: V },
  clientNames: fact(['opencode'], SESSION, `opencode ${V}: connects to the correct server and says who it is`),
  transports: reported(['stdio', 'streamable-http', 'http+sse'], 'https://opencode.ai/docs/mcp-servers/'),
  versionsOffered: fact({ initialize: '2025-11-25' }, stdio('era/legacy-only'), T('stdio faults')),
  discover: fact(
    { probes: false, on: [] },
    SESSION,
    `opencode ${V}: connects to the correct server and says who it is`,
  ),
  healthCheck: fact(
    { command: 'opencode mcp list', sends: ['initialize', 'notifications/initialized', 'tools/list'] },
    `opencode mcp list; server: node test/fixtures/host-faults.mjs era/legacy-only`,
    T('stdio faults'),
  ),
  // start-up/no-answer measured: gave up at 30137 ms (killed by the budget: False)
  startupTimeout: fact(
    { ms: 30000, note: 'closes stdin at 30 s; the session goes on without the server' },
    stdio('start-up/no-answer'),
    T('start-up timeout on a stdio server that never answers'),
  ),
  appOnlyTools: appOnlyMeasured(V, 'opencode', SESSION, false),
  faults: {
    'stdio-hygiene/noise-at-start': {
      stdio: bannerKept(V, 'opencode', SESSION),
    },
    'capabilities-backed/refused': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `opencode mcp list`: ✓ fk12s connected',
        stdio('capabilities-backed/refused'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `opencode mcp list`: ✓ fk09h connected',
        http('capabilities-backed/refused'),
        T('http faults'),
        'connected',
      ),
    },
    'discover/http-error-status': {
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `opencode mcp list`: ✓ fk04h connected',
        http('discover/http-error-status'),
        T('http faults'),
        'connected',
      ),
    },
    'discover/malformed-result': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `opencode mcp list`: ✓ fk03s connected',
        stdio('discover/malformed-result'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `opencode mcp list`: ✓ fk03h connected',
        http('discover/malformed-result'),
        T('http faults'),
        'connected',
      ),
    },
    'discover/no-answer': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `opencode mcp list`: ✓ fk02s connected',
        stdio('discover/no-answer'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `opencode mcp list`: ✓ fk02h connected',
        http('discover/no-answer'),
        T('http faults'),
        'connected',
      ),
    },
    'era/legacy-only': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `opencode mcp list`: ✓ fk01s connected',
        stdio('era/legacy-only'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `opencode mcp list`: ✓ fk01h connected',
        http('era/legacy-only'),
        T('http faults'),
        'connected',
      ),
    },
    'http-content-type/answer': {
      http: reaction(
        'drops-server',
        'the model saw 0/1 tools; `opencode mcp list`: ✗ fk02h failed — SSE error: Non-200 status code (405)',
        http('http-content-type/answer'),
        T('http faults at connect'),
        'failed',
      ),
    },
    'http-session/required-not-issued': {
      http: reaction(
        'drops-server',
        'the model saw 0/1 tools; `opencode mcp list`: ✗ fk11h failed — SSE error: Non-200 status code (405)',
        http('http-session/required-not-issued'),
        T('http faults at connect'),
        'failed',
      ),
    },
    'http-sse/not-json-rpc': {
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `opencode mcp list`: ✓ fk10h connected',
        http('http-sse/not-json-rpc'),
        T('http faults'),
        'connected',
      ),
    },
    'http-status/server-error': {
      http: reaction(
        'drops-server',
        'the model saw 0/1 tools; `opencode mcp list`: ✗ fk01h failed — SSE error: Non-200 status code (405)',
        http('http-status/server-error'),
        T('http faults at connect'),
        'failed',
      ),
    },
    'list-result/null': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `opencode mcp list`: ✓ fk11s connected',
        stdio('list-result/null'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `opencode mcp list`: ✓ fk08h connected',
        http('list-result/null'),
        T('http faults'),
        'connected',
      ),
    },
    ok: {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `opencode mcp list`: ✓ fk00s connected',
        stdio('ok'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `opencode mcp list`: ✓ fk00h connected',
        http('ok'),
        T('http faults'),
        'connected',
      ),
    },
    'pagination/cursor-loop': {
      stdio: reaction(
        'drops-server',
        'the model saw 0/1 tools; `opencode mcp list`: ✗ fk10s failed — Failed to get tools',
        stdio('pagination/cursor-loop'),
        T('stdio faults'),
        'failed',
      ),
      http: reaction(
        'drops-server',
        'the model saw 0/1 tools; `opencode mcp list`: ✗ fk07h failed — Failed to get tools',
        http('pagination/cursor-loop'),
        T('http faults'),
        'failed',
      ),
    },
    'server-info/missing': {
      stdio: reaction(
        'drops-server',
        'the model saw 0/1 tools; `opencode mcp list`: ✗ fk01s failed — [',
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
        'the model saw 0/1 tools; `opencode mcp list`: ✗ fk02s failed — MCP error -32000: Connection closed',
        stdio('stdio-hygiene/exited'),
        T('stdio faults at connect'),
        'failed',
      ),
    },
    'stdio-hygiene/not-jsonrpc': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `opencode mcp list`: ✓ fk13s connected',
        stdio('stdio-hygiene/not-jsonrpc'),
        T('stdio faults'),
        'connected',
      ),
    },
    'tool-names/long': {
      stdio: reaction(
        'keeps-all',
        'the model saw 2/2 tools; `opencode mcp list`: ✓ fk09s connected',
        stdio('tool-names/long'),
        T('stdio faults'),
        'connected',
      ),
    },
    'tool-schemas/duplicate-name': {
      stdio: reaction(
        'keeps-all',
        'the model saw 2/3 tools; `opencode mcp list`: ✓ fk07s connected',
        stdio('tool-schemas/duplicate-name'),
        T('stdio faults'),
        'connected',
      ),
    },
    'tool-schemas/input-schema-missing': {
      stdio: reaction(
        'drops-server',
        'the model saw 0/2 tools; `opencode mcp list`: ✗ fk06s failed — Failed to get tools',
        stdio('tool-schemas/input-schema-missing'),
        T('stdio faults'),
        'failed',
      ),
    },
    'tool-schemas/invalid-json-schema': {
      stdio: reaction(
        'keeps-all',
        'the model saw 2/2 tools; `opencode mcp list`: ✓ fk04s connected',
        stdio('tool-schemas/invalid-json-schema'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 2/2 tools; `opencode mcp list`: ✓ fk05h connected',
        http('tool-schemas/invalid-json-schema'),
        T('http faults'),
        'connected',
      ),
    },
    'tool-schemas/name-format': {
      stdio: reaction(
        'keeps-all',
        'the model saw 2/2 tools; `opencode mcp list`: ✓ fk08s connected',
        stdio('tool-schemas/name-format'),
        T('stdio faults'),
        'connected',
      ),
    },
    'tool-schemas/schema-not-object': {
      stdio: reaction(
        'drops-server',
        'the model saw 0/2 tools; `opencode mcp list`: ✗ fk05s failed — Failed to get tools',
        stdio('tool-schemas/schema-not-object'),
        T('stdio faults'),
        'failed',
      ),
      http: reaction(
        'drops-server',
        'the model saw 0/2 tools; `opencode mcp list`: ✗ fk06h failed — SSE error: Non-200 status code (405)',
        http('tool-schemas/schema-not-object'),
        T('http faults'),
        'failed',
      ),
    },
  },
};
