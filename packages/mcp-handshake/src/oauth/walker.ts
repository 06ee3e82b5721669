/**
 * The OAuth stage's I/O: walks a protected endpoint's discovery and records every answer
 * (exchange.ts) for the pure checks. It fetches the union of what the known hosts fetch (host-oauth.ts):
 * the Protected Resource Metadata at the challenge's URL, the path-based and the root well-known URLs;
 * the authorization server metadata at every URL the SDK tries; with `register`, one throw-away client
 * per host that registers dynamically (with that host's redirect URIs); then, as each host, the
 * authorization request (PKCE S256, `resource`, the host's client id and redirect URI), stopping at the
 * answer (the login page): nobody logs in. With a token: the endpoint with it, with a made-up one, and
 * with one minted for another resource (--login). oauth4webapi does the OAuth messages (registration,
 * PKCE, state); the metadata GETs go through one recording fetch so each host's order can be replayed.
 * Prints nothing.
 */
import * as oauth from 'oauth4webapi';
import { asMetadataUrls, canonicalResource, prmUrls } from './discovery-urls.js';
import { challengeParams, type OAuthExchange, type OAuthHttp, type OAuthStep } from './exchange.js';
import { OAUTH_HOSTS, type OAuthHost, type OAuthHostId } from './host-oauth.js';
import { boundedBytes, jsonObjectOf, NULL_BODY_STATUS } from './http-body.js';

export interface OAuthWalkOptions {
  timeoutMs: number;
  /** Register one throw-away client per DCR host (the doctor does not otherwise write to the server). */
  register: boolean;
  /** The first answer of the MCP endpoint without a token, when the doctor already has it (else one POST gets it). */
  challenge?: { status: number; wwwAuthenticate?: string };
  token?: string;
  /** A token minted for another resource (from --login). */
  foreignToken?: string;
  /** Headers the user gave for the endpoint (-H), Authorization aside. */
  headers?: Record<string, string>;
}

/** A loopback port for the hosts that pick one at run time (RFC 8252 §7.3: any port must be accepted). */
const LOOPBACK_PORT = '49152';
const BOGUS_TOKEN = 'mcp-handshake-made-up-token';
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-handshake', version: '0' } },
});

const redirectOf = (host: OAuthHost) => host.redirectUris.map((u) => u.replace('{port}', LOOPBACK_PORT));

/** What a record may keep of a JSON body: never a secret the server handed out. */
function withoutSecrets(json: Record<string, unknown> | undefined) {
  if (!json) return json;
  const copy = { ...json };
  for (const k of ['client_secret', 'registration_access_token', 'access_token', 'refresh_token', 'id_token'])
    if (k in copy) copy[k] = '[redacted]';
  return copy;
}

/** A Location as recorded: an authorization code in it replaced. */
function safeLocation(location: string | null, base: string): string | undefined {
  if (!location) return undefined;
  try {
    const url = new URL(location, base);
    if (url.searchParams.has('code')) url.searchParams.set('code', '[redacted]');
    return url.href;
  } catch {
    return location.slice(0, 500);
  }
}

export async function walkOAuth(endpoint: string, options: OAuthWalkOptions): Promise<OAuthExchange> {
  const x: OAuthExchange = {
    endpoint,
    requests: [],
    registered: options.register,
    withToken: options.token !== undefined || options.foreignToken !== undefined,
  };
  /** fetch, recorded as one step of the exchange (also oauth4webapi's customFetch). */
  const recorded =
    (step: OAuthStep, extra: Pick<OAuthHttp, 'as' | 'variant'> = {}) =>
    async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = ((init?.method ?? 'GET').toUpperCase() === 'POST' ? 'POST' : 'GET') as 'GET' | 'POST';
      const started = performance.now();
      const entry: OAuthHttp = { step, method, url, headers: {}, ms: 0, ...extra };
      x.requests.push(entry);
      try {
        const response = await fetch(input, {
          ...init,
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        entry.status = response.status;
        const www = response.headers.get('www-authenticate');
        const type = response.headers.get('content-type');
        const location = safeLocation(response.headers.get('location'), url);
        entry.headers = {
          ...(www && { 'www-authenticate': www }),
          ...(type && { 'content-type': type }),
          ...(location && { location }),
        };
        // Read once, within the bound; oauth4webapi gets the same bytes back (none past the bound).
        const bytes = await boundedBytes(response);
        entry.json = withoutSecrets(jsonObjectOf(bytes, type));
        entry.ms = performance.now() - started;
        const body = NULL_BODY_STATUS.has(response.status) ? null : Buffer.from(bytes ?? new Uint8Array(0));
        return new Response(body, { status: response.status, headers: response.headers });
      } catch (error) {
        entry.error =
          (error as Error).name === 'TimeoutError'
            ? `timed out after ${options.timeoutMs} ms`
            : (error as Error).message;
        entry.ms = performance.now() - started;
        throw error;
      }
    };
  if (options.challenge)
    x.requests.push({
      step: 'challenge',
      method: 'POST',
      url: endpoint,
      status: options.challenge.status,
      headers: { ...(options.challenge.wwwAuthenticate && { 'www-authenticate': options.challenge.wwwAuthenticate }) },
      ms: 0,
    });
  else await postInitialize(recorded('challenge'), endpoint, undefined, options.headers);
  const challenge = x.requests.find((r) => r.step === 'challenge')!;

  const get = (step: OAuthStep, url: string) =>
    recorded(step)(url, { headers: { accept: 'application/json', 'mcp-protocol-version': '2025-11-25' } }).catch(
      () => undefined,
    );

  if (challenge.status === 401) {
    // Protected Resource Metadata, at every URL a host may try.
    const params = challengeParams(challenge.headers['www-authenticate']);
    const { pathBased, root } = prmUrls(endpoint);
    const named = params.get('resource_metadata');
    const prmCandidates = [...new Set([...(named && URL.canParse(named) ? [named] : []), pathBased, root])];
    const prms: Record<string, unknown>[] = [];
    for (const url of prmCandidates) {
      const r = await get('prm', url);
      if (r?.ok) {
        const doc = x.requests.at(-1)?.json;
        if (doc) prms.push(doc);
      }
    }
    // Authorization server metadata, at every URL the SDK tries, for the issuer each document names (or the origin).
    const issuers = new Set<string>();
    for (const doc of prms) {
      const first = Array.isArray(doc.authorization_servers) ? doc.authorization_servers[0] : undefined;
      if (typeof first === 'string' && URL.canParse(first)) issuers.add(first);
    }
    if (issuers.size === 0) issuers.add(`${new URL(endpoint).origin}/`);
    let meta: Record<string, unknown> | undefined;
    for (const issuer of issuers)
      for (const url of asMetadataUrls(issuer)) {
        const r = await get('as-metadata', url);
        if (r?.ok && !meta) meta = x.requests.at(-1)?.json;
      }
    if (meta && typeof meta.authorization_endpoint === 'string' && URL.canParse(meta.authorization_endpoint)) {
      await probeAsHosts(x, meta, prms[0], params.get('scope'), options, recorded);
    }
    // A made-up token must not open the endpoint.
    await postInitialize(recorded('mcp-bogus-token'), endpoint, BOGUS_TOKEN, options.headers);
  }
  if (options.token) await postInitialize(recorded('mcp-token'), endpoint, options.token, options.headers);
  if (options.foreignToken)
    await postInitialize(recorded('mcp-foreign-token'), endpoint, options.foreignToken, options.headers);
  return x;
}

async function postInitialize(
  send: (input: string, init: RequestInit) => Promise<Response>,
  endpoint: string,
  token: string | undefined,
  headers: Record<string, string> = {},
) {
  const r = await send(endpoint, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: INITIALIZE,
  }).catch(() => undefined);
  // A session the token opened is closed again.
  const session = r?.headers.get('mcp-session-id');
  if (session && r?.ok)
    await fetch(endpoint, {
      method: 'DELETE',
      headers: { ...headers, ...(token && { authorization: `Bearer ${token}` }), 'mcp-session-id': session },
    }).catch(() => undefined);
}

