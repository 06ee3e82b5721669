import { CRASHED_SUFFIX, findingsOf } from '../findings/finding.js';
import type { Check, Finding, Transcript } from '../types.js';
import { capabilitiesBacked } from './capabilities-backed.js';
import { capabilitiesDeclared } from './capabilities-declared.js';
import { clientCapabilities } from './client-capabilities.js';
import { discover } from './discover.js';
import { emptyDiscovery } from './empty-discovery.js';
import { eraSupport } from './era-support.js';
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
import { messageSchema } from './message-schema.js';
import { pagination } from './pagination.js';
import { serverInfo } from './server-info.js';
import { stdioHygiene } from './stdio-hygiene.js';
import { toolSchemas } from './tool-schemas.js';
import { undeclaredMethods } from './undeclared-methods.js';
import { versionNegotiation } from './version-negotiation.js';

/** The rule set, in report order. Ids are stable: CI baselines and SARIF rules refer to them. */
export const CHECKS: readonly Check[] = [
  stdioHygiene,
  initializeFormat,
  versionNegotiation,
  discover,
  lifecycleOrder,
  capabilitiesDeclared,
  capabilitiesBacked,
  undeclaredMethods,
  listChanged,
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
];

/**
 * Run every check over one transcript. A check that throws is reported as a doctor bug, not fatal.
 * Every entry carries findings: a check that returns none of its own is adapted (findings/finding.ts).
 */
export function runChecks(transcript: Transcript, checks: readonly Check[] = CHECKS): Finding[] {
  return checks.map((check) => {
    const { run: _run, ...meta } = check;
    try {
      const result = check.run(transcript);
      return { ...meta, ...result, findings: findingsOf(check, result) };
    } catch (error) {
      const result = {
        status: 'fail' as const,
        summary: `the check itself crashed: ${(error as Error).message}`,
        evidence: [],
      };
      const crash = findingsOf(check, result).map((f) => ({
        ...f,
        code: `${check.id}${CRASHED_SUFFIX}`,
        party: 'client' as const,
      }));
      return { ...meta, ...result, findings: crash };
    }
  });
}
