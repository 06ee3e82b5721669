import { CRASHED_SUFFIX, findingsOf, verdict } from '../findings/finding.js';
import { isKnownVersion } from '../protocol.js';
import type { ConnectionInfo, Diagnostic, Finding, Purpose, Transcript } from '../types.js';
import { capabilitiesBacked } from './capabilities-backed.js';
import { capabilitiesDeclared } from './capabilities-declared.js';
import { capabilitiesUsed } from './capabilities-used.js';
import { clientCapabilities } from './client-capabilities.js';
import { discover } from './discover.js';
import { emptyDiscovery } from './empty-discovery.js';
import { eraSupport } from './era-support.js';
import { eraSwitch } from './era-switch.js';
import { httpAccepted } from './http-accepted.js';
import { httpContentType } from './http-content-type.js';
import { httpOrigin } from './http-origin.js';
import { httpProtocolVersion } from './http-protocol-version.js';
import { httpSession } from './http-session.js';
import { httpSse } from './http-sse.js';
import { httpStandardHeaders } from './http-standard-headers.js';
import { initializeFormat } from './initialize-format.js';
import { jsonrpcEnvelope } from './jsonrpc-envelope.js';
import { lifecycleOrder } from './lifecycle-order.js';
import { listChanged } from './list-changed.js';
import { listDrift } from './list-drift.js';
import { messageSchema } from './message-schema.js';
import { oauthSteps } from './oauth-steps.js';
import { pagination } from './pagination.js';
import { appliesTo, type ClientKind, type Rule, type RuleView } from './rule.js';
import { serverInfo } from './server-info.js';
import { sessionLifecycle } from './session-lifecycle.js';
import { sessionViews } from './sessions.js';
import { startUp } from './start-up.js';
import { stdioHygiene } from './stdio-hygiene.js';
import { toolSchemas } from './tool-schemas.js';
import { undeclaredMethods } from './undeclared-methods.js';
import { versionNegotiation } from './version-negotiation.js';

/**
 * The one rule set, in report order, for the doctor and `check` alike (rule.ts). Ids are stable: CI
 * baselines and SARIF rules refer to them. New rule: a file here and a line in this list.
 */
export const RULES: readonly Rule[] = [
  stdioHygiene,
  initializeFormat,
  versionNegotiation,
  discover,
  lifecycleOrder,
  sessionLifecycle,
  capabilitiesDeclared,
  capabilitiesBacked,
  capabilitiesUsed,
  undeclaredMethods,
  listChanged,
  listDrift,
  eraSwitch,
  jsonrpcEnvelope,
  serverInfo,
  toolSchemas,
  eraSupport,
  emptyDiscovery,
  messageSchema,
  httpContentType,
  clientCapabilities,
  pagination,
  httpAccepted,
  httpSession,
  httpOrigin,
  httpProtocolVersion,
  httpStandardHeaders,
  httpSse,
  oauthSteps,
  startUp,
];

/** Connection purposes of mcp-handshake's own sessions (anything but what `tap` recorded of a host). */
const OURS = (purpose: ConnectionInfo['purpose']) => purpose !== 'tap' && purpose !== 'oauth';

/** Who the client of a transcript was (rule.ts): a host when `tap` recorded every connection; else mcp-handshake. */
export const clientOf = (t: Transcript): ClientKind =>
  t.connections.length > 0 && !t.connections.some((c) => OURS(c.purpose)) ? 'host' : 'mcp-handshake';

/**
 * What the doctor sends on purpose to see how a server copes (malformed initialize variants, unknown
 * versions, a foreign Origin, the HTTP+SSE transport probe): never a client's mistake.
 */
const DELIBERATE_PURPOSES: ReadonlySet<Purpose> = new Set([
  'malformed',
  'http-probe',
  'transport-probe',
  'modern-version',
]);

export function deliberateProbes(t: Transcript): string[] {
  return t.connections
    .filter(
      (c) =>
        DELIBERATE_PURPOSES.has(c.purpose) ||
        (c.purpose === 'version' && c.version !== undefined && !isKnownVersion(c.version)),
    )
    .map((c) => c.id);
}

/**
 * Run the rules that apply to this transcript (rule.ts: who the client was). A rule that throws is
 * reported as a bug of mcp-handshake, not fatal. Every entry carries findings: a rule that returns none
 * of its own is adapted (findings/finding.ts). When the client was mcp-handshake, its own side is never
 * judged: what it sends is deliberate.
 */
/** What every rule reads of a transcript besides its events (rule.ts), computed once. */
export const viewOf = (t: Transcript): RuleView => ({ client: clientOf(t), sessions: sessionViews(t) });

export function runRules(transcript: Transcript, rules: readonly Rule[] = RULES): Finding[] {
  const view = viewOf(transcript);
  const client = view.client;
  const deliberate = new Set(deliberateProbes(transcript));
  const ours = (f: Diagnostic) =>
    f.party === 'client' && (client === 'mcp-handshake' || deliberate.has(String(f.args.conn)));
  return rules
    .filter((rule) => appliesTo(rule, client))
    .map((rule) => {
      const { run: _run, judges: _judges, ...meta } = rule;
      try {
        const result = rule.run(transcript, view);
        const findings = findingsOf(rule, result);
        const kept = findings.filter((f) => !ours(f) || f.code.endsWith(CRASHED_SUFFIX));
        if (kept.length === findings.length) return { ...meta, ...result, findings };
        // What was only about our own deliberate side is dropped, and the status follows what is left.
        const again = verdict(kept, { summary: result.status === 'skip' ? result.summary : `${rule.title}` });
        return {
          ...meta,
          ...again,
          status: result.status === 'skip' ? 'skip' : again.status,
          evidence: result.evidence,
          findings: kept,
        };
      } catch (error) {
        const result = {
          status: 'fail' as const,
          summary: `the rule itself crashed: ${(error as Error).message}`,
          evidence: [],
        };
        const crash = findingsOf(rule, result).map((f) => ({
          ...f,
          code: `${rule.id}${CRASHED_SUFFIX}`,
          party: 'client' as const,
        }));
        return { ...meta, ...result, findings: crash };
      }
    });
}