/** Registration (with --register) and the authorization request, as each host. */
async function probeAsHosts(
  x: OAuthExchange,
  meta: Record<string, unknown>,
  prm: Record<string, unknown> | undefined,
  challengeScope: string | undefined,
  options: OAuthWalkOptions,
  recorded: (
    step: OAuthStep,
    extra?: Pick<OAuthHttp, 'as' | 'variant'>,
  ) => (input: string | URL | Request, init?: RequestInit) => Promise<Response>,
) {
  const as = meta as unknown as oauth.AuthorizationServer;
  const insecure = { [oauth.allowInsecureRequests]: true } as const;
  const cimd = meta.client_id_metadata_document_supported === true;
  const canRegister = typeof meta.registration_endpoint === 'string';
  const resource = typeof prm?.resource === 'string' ? prm.resource : canonicalResource(x.endpoint);
  const supported = Array.isArray(prm?.scopes_supported)
    ? prm.scopes_supported.filter((s) => typeof s === 'string')
    : [];
  const scope = challengeScope ?? (supported.length ? supported.join(' ') : undefined);
  const registered = new Map<string, string>();

  for (const host of OAUTH_HOSTS) {
    let clientId: string | undefined;
    for (const way of host.registration) {
      if (way === 'cimd' && cimd && host.clientIdUrl) clientId = host.clientIdUrl;
      else if (way === 'dcr' && canRegister && options.register) {
        const redirects = redirectOf(host);
        const key = redirects.join(' ');
        if (!registered.has(key)) {
          try {
            const response = await oauth.dynamicClientRegistrationRequest(
              as,
              {
                client_name: `mcp-handshake probe (as ${host.name})`,
                redirect_uris: redirects,
                grant_types: ['authorization_code', 'refresh_token'],
                response_types: ['code'],
                token_endpoint_auth_method: 'none',
                ...(host.applicationType && { application_type: host.applicationType }),
                ...(scope && { scope }),
              },
              { [oauth.customFetch]: recorded('register', { as: host.id }), ...insecure },
            );
            const client = await oauth.processDynamicClientRegistrationResponse(response);
            registered.set(key, client.client_id);
          } catch {
            registered.set(key, '');
          }
        } else
          x.requests.push({
            ...x.requests.find(
              (r) => r.step === 'register' && r.as !== undefined && redirectOf(hostOf(r.as)).join(' ') === key,
            )!,
            as: host.id,
          });
        clientId = registered.get(key) || undefined;
      }
      if (clientId || (way === 'dcr' && canRegister)) break;
    }
    if (!clientId) continue;
    for (const variant of host.scope === 'sdk-omitted-on-reconnect' ? [undefined, 'no-scope' as const] : [undefined]) {
      const url = new URL(String(meta.authorization_endpoint));
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectOf(host)[0]!);
      url.searchParams.set(
        'code_challenge',
        await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      );
      url.searchParams.set('code_challenge_method', 'S256');
      url.searchParams.set('state', oauth.generateRandomState());
      url.searchParams.set('resource', resource);
      if (scope && !variant) url.searchParams.set('scope', scope);
      await recorded('authorize', { as: host.id, ...(variant && { variant }) })(url.href, {
        headers: { accept: 'text/html' },
      }).catch(() => undefined);
    }
  }
}

const hostOf = (id: OAuthHostId) => OAUTH_HOSTS.find((h) => h.id === id)!;
