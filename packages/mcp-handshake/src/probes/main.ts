import { LABEL } from '../labels.js';
import { isModernVersion, MODERN_VERSION, withEnvelope } from '../protocol.js';
import { HttpConnection } from '../wire/http.js';
import type { Reply, RpcConnection } from '../wire/rpc.js';
import { capabilityProbes } from './capability-probes.js';
import { type HandshakeOutcome, legacyHandshake } from './legacy.js';
import { type Listing, type ListKind, listRound, paramsFor, resultOf, type WireContext } from './listing.js';

export const UNKNOWN_METHOD = 'mcp-handshake/no-such-method';
const ALL_KINDS: ListKind[] = ['tools', 'resources', 'resourceTemplates', 'prompts'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface MainProbeOptions {
  driftWindowMs: number;
  settleMs: number;
}

/**
 * Everything after a successful legacy handshake: discovery (every list, declared or
 * not), capability probes, an unknown method, and a second listing after the drift window.
 */
export async function probeLegacySession(
  conn: RpcConnection,
  handshake: HandshakeOutcome,
  options: MainProbeOptions,
): Promise<Listing> {
  if (!handshake.result) return {};
  const capabilities = (handshake.result.capabilities ?? {}) as Record<string, unknown>;
  // A session's list_changed notifications travel on the GET stream; open it for the drift window.
  // Not awaited: some servers send the stream's headers only with its first event.
  if (conn instanceof HttpConnection) void conn.openGetStream();
  const ctx: WireContext = { era: 'legacy' };
  const first = await listRound(conn, ctx, ALL_KINDS, 1);
  await capabilityProbes(conn, ctx, capabilities, first);
  await conn.request('ping', undefined, { label: LABEL.ping });
  await conn.request(UNKNOWN_METHOD, {}, { label: LABEL.unknownMethod });
  await sleep(options.driftWindowMs);
  await listRound(conn, ctx, Object.keys(first) as ListKind[], 2);
  return first;
}

export async function probeLegacyMain(conn: RpcConnection, version: string, options: MainProbeOptions): Promise<void> {
  const handshake = await legacyHandshake(conn, version, { settleMs: options.settleMs });
  await probeLegacySession(conn, handshake, options);
}

export interface DiscoverOutcome {
  reply: Reply;
  result?: Record<string, unknown>;
  version?: string;
}

/** server/discover as ChatGPT sends it: a modern request carrying the 2026-07-28 envelope. */
export async function discover(
  conn: RpcConnection,
  version = MODERN_VERSION,
  label: string = LABEL.discover,
): Promise<DiscoverOutcome> {
  const reply = await conn.request('server/discover', withEnvelope(version), { label });
  const result = resultOf(reply);
  if (!result || !Array.isArray(result.supportedVersions)) return { reply };
  const supported = (result.supportedVersions as unknown[]).filter((v): v is string => typeof v === 'string');
  const chosen = supported.includes(version) ? version : supported.find(isModernVersion);
  return { reply, result, ...(chosen && { version: chosen }) };
}

export function declaredKinds(capabilities: Record<string, unknown>): ListKind[] {
  const kinds: ListKind[] = [];
  if (capabilities.tools) kinds.push('tools');
  if (capabilities.resources) kinds.push('resources', 'resourceTemplates');
  if (capabilities.prompts) kinds.push('prompts');
  return kinds;
}

/** The modern wire: discover, then list what was declared, then an unknown method. */
export async function probeModernMain(conn: RpcConnection, options: { version?: string } = {}): Promise<void> {
  const outcome = await discover(conn, options.version ?? MODERN_VERSION);
  if (!outcome.result || !outcome.version) return;
  const ctx: WireContext = { era: 'modern', version: outcome.version };
  const capabilities = (outcome.result.capabilities ?? {}) as Record<string, unknown>;
  const listing = await listRound(conn, ctx, declaredKinds(capabilities), 1);
  if (capabilities.completions) await capabilityProbes(conn, ctx, capabilities, listing);
  await conn.request(UNKNOWN_METHOD, paramsFor(ctx), { label: LABEL.unknownMethod });
}
