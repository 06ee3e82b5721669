/**
 * Pure helpers for reading a transcript. Nothing here does I/O: checks must be
 * testable on hand-written transcripts.
 */

import { LABEL } from '../labels.js';
import { FALLBACK_LEGACY_VERSION, isKnownVersion, MODERN_VERSION } from '../protocol.js';
import type { CheckResult, CheckStatus, ConnectionInfo, Exchange, Purpose, Transcript, WireEvent } from '../types.js';

export type Msg = Record<string, unknown>;

export const SPEC = 'https://modelcontextprotocol.io/specification/2025-11-25';
export const SPEC_MODERN = 'https://modelcontextprotocol.io/specification/2026-07-28';

const ORDER: CheckStatus[] = ['skip', 'info', 'pass', 'warn', 'fail'];
export const worst = (statuses: CheckStatus[], fallback: CheckStatus = 'pass'): CheckStatus =>
  statuses.reduce<CheckStatus>((a, b) => (ORDER.indexOf(b) > ORDER.indexOf(a) ? b : a), fallback);

export const outcome = (status: CheckStatus, summary: string, evidence: string[] = []): CheckResult => ({
  status,
  summary,
  evidence,
});
export const skip = (summary: string): CheckResult => outcome('skip', summary);

export const connsBy = (t: Transcript, purpose: Purpose): ConnectionInfo[] =>
  t.connections.filter((c) => c.purpose === purpose);
export const conn = (t: Transcript, id: string): ConnectionInfo | undefined => t.connections.find((c) => c.id === id);

export function exchangesOf(
  t: Transcript,
  filter: { conn?: string; label?: string; labelPrefix?: string; method?: string },
): Exchange[] {
  return t.exchanges.filter(
    (x) =>
      (filter.conn === undefined || x.conn === filter.conn) &&
      (filter.label === undefined || x.label === filter.label) &&
      (filter.labelPrefix === undefined || (x.label ?? '').startsWith(filter.labelPrefix)) &&
      (filter.method === undefined || x.method === filter.method),
  );
}

export const eventAt = (t: Transcript, seq: number | undefined): WireEvent | undefined =>
  seq === undefined || seq < 0 ? undefined : t.events.find((e) => e.seq === seq);
export const replyOf = (t: Transcript, x: Exchange | undefined): Msg | undefined =>
  x ? (eventAt(t, x.replySeq)?.message as Msg | undefined) : undefined;
export const sentOf = (t: Transcript, x: Exchange | undefined): Msg | undefined =>
  x ? (eventAt(t, x.sentSeq)?.message as Msg | undefined) : undefined;

export function resultOf(t: Transcript, x: Exchange | undefined): Msg | undefined {
  const r = replyOf(t, x)?.result;
  return r && typeof r === 'object' && !Array.isArray(r) ? (r as Msg) : undefined;
}

export function errorOf(
  t: Transcript,
  x: Exchange | undefined,
): { code: unknown; message: unknown; data?: unknown } | undefined {
  const e = replyOf(t, x)?.error;
  return e && typeof e === 'object' ? (e as { code: unknown; message: unknown; data?: unknown }) : undefined;
}

export function excerpt(value: unknown, max = 160): string {
  const text = (typeof value === 'string' ? value : JSON.stringify(value))?.replace(/\s+/g, ' ');
  if (text === undefined) return String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** "tools/list → error -32601 Method not found (3 ms)" and the like: the evidence line for one exchange. */
export function describe(t: Transcript, x: Exchange): string {
  const what = `${x.conn}: ${x.method}${x.label && !x.label.startsWith(LABEL.firstListing) ? ` [${x.label}]` : ''}`;
  const http = x.httpStatus !== undefined ? `HTTP ${x.httpStatus}, ` : '';
  switch (x.outcome) {
    case 'timeout':
      return `${what} → no answer within ${Math.round(x.ms)} ms`;
    case 'closed':
      return `${what} → connection closed before an answer${exitNote(t, x.conn)}`;
    case 'transport-error':
      return `${what} → ${http || 'transport error, '}no JSON-RPC answer${noiseNote(t, x)}`;
    case 'reply': {
      const m = replyOf(t, x) ?? {};
      const e = errorOf(t, x);
      const body = e ? `error ${String(e.code)} ${excerpt(e.message, 80)}` : `result ${excerpt(m.result, 100)}`;
      return `${what} → ${http}${body} (${Math.round(x.ms)} ms)`;
    }
  }
}

function exitNote(t: Transcript, connId: string): string {
  const exit = t.events.find((e) => e.conn === connId && e.kind === 'exit');
  if (!exit?.exit) return '';
  return exit.exit.signal
    ? ` (process killed by ${exit.exit.signal})`
    : ` (process exited with code ${exit.exit.code})`;
}

function noiseNote(t: Transcript, x: Exchange): string {
  const noise = t.events.find((e) => e.conn === x.conn && e.kind === 'noise' && e.seq > x.sentSeq);
  return noise?.raw ? `: ${excerpt(noise.raw, 100)}` : '';
}

export interface Session {
  conn: ConnectionInfo;
  era: 'legacy' | 'modern';
  /** initialize result (legacy) or discover result (modern). */
  result: Msg;
  capabilities: Msg;
}

/** The legacy main session when it was established, else the modern one. */
export function mainSession(t: Transcript): Session | undefined {
  for (const c of connsBy(t, 'main')) {
    const x = exchangesOf(t, { conn: c.id, label: LABEL.initialize })[0];
    const r = resultOf(t, x);
    if (r) return { conn: c, era: 'legacy', result: r, capabilities: asObject(r.capabilities) };
  }
  return modernSession(t);
}

/**
 * HTTP: whether the server issued an Mcp-Session-Id with the answer to the main session's initialize (it keeps
 * sessions); undefined when that cannot be told (not HTTP, no initialize result, or HTTP+SSE, whose answers
 * come on the stream, not on the POST).
 */
export function issuedSessionId(t: Transcript, connId: string): boolean | undefined {
  if (t.transport !== 'http') return undefined;
  const init = exchangesOf(t, { conn: connId, label: LABEL.initialize })[0];
  if (!resultOf(t, init)) return undefined;
  const head = t.events.find(
    (e) => e.conn === connId && e.kind === 'http' && e.dir === 'in' && e.replyTo === init.sentSeq,
  );
  return head ? head.http?.headers?.['mcp-session-id'] !== undefined : undefined;
}

/** HTTP: whether the server keeps sessions, by the main legacy session's initialize answer (issuedSessionId). */
export const keepsSessions = (t: Transcript): boolean =>
  connsBy(t, 'main').some((c) => issuedSessionId(t, c.id) === true);

export function modernSession(t: Transcript): Session | undefined {
  for (const c of connsBy(t, 'modern-main')) {
    const x = exchangesOf(t, { conn: c.id, label: LABEL.discover })[0];
    const r = resultOf(t, x);
    if (r && Array.isArray(r.supportedVersions))
      return { conn: c, era: 'modern', result: r, capabilities: asObject(r.capabilities) };
  }
  return undefined;
}

export const asObject = (v: unknown): Msg => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Msg) : {});
export const isDeclared = (capabilities: Msg, name: string): boolean =>
  capabilities[name] !== undefined && capabilities[name] !== null && capabilities[name] !== false;

