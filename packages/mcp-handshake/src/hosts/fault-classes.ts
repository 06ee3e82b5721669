/**
 * The classes of server fault host behaviour is recorded for. Where the doctor already has a finding code for
 * the fault, the class is keyed by it (`doctor: true`; test/hosts/data.test.ts holds each such code present in
 * src/rules); the others are new codes the doctor does not emit yet. Each class has a
 * fixture case of the same name in test/fixtures/host-faults.mjs that the real-host tests drive every host with.
 */
export const FAULT_CLASSES = {
  ok: { doctor: false, what: 'a correct server speaking both eras (the baseline every host must connect to)' },
  'era/legacy-only': {
    doctor: false,
    what: 'a correct 2025-era server: server/discover and every 2026-07-28 request get -32601',
  },
  'discover/no-answer': { doctor: true, what: 'server/discover never gets an answer; initialize does' },
  'discover/malformed-result': {
    doctor: true,
    what: 'server/discover answered with a result that is no DiscoverResult',
  },
  'discover/http-error-status': {
    doctor: true,
    what: 'HTTP: the server/discover POST gets HTTP 400 with an HTML page (a 2025-era server)',
  },
  'tool-schemas/invalid-json-schema': {
    doctor: true,
    what: 'one tool whose inputSchema is not valid JSON Schema (a property of type "strin"), beside a good tool',
  },
  'tool-schemas/schema-not-object': {
    doctor: true,
    what: 'one tool whose inputSchema has type "array" (the MCP schema requires "object"), beside a good tool',
  },
  'tool-schemas/input-schema-missing': { doctor: true, what: 'one tool without inputSchema, beside a good tool' },
  'tool-schemas/duplicate-name': { doctor: true, what: 'two tools with the same name, beside a good tool' },
  'tool-schemas/name-format': { doctor: true, what: 'one tool whose name holds a space, beside a good tool' },
  'tool-names/long': {
    doctor: false,
    what: 'one tool with a valid 100-character name (MCP allows 128; model APIs take 64 with the host prefix)',
  },
  'pagination/cursor-loop': {
    doctor: true,
    what: 'tools/list answers the same nextCursor forever (a repeated cursor)',
  },
  'list-result/null': { doctor: false, what: 'resources/list (declared) answers with result null' },
  'capabilities-backed/refused': {
    doctor: true,
    what: 'resources and prompts declared, but their list methods get -32601',
  },
  'stdio-hygiene/not-jsonrpc': { doctor: true, what: 'stdio: a log line on stdout before every answer' },
  'server-info/missing': { doctor: true, what: 'the initialize result has no serverInfo (REQUIRED)' },
  'start-up/no-answer': {
    doctor: false,
    what: 'stdio: a server that never answers anything (measures the start-up timeout)',
  },
  'start-up/slow': {
    doctor: false,
    what: 'stdio: a server that answers nothing for its first 8 s, then everything (a slow start)',
  },
  'stdio-hygiene/noise-at-start': {
    doctor: false,
    what: 'stdio: lines on stdout that are not JSON-RPC, before its first message only (a start-up banner)',
  },
  'stdio-hygiene/exited': { doctor: true, what: 'stdio: the server prints an error and exits 1 before speaking' },
  'http-status/server-error': { doctor: false, what: 'HTTP: every POST gets HTTP 500 with a JSON-RPC error body' },
  'http-sse/not-json-rpc': { doctor: true, what: 'HTTP: answers on SSE streams whose first event is not JSON-RPC' },
  'http-content-type/answer': { doctor: true, what: 'HTTP: JSON answers served as text/plain' },
  'http-session/required-not-issued': {
    doctor: true,
    what: 'HTTP: Mcp-Session-Id required after initialize but never issued',
  },
} as const satisfies Record<string, { doctor: boolean; what: string }>;

export type FaultCode = keyof typeof FAULT_CLASSES;
export const FAULT_CODES = Object.keys(FAULT_CLASSES) as FaultCode[];
