/** Codex CLI (@openai/codex), measured headless here: codex exec --skip-git-repo-check "say ok". */
import { appOnlyMeasured, bannerKept, measuredOn, reported } from './evidence.js';
import type { HostProfile } from './types.js';

const V = '0.171.0';
const { fact, reaction } = measuredOn(V);
const SESSION = 'codex exec --skip-git-repo-check "say ok" (a Responses provider on the stand-in model)';
const stdio = (fault: string) => `${SESSION}; server: node test/fixtures/host-faults.mjs ${fault}`;
const http = (fault: string) => `${SESSION}; server: node test/fixtures/host-faults-http.mjs --case ${fault}`;
const T = (batch: string) => `Codex CLI: ${batch}`;

export const codex: HostProfile = {
  id: 'codex',
  name: 'Codex CLI',
  kind: 'cli',
  measuredHere: true,
  package: { name: '@openai/codex', version: V },
  clientNames: fact(['codex-mcp-client'], SESSION, `Codex CLI ${V}: connects to the correct server and says who it is`),
  transports: reported(['stdio', 'streamable-http'], 'https://developers.openai.com/codex/mcp'),
  versionsOffered: fact({ initialize: '2025-06-18' }, stdio('era/legacy-only'), T('stdio faults')),
  discover: fact(
    { probes: false, on: [] },
    SESSION,
    `Codex CLI ${V}: connects to the correct server and says who it is`,
  ),
  // start-up/no-answer measured: gave up at None ms (killed by the budget: False)
  startupTimeout: fact(
    {
      omitsAfterMs: 1500,
      note: 'codex exec does not wait: a first turn omits a stdio server whose tools are not listed ~1.1–1.6 s after spawn ("omitting pending optional MCP server"; ready at 1.0 s kept, at 1.6 s omitted); mcp_optional_startup_grace_ms changes it',
    },
    stdio('start-up/no-answer'),
    T('start-up timeout on a stdio server that never answers'),
  ),
  appOnlyTools: appOnlyMeasured(V, 'Codex CLI', SESSION, true),
  faults: {
    'stdio-hygiene/noise-at-start': {
      stdio: bannerKept(V, 'Codex CLI', SESSION),
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
        'drops-server',
        'the model saw 0/1 tools',
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
        'keeps-all',
        'the model saw 2/2 tools',
        stdio('tool-schemas/schema-not-object'),
        T('stdio faults'),
      ),
      http: reaction('keeps-all', 'the model saw 2/2 tools', http('tool-schemas/schema-not-object'), T('http faults')),
    },
  },
};