/** Every incoming JSON-RPC message on a connection, in order. */
export const incoming = (t: Transcript, connId: string): WireEvent[] =>
  t.events.filter((e) => e.conn === connId && e.dir === 'in' && e.kind === 'message');

/** The probes that tell whether a primitive answers: the first listing and the capability probes. */
export const PRIMITIVE_PROBES: Array<{ capability: string; method: string; label: string }> = [
  { capability: 'tools', method: 'tools/list', label: LABEL.firstListing },
  { capability: 'resources', method: 'resources/list', label: LABEL.firstListing },
  { capability: 'resources', method: 'resources/templates/list', label: LABEL.firstListing },
  { capability: 'prompts', method: 'prompts/list', label: LABEL.firstListing },
  { capability: 'logging', method: 'logging/setLevel', label: LABEL.probeLogging },
  { capability: 'completions', method: 'completion/complete', label: LABEL.probeCompletions },
];

/** Items of a list result: tools, resources, resourceTemplates or prompts. */
export function itemsOf(result: Msg | undefined, method: string): Msg[] {
  if (!result) return [];
  const key = {
    'tools/list': 'tools',
    'resources/list': 'resources',
    'resources/templates/list': 'resourceTemplates',
    'prompts/list': 'prompts',
  }[method];
  const list = key ? result[key] : undefined;
  return Array.isArray(list) ? (list as Msg[]) : [];
}

/**
 * All tools of a session's first listing, across pages. A tool repeated identically on a later page
 * is a pagination artefact (a looping cursor: the pagination check's finding), not a duplicate tool.
 */
export function toolsOf(t: Transcript, session: Session): Msg[] {
  const seen = new Set<string>();
  const tools: Msg[] = [];
  for (const x of exchangesOf(t, { conn: session.conn.id, method: 'tools/list', labelPrefix: LABEL.firstListing })) {
    // An entry that is not an object (null, a string) is message-schema's finding, not a tool to judge.
    const page = itemsOf(resultOf(t, x), 'tools/list').filter(
      (tool) => tool !== null && typeof tool === 'object' && !Array.isArray(tool),
    );
    tools.push(...page.filter((tool) => !seen.has(JSON.stringify(tool))));
    for (const tool of page) seen.add(JSON.stringify(tool));
  }
  return tools;
}

/** What an exchange that brought no usable result got instead, in words ("answered with "result": null"…). */
export function noResultWhy(t: Transcript, x: Exchange): string {
  const reply = replyOf(t, x);
  if (reply && 'result' in reply)
    return `answered with "result": ${excerpt(reply.result, 40)} (a result must be an object)`;
  if (x.outcome === 'timeout') return 'no answer (hang)';
  if (x.outcome === 'closed') return 'the connection died';
  return `no JSON-RPC answer${x.httpStatus !== undefined ? ` (HTTP ${x.httpStatus})` : ''}`;
}

/**
 * The revision a connection speaks, for citing its spec: the modern revision on the modern wire, else the version
 * its initialize negotiated, else the one it asked for.
 */
export function revisionOf(t: Transcript, connId: string): string {
  const c = conn(t, connId);
  if (c?.era === 'modern') return MODERN_VERSION;
  const negotiated = resultOf(t, exchangesOf(t, { conn: connId, label: LABEL.initialize })[0])?.protocolVersion;
  if (typeof negotiated === 'string' && isKnownVersion(negotiated)) return negotiated;
  return c?.version ?? FALLBACK_LEGACY_VERSION;
}

/** The revision a session speaks (see revisionOf). */
export const sessionRevision = (t: Transcript, session: Session): string =>
  session.era === 'modern' ? MODERN_VERSION : revisionOf(t, session.conn.id);
