import { META } from '../protocol.js';
import type { Check } from '../types.js';
import { asObject, connsBy, describe, errorOf, exchangesOf, outcome, replyOf, resultOf, sentOf, skip, SPEC_MODERN } from './lib.js';

/** What is wrong with a DiscoverResult (empty when nothing is). `warnings` are SHOULDs. */
export function discoverProblems(result: Record<string, unknown>): { errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  const versions = result.supportedVersions;
  if (!Array.isArray(versions) || versions.length === 0 || !versions.every((v) => typeof v === 'string')) errors.push('supportedVersions must be a non-empty array of strings');
  if (!result.capabilities || typeof result.capabilities !== 'object' || Array.isArray(result.capabilities)) errors.push('capabilities must be an object');
  if (result.instructions !== undefined && typeof result.instructions !== 'string') errors.push('instructions must be a string');
  if (result.resultType === undefined) errors.push('resultType is missing (2026-07-28 results MUST carry it; SDK 2.x clients reject the result)');
  if (result.ttlMs !== undefined && !(Number.isInteger(result.ttlMs) && (result.ttlMs as number) >= 0)) errors.push('ttlMs must be a non-negative integer');
  if (result.cacheScope !== undefined && result.cacheScope !== 'public' && result.cacheScope !== 'private') errors.push('cacheScope must be "public" or "private"');
  if (result.ttlMs === undefined || result.cacheScope === undefined) warnings.push('ttlMs/cacheScope missing: clients fall back to no caching');
  const info = asObject(asObject(result._meta)[META.serverInfo]);
  if (typeof info.name !== 'string' || typeof info.version !== 'string') warnings.push(`_meta["${META.serverInfo}"] with name and version is missing`);
  return { errors, warnings };
}

export const discover: Check = {
  id: 'discover',
  title: 'server/discover is answered properly',
  why: 'ChatGPT and SDK 2.x clients probe server/discover before anything else. A valid DiscoverResult puts them on the 2026-07-28 wire; a JSON-RPC error lets them fall back to initialize; a 4xx/5xx, a malformed body or silence leaves ChatGPT with "No tools available".',
  fix: 'Answer server/discover with {supportedVersions, capabilities, resultType, ttlMs, cacheScope} and serverInfo in _meta — or, on a 2025-era server, with a JSON-RPC error (-32601) that echoes the id, over HTTP status 200.',
  spec: `${SPEC_MODERN}/basic/lifecycle`,
  run(t) {
    const c = connsBy(t, 'modern-main')[0];
    const x = c && exchangesOf(t, { conn: c.id, label: 'discover' })[0];
    if (!x) return skip('the modern era was not probed');
    const line = describe(t, x);
    const result = resultOf(t, x);
    if (result) {
      const { errors, warnings } = discoverProblems(result);
      if (errors.length > 0) return outcome('fail', `malformed DiscoverResult: ${errors.join('; ')}`, [line]);
      if (warnings.length > 0) return outcome('warn', `valid DiscoverResult, but ${warnings.join('; ')}`, [line]);
      return outcome('pass', `DiscoverResult: versions ${JSON.stringify(result.supportedVersions)}`, [line]);
    }
    const error = errorOf(t, x);
    if (error) {
      const sentId = sentOf(t, x)?.id;
      const gotId = replyOf(t, x)?.id;
      if (gotId !== sentId) return outcome('fail', `the JSON-RPC error does not echo the id (sent ${JSON.stringify(sentId)}, got ${JSON.stringify(gotId)})`, [line]);
      if (x.httpStatus !== undefined && x.httpStatus !== 200) return outcome('fail', `JSON-RPC error over HTTP ${x.httpStatus}: ChatGPT treats a 4xx/5xx probe answer as a dead server ("No tools available")`, [line]);
      return outcome('pass', `a 2025-era server: error ${String(error.code)} with the id echoed, so hosts fall back to initialize`, [line]);
    }
    if (x.outcome === 'timeout') return outcome('fail', 'no answer to server/discover: hosts that probe wait for their timeout', [line]);
    return outcome('fail', `server/discover got no JSON-RPC answer (${x.outcome}${x.httpStatus ? `, HTTP ${x.httpStatus}` : ''})`, [line]);
  },
};
