/** Qwen Code (@qwen-code/qwen-code), measured headless here: qwen --yolo -p "say ok" and `qwen mcp list`. */
import { appOnlyMeasured, bannerKept, measuredOn, reported } from './evidence.js';
import type { HostProfile } from './types.js';

const V = '0.24.4';
const { fact, reaction } = measuredOn(V);
const SESSION =
  'qwen --yolo -p "say ok" (OPENAI_BASE_URL on the stand-in model; tools.toolSearch.enabled=false; project trusted); `qwen mcp list` for the health check';
const stdio = (fault: string) => `${SESSION}; server: node test/fixtures/host-faults.mjs ${fault}`;
const http = (fault: string) => `${SESSION}; server: node test/fixtures/host-faults-http.mjs --case ${fault}`;
const T = (batch: string) => `Qwen Code: ${batch}`;

export const qwenCode: HostProfile = {
  id: 'qwen-code',
  name: 'Qwen Code',
  kind: 'cli',
  measuredHere: true,
  package: { name: '@qwen-code/qwen-code', version: V },
  // The session's client is named after the server it talks to: qwen-cli-mcp-client-<server name>.
  clientNames: fact(
    ['mcp-test-client', 'qwen-cli-mcp-client-<server>'],
    SESSION,
    `Qwen Code ${V}: connects to the correct server and says who it is`,
  ),
  transports: reported(
    ['stdio', 'streamable-http', 'http+sse'],
    'https://github.com/QwenLM/qwen-code/blob/main/docs/users/features/mcp.md',
  ),
  versionsOffered: fact({ initialize: '2025-11-25' }, stdio('era/legacy-only'), T('stdio faults')),
  discover: fact(
    { probes: false, on: [] },
    SESSION,
    `Qwen Code ${V}: connects to the correct server and says who it is`,
  ),
  healthCheck: fact(
    { command: 'qwen mcp list', sends: ['initialize', 'notifications/initialized'] },
    `qwen mcp list; server: node test/fixtures/host-faults.mjs era/legacy-only`,
    T('stdio faults'),
  ),
  // start-up/no-answer measured: gave up at 30154 ms (killed by the budget: False)
  startupTimeout: fact(
    {
      ms: 30000,
      note: 'closes stdin at 30 s, then "Warning: MCP server(s) failed to start: … Continuing with built-in tools"',
    },
    stdio('start-up/no-answer'),
    T('start-up timeout on a stdio server that never answers'),
  ),
  appOnlyTools: appOnlyMeasured(V, 'Qwen Code', SESSION, true),
  faults: {
    'stdio-hygiene/noise-at-start': {
      stdio: bannerKept(V, 'Qwen Code', SESSION),
    },
    'capabilities-backed/refused': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `qwen mcp list`: Connected',
        stdio('capabilities-backed/refused'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `qwen mcp list`: Connected',
        http('capabilities-backed/refused'),
        T('http faults'),
        'connected',
      ),
    },
    'discover/http-error-status': {
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `qwen mcp list`: Connected',
        http('discover/http-error-status'),
        T('http faults'),
        'connected',
      ),
    },
    'discover/malformed-result': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `qwen mcp list`: Connected',
        stdio('discover/malformed-result'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `qwen mcp list`: Connected',
        http('discover/malformed-result'),
        T('http faults'),
        'connected',
      ),
    },
    'discover/no-answer': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `qwen mcp list`: Connected',
        stdio('discover/no-answer'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `qwen mcp list`: Connected',
        http('discover/no-answer'),
        T('http faults'),
        'connected',
      ),
    },
    'era/legacy-only': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `qwen mcp list`: Connected',
        stdio('era/legacy-only'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `qwen mcp list`: Connected',
        http('era/legacy-only'),
        T('http faults'),
        'connected',
      ),
    },
    'http-content-type/answer': {
      http: reaction(
        'drops-server',
        'the model saw 0/1 tools; `qwen mcp list`: Disconnected',
        http('http-content-type/answer'),
        T('http faults at connect'),
        'failed',
      ),
    },
    'http-session/required-not-issued': {
      http: reaction(
        'drops-server',
        'the model saw 0/1 tools; `qwen mcp list`: Disconnected',
        http('http-session/required-not-issued'),
        T('http faults at connect'),
        'failed',
      ),
    },
    'http-sse/not-json-rpc': {
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `qwen mcp list`: Connected',
        http('http-sse/not-json-rpc'),
        T('http faults'),
        'connected',
      ),
    },
    'http-status/server-error': {
      http: reaction(
        'drops-server',
        'the model saw 0/1 tools; `qwen mcp list`: Disconnected',
        http('http-status/server-error'),
        T('http faults at connect'),
        'failed',
      ),
    },
    'list-result/null': {
      stdio: reaction(
        'drops-all-tools',
        'the model saw 0/1 tools; `qwen mcp list`: Connected',
        stdio('list-result/null'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `qwen mcp list`: Connected',
        http('list-result/null'),
        T('http faults'),
        'connected',
      ),
    },
    ok: {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `qwen mcp list`: Connected',
        stdio('ok'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `qwen mcp list`: Connected',
        http('ok'),
        T('http faults'),
        'connected',
      ),
    },
    'pagination/cursor-loop': {
      stdio: reaction(
        'drops-all-tools',
        'the model saw 0/1 tools; `qwen mcp list`: Connected',
        stdio('pagination/cursor-loop'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'drops-all-tools',
        'the model saw 0/1 tools; `qwen mcp list`: Connected',
        http('pagination/cursor-loop'),
        T('http faults'),
        'connected',
      ),
    },
    'server-info/missing': {
      stdio: reaction(
        'drops-server',
        'the model saw 0/1 tools; `qwen mcp list`: Disconnected',
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
        'the model saw 0/1 tools; `qwen mcp list`: Disconnected',
        stdio('stdio-hygiene/exited'),
        T('stdio faults at connect'),
        'failed',
      ),
    },
    'stdio-hygiene/not-jsonrpc': {
      stdio: reaction(
        'keeps-all',
        'the model saw 1/1 tools; `qwen mcp list`: Connected',
        stdio('stdio-hygiene/not-jsonrpc'),
        T('stdio faults'),
        'connected',
      ),
    },
    'tool-names/long': {
      stdio: reaction(
        'keeps-all',
        'the model saw 2/2 tools; `qwen mcp list`: Connected',
        stdio('tool-names/long'),
        T('stdio faults'),
        'connected',
      ),
    },
    'tool-schemas/duplicate-name': {
      stdio: reaction(
        'drops-all-tools',
        'the model saw 0/3 tools; `qwen mcp list`: Connected',
        stdio('tool-schemas/duplicate-name'),
        T('stdio faults'),
        'connected',
      ),
    },
    'tool-schemas/input-schema-missing': {
      stdio: reaction(
        'drops-all-tools',
        'the model saw 0/2 tools; `qwen mcp list`: Connected',
        stdio('tool-schemas/input-schema-missing'),
        T('stdio faults'),
        'connected',
      ),
    },
    'tool-schemas/invalid-json-schema': {
      stdio: reaction(
        'keeps-all',
        'the model saw 2/2 tools; `qwen mcp list`: Connected',
        stdio('tool-schemas/invalid-json-schema'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'keeps-all',
        'the model saw 2/2 tools; `qwen mcp list`: Connected',
        http('tool-schemas/invalid-json-schema'),
        T('http faults'),
        'connected',
      ),
    },
    'tool-schemas/name-format': {
      stdio: reaction(
        'keeps-all',
        'the model saw 2/2 tools; `qwen mcp list`: Connected',
        stdio('tool-schemas/name-format'),
        T('stdio faults'),
        'connected',
      ),
    },
    'tool-schemas/schema-not-object': {
      stdio: reaction(
        'drops-all-tools',
        'the model saw 0/2 tools; `qwen mcp list`: Connected',
        stdio('tool-schemas/schema-not-object'),
        T('stdio faults'),
        'connected',
      ),
      http: reaction(
        'drops-all-tools',
        'the model saw 0/2 tools; `qwen mcp list`: Connected',
        http('tool-schemas/schema-not-object'),
        T('http faults'),
        'connected',
      ),
    },
  },
};
