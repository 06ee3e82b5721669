/**
 * The recorded OAuth exchange the checks judge: every request the walker (walker.ts) sent while
 * walking a protected server's discovery, with what came back. Data only; the checks are pure
 * functions of it. Nothing secret is kept: no Authorization header, codes and client secrets
 * replaced, bodies only when JSON and bounded.
 */
import type { OAuthHostId } from './host-oauth.js';

export type OAuthStep =
  | 'challenge'
  | 'prm'
  | 'as-metadata'
  | 'register'
  | 'authorize'
  | 'token'
  | 'mcp-token'
  | 'mcp-bogus-token'
  | 'mcp-foreign-token';

export interface OAuthHttp {
  step: OAuthStep;
  method: 'GET' | 'POST';
  url: string;
  /** Absent when nothing came back (`error` says why). */
  status?: number;
  error?: string;
  headers: { 'www-authenticate'?: string; location?: string; 'content-type'?: string };
  /** A JSON object body, when there was one (bounded). */
  json?: Record<string, unknown>;
  /** The host this request was sent as (registration, authorization). */
  as?: OAuthHostId;
  /** `no-scope`: the authorization request again without scope (a reconnect that omits it). */
  variant?: 'no-scope';
  ms: number;
}

export interface OAuthExchange {
  /** The MCP endpoint as given. */
  endpoint: string;
  requests: OAuthHttp[];
  /** --register was given: throw-away clients were registered. */
  registered: boolean;
  /** A token was tried (--token or --login). */
  withToken: boolean;
}

export const requestsOf = (x: OAuthExchange, step: OAuthStep) => x.requests.filter((r) => r.step === step);

/** The recorded answer for a URL at a step (the first, if it was asked twice). */
export const answerAt = (x: OAuthExchange, step: OAuthStep, url: string, as?: OAuthHostId) =>
  x.requests.find((r) => r.step === step && r.url === url && (as === undefined || r.as === as));

export const ok = (r: OAuthHttp | undefined): r is OAuthHttp & { status: number } =>
  r?.status !== undefined && r.status >= 200 && r.status < 300;

/** `resource_metadata`, `scope`, `error` of a `WWW-Authenticate: Bearer …` challenge (RFC 6750 §3, RFC 9728 §5.1). */
export function challengeParams(header: string | undefined): Map<string, string> {
  const params = new Map<string, string>();
  if (!header || !/^\s*bearer\b/i.test(header)) return params;
  const re = /([A-Za-z_][A-Za-z0-9_-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
  for (const m of header.matchAll(re)) {
    const key = m[1]!.toLowerCase();
    if (!params.has(key)) params.set(key, (m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1'));
  }
  return params;
}

/** A peer's string as evidence: quoted (control characters escaped) and cut short. */
export const quote = (value: unknown, max = 200): string => {
  const text = JSON.stringify(value ?? null);
  return text.length > max ? `${text.slice(0, max)}…` : text;
};
