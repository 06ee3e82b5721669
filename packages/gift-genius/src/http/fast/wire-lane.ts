import type { IncomingMessage } from 'node:http';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import type { JsonObject } from '../../json-object.js';
import { MODERN_PROTOCOL_VERSION } from '../../primitives/lane.js';
import type { LegacySessions } from '../legacy-sessions.js';
import { nodeHeader } from '../node-io.js';
import type { EraMemo } from './era-memo.js';

/** The lane a request the fast path may take is on: modern, stateless legacy, or a legacy session. */
export type WireLane =
  | { era: 'modern'; sessionId?: undefined }
  | { era: 'legacy'; sessionId?: undefined }
  | { era: 'legacy'; sessionId: string };

const MODERN: WireLane = Object.freeze({ era: 'modern' });
const STATELESS_LEGACY: WireLane = Object.freeze({ era: 'legacy' });

/**
 * Which lane a plain JSON POST is on, decided as the SDK decides it (its classifier, through
 * `eras`), or undefined when anything would make the SDK answer otherwise than with a result
 * — then the request is the SDK's. Modern: every standard header present and matching (the SDK
 * answers anything less with its own error; Mcp-Name is the caller's to check, it depends on the
 * method). Legacy: no `_meta`, both media types accepted, a version header the SDK supports (it
 * refuses others with 400), and a session that exists when the server keeps them (none when it
 * does not). Reads headers and the session table only: no side effects; the session is claimed
 * (caller checked, idle clock reset) by the caller, after authorization.
 */
export function wireLane(
  req: IncomingMessage,
  /** The whole request, as parsed (the classifier reads it). */
  message: { method: string },
  meta: JsonObject | undefined,
  eras: EraMemo,
  sessions: LegacySessions | undefined,
): WireLane | undefined {
  const protocolVersion = nodeHeader(req, 'mcp-protocol-version') ?? undefined;
  const mcpMethod = nodeHeader(req, 'mcp-method') ?? undefined;
  const era = eras.classify(message, meta, protocolVersion, mcpMethod);
  if (era === 'modern')
    return protocolVersion === MODERN_PROTOCOL_VERSION && mcpMethod === message.method ? MODERN : undefined;
  if (era !== 'legacy' || meta !== undefined) return undefined;
  const accept = nodeHeader(req, 'accept') ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (protocolVersion !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(protocolVersion)) return undefined;
  const sessionId = nodeHeader(req, 'mcp-session-id') ?? undefined;
  if (!sessions) return sessionId === undefined ? STATELESS_LEGACY : undefined;
  if (sessionId === undefined || sessions.servedOnceKey(sessionId) === undefined) return undefined;
  return { era: 'legacy', sessionId };
}
