/** Continue CLI (@continuedev/cli), measured headless here: cn --config continue.yaml -p "say ok". */
import { appOnlyMeasured, bannerKept, measuredOn, reported } from './evidence.js';
import type { HostProfile } from './types.js';

const V = '1.5.47';
const { fact, reaction } = measuredOn(V);
const SESSION = 'cn --config continue.yaml -p "say ok" (an openai provider on the stand-in model)';
const stdio = (fault: string) => `${SESSION}; server: node test/fixtures/host-faults.mjs ${fault}`;
const http = (fault: string) => `${SESSION}; server: node test/fixtures/host-faults-http.mjs --case ${fault}`;
const T = (batch: string) => `Continue CLI: ${batch}`;

export const continueCli: HostProfile = {
  id: 'continue-cli',
  name: 'Continue CLI',
  kind: 'cli',
  measuredHere: true,
  package: { name: '@continuedev/cli', version: V },
  clientNames: fact(
    ['continue-cli-client'],
    SESSION,
    `Continue CLI ${V}: connects to the correct server and says who it is`,
  ),
  transports: reported(['stdio', 'streamable-http', 'http+sse'], 'https://docs.continue.dev/customize/deep-dives/mcp'),
  versionsOffered: fact({ initialize: '2025-11-25' }, stdio('era/legacy-only'), T('stdio faults')),
  discover: fact(
    { probes: false, on: [] },
    SESSION,
    `Continue CLI ${V}: connects to the correct server and says who it is`,
  ),
  // start-up/no-answer measured: gave up at 60176 ms (killed by the budget: False)
  startupTimeout: fact(
    {
      ms: 60000,
      note: 'MCP error -32001 Request timed out at 60 s, starts the server again and waits another 60 s, then the whole session fails: "MCP server(s) failed to load"',
    },
    stdio('start-up/no-answer'),
    T('start-up timeout on a stdio server that never answers'),
  ),
  appOnlyTools: appOnlyMeasured(V, 'Continue CLI', SESSION, false),
  faults: {
    'stdio-hygiene/noise-at-start': {
      stdio: bannerKept(V, 'Continue CLI', SESSION),
    },
    'capabilities-backed/refused': {
      stdio: reaction('keeps-all', 'the model saw 1/1 tools', stdio('capabilities-backed/refused'), T('stdio faults')),
      http: reaction('keeps-all', 'the model saw 1/1 tools', http('capabilities-backed/refused'), T('http faults')),
    },
    'discover/http-error-status': {
      http: reaction('keeps-all', 'the model saw 1/1 tools', http('discover/http-error-status'), T('http faults')),
    },
    'discover/malformed-result': {
      stdio: reaction('keeps-all', 'the model saw 1/1 tools', stdio('discover/malformed-result'), T('stdio faults')),
      http: reaction('keeps-all', 'the model saw 1/1 tools', http('discover/malformed-result'), T('http faults')),
    },
    'discover/no-answer': {
      stdio: reaction('keeps-all', 'the model saw 1/1 tools', stdio('discover/no-answer'), T('stdio faults')),
      http: reaction('keeps-all', 'the model saw 1/1 tools', http('discover/no-answer'), T('http faults')),
    },
    'era/legacy-only': {
      stdio: reaction('keeps-all', 'the model saw 1/1 tools', stdio('era/legacy-only'), T('stdio faults')),
      http: reaction('keeps-all', 'the model saw 1/1 tools', http('era/legacy-only'), T('http faults')),
    },
    'http-content-type/answer': {
      http: reaction(
        'drops-session',
        'the model saw 0/1 tools',
        http('http-content-type/answer'),
        T('http faults at connect'),
      ),
    },
    'http-session/required-not-issued': {
      http: reaction(
        'drops-session',
        'the model saw 0/1 tools',
        http('http-session/required-not-issued'),
        T('http faults at connect'),
      ),
    },
    'http-sse/not-json-rpc': {
      http: reaction('keeps-all', 'the model saw 1/1 tools', http('http-sse/not-json-rpc'), T('http faults')),
    },
    'http-status/server-error': {
      http: reaction(
        'drops-session',
        'the model saw 0/1 tools',
        http('http-status/server-error'),
        T('http faults at connect'),
      ),
    },
    'list-result/null': {
      stdio: reaction('keeps-all', 'the model saw 1/1 tools', stdio('list-result/null'), T('stdio faults')),
      http: reaction('keeps-all', 'the model saw 1/1 tools', http('list-result/null'), T('http faults')),
    },
    ok: {
      stdio: reaction('keeps-all', 'the model saw 1/1 tools', stdio('ok'), T('stdio faults')),
      http: reaction('keeps-all', 'the model saw 1/1 tools', http('ok'), T('http faults')),
    },
    'pagination/cursor-loop': {
      stdio: reaction('keeps-all', 'the model saw 1/1 tools', stdio('pagination/cursor-loop'), T('stdio faults')),
      http: reaction('keeps-all', 'the model saw 1/1 tools', http('pagination/cursor-loop'), T('http faults')),
    },
    'server-info/missing': {
      stdio: reaction(
        'drops-session',
        'the model saw 0/1 tools',
        stdio('server-info/missing'),
        T('stdio faults at connect'),
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
        'drops-session',
        'the model saw 0/1 tools',
        stdio('stdio-hygiene/exited'),
        T('stdio faults at connect'),
      ),
    },
    'stdio-hygiene/not-jsonrpc': {
      stdio: reaction('keeps-all', 'the model saw 1/1 tools', stdio('stdio-hygiene/not-jsonrpc'), T('stdio faults')),
    },
    'tool-names/long': {
      stdio: reaction('keeps-all', 'the model saw 2/2 tools', stdio('tool-names/long'), T('stdio faults')),
    },
    'tool-schemas/duplicate-name': {
      stdio: reaction('keeps-all', 'the model saw 3/3 tools', stdio('tool-schemas/duplicate-name'), T('stdio faults')),
    },
    'tool-schemas/input-schema-missing': {
      stdio: reaction(
        'drops-all-tools',
        'the model saw 0/2 tools',
        stdio('tool-schemas/input-schema-missing'),
        T('stdio faults'),
      ),
    },
    'tool-schemas/invalid-json-schema': {
      stdio: reaction(
        'keeps-all',
        'the model saw 2/2 tools',
        stdio('tool-schemas/invalid-json-schema'),
        T('stdio faults'),
      ),
      http: reaction(
        'keeps-all',
        'the model saw 2/2 tools',
        http('tool-schemas/invalid-json-schema'),
        T('http faults'),
      ),
    },
    'tool-schemas/name-format': {
      stdio: reaction('keeps-all', 'the model saw 2/2 tools', stdio('tool-schemas/name-format'), T('stdio faults')),
    },
    'tool-schemas/schema-not-object': {
      stdio: reaction(
        'drops-all-tools',
        'the model saw 0/2 tools',
        stdio('tool-schemas/schema-not-object'),
        T('stdio faults'),
      ),
      http: reaction(
        'drops-all-tools',
        'the model saw 0/2 tools',
        http('tool-schemas/schema-not-object'),
        T('http faults'),
      ),
    },
  },
};
