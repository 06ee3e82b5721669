/**
 * A real authorization server for the tests: oidc-provider (an OpenID-certified implementation) on
 * 127.0.0.1, with dynamic client registration (RFC 7591), resource indicators (RFC 8707: JWT access
 * tokens whose audience is the resource asked for), PKCE S256 required, and Client ID Metadata
 * Documents (a URL client_id whose document the test serves). The user's login and consent are
 * answered by a test-only interaction route that grants what the client asked for: a user agent that
 * follows redirects with its cookies (`authorize` below) gets the code without a page in between.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';

export interface GrantPolicy {
  /** Access-token lifetime in seconds. */
  accessTokenTtl: number;
  /** Who logs in. */
  accountId: string;
}

export interface RunningAuthorizationServer {
  issuer: string;
  provider: Provider;
  policy: GrantPolicy;
  /** Every request the server received (method and path with query), in order. */
  requests: string[];
  close(): Promise<void>;
}

export const RESOURCE_SCOPES = ['gifts:read', 'gifts:suggest'];

export interface AuthorizationServerOptions {
  /** Pre-registered clients (a host that does not register). */
  clients?: Configuration['clients'];
  /**
   * Where a client-id URL's document is really fetched. CIMD client ids are https:// URLs and the test
   * serves the document on 127.0.0.1 over http: this maps one to the other (the scheme only).
   */
  cimdFetch?: (clientIdUrl: string) => string;
  /** With false, no registration endpoint (a CIMD-only server). */
  registration?: boolean;
  /** With false, no client_id_metadata_document_supported (a DCR-only server). */
  cimd?: boolean;
  /** The issuer clients use, given the port the server listens on (a proxy in front of it, say). */
  issuerFor?: (port: number) => Promise<string>;
}

export async function startAuthorizationServer(
  options: AuthorizationServerOptions = {},
): Promise<RunningAuthorizationServer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = options.issuerFor ? await options.issuerFor(port) : `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signing = { ...(await exportJWK(privateKey)), kid: `test-${Date.now()}`, alg: 'ES256', use: 'sig' };
  const policy: GrantPolicy = { accessTokenTtl: 600, accountId: 'user-1' };
  const requests: string[] = [];

  const provider = new Provider(issuer, {
    jwks: { keys: [signing] },
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
    clients: options.clients ?? [],
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id }) }),
    // The resource's scopes too: a client registering with `scope` (the SDK sends PRM scopes_supported) names them.
    scopes: ['openid', 'offline_access', ...RESOURCE_SCOPES],
    pkce: { required: () => true },
    clientBasedCORS: () => true,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: options.registration !== false },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => oneOf,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => ({
          scope: RESOURCE_SCOPES.join(' '),
          audience: resource,
          accessTokenFormat: 'jwt',
          accessTokenTTL: policy.accessTokenTtl,
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
      clientIdMetadataDocument: { enabled: options.cimd !== false, ack: 'draft-02' } as never,
    },
    ...(options.cimdFetch && {
      // The document's real place (see cimdFetch); oidc-provider's SSRF guard (its dispatcher) would refuse
      // 127.0.0.1, which is where this test serves it.
      fetch: (url: string | URL, init: RequestInit & { dispatcher?: unknown }) => {
        const { dispatcher: _guard, ...rest } = init;
        return fetch(options.cimdFetch!(String(url)), rest);
      },
    }),
  } as Configuration);
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider server_error', error));

  // Behind a proxy that rewrites Host (the tap does), the endpoints are still named on the issuer's origin.
  if (options.issuerFor)
    provider.use(async (ctx, next) => {
      ctx.req.headers.host = new URL(issuer).host;
      await next();
    });
  // The test's user: logs in as "user-1" and grants the scopes the policy allows, for the resource asked.
  provider.use(async (ctx, next) => {
    requests.push(`${ctx.method} ${ctx.originalUrl}`);
    if (!ctx.path.startsWith('/interaction/')) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    const { prompt, params } = details;
    let result: Record<string, unknown>;
    if (prompt.name === 'login') result = { login: { accountId: policy.accountId } };
    else {
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: policy.accountId, clientId: String(params.client_id) });
      const missing = prompt.details as {
        missingOIDCScope?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant!.addOIDCScope(missing.missingOIDCScope.join(' '));
      for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant!.addResourceScope(resource, scopes.join(' '));
      result = { consent: { grantId: await grant!.save() } };
    }
    await provider.interactionFinished(ctx.req, ctx.res, result, { mergeWithLastSubmission: true });
    ctx.respond = false;
  });
  server.on('request', provider.callback());
  return {
    issuer,
    provider,
    policy,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The user's browser for one authorization request: follows the redirects with the cookies the
 * authorization server sets, until it sends the browser to `redirectUri`; returns that URL
 * (code, state, iss) or the error page's status.
 */
export async function authorize(authorizationUrl: URL | string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 20; hop++) {
    if (url.href.startsWith(redirectUri)) return url;
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(
        `authorization stopped at ${url.pathname} with HTTP ${response.status}: ${await response.text()}`,
      );
    }
    await response.body?.cancel();
    url = new URL(location, url);
  }
  throw new Error('authorization: too many redirects');
}
