/**
 * The tap's view of OAuth: which requests through it are a host's OAuth steps (metadata fetches,
 * registration, the authorization request, the token request), and what of them may be recorded.
 * Pure. Tokens, codes, verifiers, secrets and registration access tokens are replaced before anything
 * is recorded; http-tap.ts records these steps on a connection of their own (purpose `oauth`).
 */
import { REDACTED } from '../redact.js';

export type TapOAuthStep = 'prm' | 'as-metadata' | 'register' | 'authorize' | 'token' | 'jwks' | 'page';

const SECRET_FIELDS = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'code_verifier',
  'client_secret',
  'client_assertion',
  'registration_access_token',
  'password',
  'assertion',
  'subject_token',
  'actor_token',
]);

/**
 * The step a request is, from what the host sent; undefined for everything else (MCP traffic).
 * `mcpPath` is the endpoint's path: a browser's GET elsewhere on the same origin (a login or consent
 * page, its redirects carrying the code) is a `page` of the authorization.
 */
export function oauthStepOf(
  method: string,
  url: URL,
  contentType: string | undefined,
  body: string,
  context: { mcpPath: string; accept?: string },
): TapOAuthStep | undefined {
  const path = url.pathname;
  if (path.startsWith('/.well-known/oauth-protected-resource')) return 'prm';
  if (path.startsWith('/.well-known/oauth-authorization-server') || path.includes('/.well-known/openid-configuration'))
    return 'as-metadata';
  if (method === 'GET' && url.searchParams.has('response_type') && url.searchParams.has('client_id'))
    return 'authorize';
  if (method === 'GET' && /\/(jwks(\.json)?|certs)$/.test(path)) return 'jwks';
  // Not the endpoint, not an event stream, not a 2024-11-05 session: a page of the authorization server.
  const stream = (context.accept ?? '').includes('text/event-stream') || url.searchParams.has('sessionId');
  if (method === 'GET' && path !== context.mcpPath && !stream) return 'page';
  if (method !== 'POST') return undefined;
  if ((contentType ?? '').includes('application/x-www-form-urlencoded') && new URLSearchParams(body).has('grant_type'))
    return 'token';
  if ((contentType ?? '').includes('json') && /"redirect_uris"\s*:/.test(body) && !/"jsonrpc"\s*:/.test(body))
    return 'register';
  return undefined;
}

const SECRET_PARAMS = new RegExp(`\\b(${[...SECRET_FIELDS].join('|')})=[^&\\s"'<>]+`, 'g');

/** A URL with its secret query parameters replaced (an authorization code in a redirect, say). */
export function redactedUrl(raw: string, base?: string): string {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return raw;
  }
  for (const key of [...url.searchParams.keys()]) if (SECRET_FIELDS.has(key)) url.searchParams.set(key, REDACTED);
  return url.href;
}

/** A request or response body with its secrets replaced: JSON objects by field, forms by parameter. */
export function redactedBody(text: string, contentType: string | undefined): string {
  if ((contentType ?? '').includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(text);
    for (const key of [...form.keys()]) if (SECRET_FIELDS.has(key)) form.set(key, REDACTED);
    return form.toString();
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const copy = { ...(parsed as Record<string, unknown>) };
      for (const key of Object.keys(copy)) if (SECRET_FIELDS.has(key)) copy[key] = REDACTED;
      return JSON.stringify(copy);
    }
  } catch {
    // not JSON: an HTML login or error page
  }
  // Anything else (an HTML page, "Redirecting to …?code=…") is kept only in short, never with a code or a JWT.
  return text
    .slice(0, 2000)
    .replace(SECRET_PARAMS, (_, key: string) => `${key}=${REDACTED}`)
    .replace(/\b[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]+/g, REDACTED);
}

export const STEP_TITLE: Record<TapOAuthStep, string> = {
  prm: 'Protected Resource Metadata',
  'as-metadata': 'authorization server metadata',
  register: 'client registration',
  authorize: 'authorization request',
  token: 'token request',
  jwks: 'keys (JWKS)',
  page: 'authorization server page (login, consent, redirects)',
};
