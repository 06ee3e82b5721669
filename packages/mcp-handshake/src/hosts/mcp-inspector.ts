/** MCP Inspector 2.x, CLI mode (`inspector --cli --method tools/list …`, Node 22), measured against the fault fixtures. */
import { measuredOn, reported } from './evidence.js';
import type { HostProfile } from './types.js';

const V = '2.12.0';
const TEST = 'packages/mcp-handshake/test/hosts/mcp-inspector.test.ts';
const { at, fact } = measuredOn(V, TEST);
const T = 'MCP Inspector CLI: stdio faults';
const CLI = (fault: string) =>
  `node22 node_modules/@modelcontextprotocol/inspector/clients/cli/build/index.js --method tools/list -- node test/fixtures/host-faults.mjs ${fault}`;
const r = (effect: 'keeps-all' | 'drops-bad-tools' | 'drops-server', note: string, fault: string) => ({
  value: { effect, note },
  ...at(CLI(fault), T),
});

export const mcpInspector: HostProfile = {
  id: 'mcp-inspector',
  name: 'MCP Inspector',
  kind: 'tool',
  measuredHere: true,
  package: { name: '@modelcontextprotocol/inspector', version: V },
  clientNames: fact(['inspector-cli'], CLI('era/legacy-only'), T),
  transports: reported(['stdio', 'streamable-http', 'http+sse'], 'https://github.com/modelcontextprotocol/inspector'),
  versionsOffered: fact({ initialize: '2025-11-25' }, CLI('era/legacy-only'), T),
  discover: fact({ probes: false, on: [] }, CLI('ok'), T),
  faults: {
    ok: { stdio: r('keeps-all', 'initialize 2025-11-25, logging/setLevel, tools/list', 'ok') },
    'era/legacy-only': { stdio: r('keeps-all', 'never sends server/discover', 'era/legacy-only') },
    'tool-schemas/invalid-json-schema': {
      stdio: r('keeps-all', 'lists the tool with the invalid schema as it came', 'tool-schemas/invalid-json-schema'),
    },
    'tool-schemas/schema-not-object': {
      stdio: r(
        'drops-bad-tools',
        'SDK v2 client: the tool whose inputSchema is not an object is left out, the rest listed',
        'tool-schemas/schema-not-object',
      ),
    },
    'tool-schemas/input-schema-missing': {
      stdio: r(
        'drops-bad-tools',
        'the tool without inputSchema is left out, the rest listed',
        'tool-schemas/input-schema-missing',
      ),
    },
    'tool-schemas/duplicate-name': {
      stdio: r('keeps-all', 'lists both tools of the same name', 'tool-schemas/duplicate-name'),
    },
    'pagination/cursor-loop': {
      stdio: r('keeps-all', 'lists the first page once (a single tools/list)', 'pagination/cursor-loop'),
    },
    'list-result/null': { stdio: r('keeps-all', 'tools/list only: resources are not asked for', 'list-result/null') },
    'stdio-hygiene/not-jsonrpc': { stdio: r('keeps-all', 'skips the non-JSON line', 'stdio-hygiene/not-jsonrpc') },
    'server-info/missing': {
      stdio: r(
        'drops-server',
        'exit 1: {"error":{"message":"Invalid result for initialize: … serverInfo"}}',
        'server-info/missing',
      ),
    },
    'stdio-hygiene/exited': {
      stdio: r('drops-server', 'exit 1: {"error":{"message":"Connection closed"}}', 'stdio-hygiene/exited'),
    },
  },
};
