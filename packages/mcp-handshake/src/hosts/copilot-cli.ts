/** GitHub Copilot CLI (@github/copilot), measured headless here: copilot -p "say ok". */
import { appOnlyMeasured, bannerKept, measuredOn, reported } from './evidence.js';
import type { HostProfile } from './types.js';

const V = '1.0.102';
const { fact, reaction } = measuredOn(V);
// Measured: {"discover/no-answer stdio": 9898, "discover/no-answer http": 1011, "era/legacy-only stdio": 18, "era/legacy-only http": 182, "discover/http-error-status http": 272}
const SESSION = 'copilot -p "say ok" (COPILOT_OFFLINE=true, COPILOT_PROVIDER_BASE_URL on the stand-in model)';
const stdio = (fault: string) => `${SESSION}; server: node test/fixtures/host-faults.mjs ${fault}`;
const http = (fault: string) => `${SESSION}; server: node test/fixtures/host-faults-http.mjs --case ${fault}`;
const T = (batch: string) => `Copilot CLI: ${batch}`;

export const copilotCli: HostProfile = {
  id: 'copilot-cli',
  name: 'GitHub Copilot CLI',
  kind: 'cli',
  measuredHere: true,
  package: { name: '@github/copilot', version: V },
  clientNames: fact(['copilot-cli'], SESSION, `Copilot CLI ${V}: connects to the correct server and says who it is`),
  transports: reported(
    ['stdio', 'streamable-http', 'http+sse'],
    'https://docs.github.com/en/copilot/how-tos/use-copilot-agents/use-copilot-cli',
  ),
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
      silentWaitMs: { stdio: 10000, http: 1000 },
      fallbackWithinMs: 130,
    },
    `${SESSION}; servers: host-faults discover/no-answer, era/legacy-only, discover/http-error-status, timed by HOST_FAULTS_LOG`,
    T('server/discover timing'),
  ),
  // start-up/no-answer measured: gave up at 64922 ms (killed by the budget: False)
  startupTimeout: fact(
    {
      ms: 65000,
      note: 'waits 10 s on the unanswered server/discover, then gives up 65 s after spawn; the session goes on without the server',
    },
    stdio('start-up/no-answer'),
    T('start-up timeout on a stdio server that never answers'),
  ),
  appOnlyTools: appOnlyMeasured(V, 'Copilot CLI', SESSION, false),
  faults: {
    'stdio-hygiene/noise-at-start': {
      stdio: bannerKept(V, 'Copilot CLI', SESSION),
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
        'drops-server',
        'the model saw 0/1 tools',
        http('http-content-type/answer'),
        T('http faults at connect'),
      ),
    },
    'http-session/required-not-issued': {
      http: reaction(
        'drops-all-tools',
        'the model saw 0/1 tools',
        http('http-session/required-not-issued'),
        T('http faults at connect'),
      ),
    },
    'http-sse/not-json-rpc': {
      http: reaction('drops-server', 'the model saw 0/1 tools', http('http-sse/not-json-rpc'), T('http faults')),
    },
    'http-status/server-error': {
      http: reaction(
        'drops-server',
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
      stdio: reaction('drops-all-tools', 'the model saw 0/1 tools', stdio('pagination/cursor-loop'), T('stdio faults')),
      http: reaction('drops-all-tools', 'the model saw 0/1 tools', http('pagination/cursor-loop'), T('http faults')),
    },
    'server-info/missing': {
      stdio: reaction(
        'drops-server',
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
        'drops-server',
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
      stdio: reaction('keeps-all', 'the model saw 2/3 tools', stdio('tool-schemas/duplicate-name'), T('stdio faults')),
    },
    'tool-schemas/input-schema-missing': {
      stdio: reaction(
        'keeps-all',
        'the model saw 2/2 tools',
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
        'keeps-all',
        'the model saw 2/2 tools',
        stdio('tool-schemas/schema-not-object'),
        T('stdio faults'),
      ),
      http: reaction('keeps-all', 'the model saw 2/2 tools', http('tool-schemas/schema-not-object'), T('http faults')),
    },
  },
};
