import { cite, finding, verdict } from '../findings/finding.js';
import { hostsAt } from '../findings/hosts.js';
import { LABEL } from '../labels.js';
import { ERROR, META, MODERN_VERSION } from '../protocol.js';
import { hasSchema, validateAgainst } from '../spec/schemas.js';
import {
  asObject,
  connsBy,
  describe,
  errorOf,
  exchangesOf,
  outcome,
  replyOf,
  resultOf,
  SPEC_MODERN,
  sentOf,
  skip,
} from './lib.js';
import type { Rule } from './rule.js';

/**
 * What is wrong with a DiscoverResult (empty when nothing is): `errors` are violations of the revision's JSON
 * Schema (REQUIRED fields, types), `warnings` are SHOULDs the schema cannot express.
 */
export function discoverProblems(
  result: Record<string, unknown>,
  revision: string = MODERN_VERSION,
): { errors: string[]; warnings: string[] } {
  const errors = hasSchema(revision)
    ? validateAgainst(revision, 'DiscoverResult', result).map((v) => `${v.pointer || '(root)'} ${v.message}`)
    : [];
  const warnings: string[] = [];
  const info = asObject(asObject(result._meta)[META.serverInfo]);
  if (typeof info.name !== 'string' || typeof info.version !== 'string')
    warnings.push(`_meta["${META.serverInfo}"] with name and version is missing`);
  return { errors, warnings };
}

const COMPAT = cite(MODERN_VERSION, 'basic/transports/streamable-http#backward-compatibility');
const STDIO_COMPAT = cite(MODERN_VERSION, 'basic/versioning#backward-compatibility-with-initialization-based-versions');
const DISCOVER = cite(MODERN_VERSION, 'server/discover');
/**
 * Errors by which a modern server says "I am modern, but not like this" (2026-07-28 Streamable HTTP backward
 * compatibility).
 */
const MODERN_ERRORS = new Set<unknown>([ERROR.headerMismatch, ERROR.missingClientCapability, ERROR.unsupportedVersion]);

export const discover: Rule = {
  id: 'discover',
  title: 'server/discover is answered properly',
  why:
    'ChatGPT and SDK 2.x clients probe server/discover before anything else. A valid DiscoverResult puts them on the ' +
    '2026-07-28 wire; a JSON-RPC error or a 4xx without a modern error body lets them fall back to initialize ' +
    '(ChatGPT has been reported to give up on a 4xx); a malformed result or a dead connection leaves them with ' +
    'nothing.',
  fix:
    'Answer server/discover with {supportedVersions, capabilities, resultType, ttlMs, cacheScope} and serverInfo in ' +
    '_meta — or, on a 2025-era server, with a JSON-RPC error (-32601) that echoes the id, over HTTP status 200. ' +
    'A 2025-era server that keeps sessions SHOULD answer a request without Mcp-Session-Id with 400 (2025-11-25 ' +
    'transports), which 2026-07-28 clients read as "fall back": only a host that gives up on it (ChatGPT, as ' +
    'reported) is a reason to make server/discover the exception.',
  spec: `${SPEC_MODERN}/server/discover`,
  run(t) {
    const c = connsBy(t, 'modern-main')[0];
    // Without the discover proper, the first modern request (a discover with an unknown version) when it
    // timed out: the doctor then sent nothing more, and that silence is what a host met too.
    const x =
      c &&
      (exchangesOf(t, { conn: c.id, label: LABEL.discover })[0] ??
        exchangesOf(t, { conn: c.id, label: LABEL.unknownVersion }).find((e) => e.outcome === 'timeout'));
    if (!x) return skip('the modern era was not probed');
    const line = describe(t, x);
    const evidence = [line];
    const status = x.httpStatus;
    const result = resultOf(t, x);
    if (result) {
      const { errors, warnings } = discoverProblems(result, c.version);
      const found = [
        ...errors.map((e) =>
          finding(
            'discover/malformed-result',
            'fail',
            `malformed DiscoverResult: ${e} (${c.version ?? MODERN_VERSION} schema)`,
            DISCOVER,
            { args: { problem: e, revision: c.version ?? MODERN_VERSION } },
          ),
        ),
        ...warnings.map((w) =>
          finding('discover/incomplete-result', 'warn', `valid DiscoverResult, but ${w}`, DISCOVER, {
            args: { problem: w },
          }),
        ),
      ];
      return verdict(found, {
        summary: `DiscoverResult: versions ${JSON.stringify(result.supportedVersions)}`,
        evidence,
      });
    }
    const error = errorOf(t, x);
    const fallback = (code: string, message: string, args: Record<string, unknown>) =>
      verdict(
        [
          finding(code, 'warn', message, t.transport === 'http' ? COMPAT : STDIO_COMPAT, {
            args,
            hosts: hostsAt('discover-4xx', t.transport),
          }),
        ],
        { summary: message, evidence },
      );
    if (status !== undefined && status >= 400) {
      if (error && MODERN_ERRORS.has(error.code)) {
        const msg =
          `HTTP ${status} with the modern error ${String(error.code)}: ` +
          'clients stay on the modern wire and retry instead of falling back';
        return verdict(
          [finding('discover/modern-error', 'warn', msg, COMPAT, { args: { httpStatus: status, code: error.code } })],
          { summary: msg, evidence },
        );
      }
      // Legal: the 2026-07-28 backward-compatibility signal. SDK clients fall back; ChatGPT is reported not to.
      return fallback(
        'discover/http-error-status',
        `HTTP ${status} ${error ? `with error ${String(error.code)}` : 'without a JSON-RPC error body'}: ` +
          'SDK clients fall back to initialize, but ChatGPT is reported to give up ("No tools available"); ' +
          'a JSON-RPC error (-32601) over HTTP 200 works with both',
        { httpStatus: status, ...(error && { code: error.code }) },
      );
    }
    if (error) {
      const sentId = sentOf(t, x)?.id;
      const gotId = replyOf(t, x)?.id;
      if (gotId !== sentId) {
        const ids = `sent ${JSON.stringify(sentId)}, got ${JSON.stringify(gotId)}`;
        const msg = `the JSON-RPC error does not echo the id (${ids})`;
        return verdict(
          [
            finding('discover/id-not-echoed', 'fail', msg, cite(MODERN_VERSION, 'basic/index#responses'), {
              args: { sentId, gotId },
            }),
          ],
          { summary: msg, evidence },
        );
      }
      return outcome(
        'pass',
        `a 2025-era server: error ${String(error.code)} with the id echoed, so hosts fall back to initialize`,
        evidence,
      );
    }
    if (x.outcome === 'timeout') {
      return fallback(
        'discover/timeout',
        `no answer to server/discover within ${Math.round(x.ms)} ms: clients fall back only after their timeout`,
        { ms: Math.round(x.ms) },
      );
    }
    const msg = `server/discover got no JSON-RPC answer (${x.outcome}${status ? `, HTTP ${status}` : ''})`;
    return verdict(
      [
        finding('discover/no-answer', 'fail', msg, STDIO_COMPAT, {
          args: { outcome: x.outcome, ...(status && { httpStatus: status }) },
        }),
      ],
      { summary: msg, evidence },
    );
  },
};
