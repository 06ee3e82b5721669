/**
 * `doctor --login`: a real authorization, as mcp-remote does it: a loopback redirect on 127.0.0.1,
 * the browser opened on the authorization URL, the code exchanged (PKCE S256, `resource`) through
 * oauth4webapi. Then once more for another resource (RFC 8707), so the doctor can check the
 * endpoint refuses a token whose audience is not itself. The client is registered dynamically (a
 * loopback client cannot publish a metadata document). Prints nothing; `open` shows the URL.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';
import { asMetadataUrls, canonicalResource, issuerMatches, prmUrls } from './discovery-urls.js';
import { challengeParams } from './exchange.js';
import { boundedBytes, jsonObjectOf } from './http-body.js';

export interface LoginOptions {
  /** Shows the authorization URL to the user (opens a browser). */
  open(url: string): Promise<void> | void;
  /** How long the user has to log in. */
  loginTimeoutMs: number;
  /** One HTTP request's budget. */
  timeoutMs: number;
}

export interface LoginTokens {
  token: string;
  /** A token for another resource, when the authorization server would mint one. */
  foreignToken?: string;
  /** Why there is none. */
  foreignProblem?: string;
}

/** The resource the second token is asked for: a name no server has (RFC 6761 .invalid). */
export const FOREIGN_RESOURCE = 'https://mcp-handshake.invalid/another-resource';

export async function login(endpoint: string, options: LoginOptions): Promise<LoginTokens> {
  const insecure = { [oauth.allowInsecureRequests]: true } as const;
  const signal = () => AbortSignal.timeout(options.timeoutMs);
  // The challenge, then the metadata, as the SDK's hosts find them.
  const first = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
    signal: signal(),
  });
  await first.body?.cancel();
  const named = challengeParams(first.headers.get('www-authenticate') ?? undefined).get('resource_metadata');
  const { pathBased, root } = prmUrls(endpoint);
  let prm: Record<string, unknown> | undefined;
  for (const url of [...(named ? [named] : []), pathBased, root]) {
    const r = await fetch(url, { signal: signal() }).catch(() => undefined);
    if (r?.ok) {
      prm = jsonObjectOf(await boundedBytes(r), r.headers.get('content-type'));
      if (prm) break;
    } else await r?.body?.cancel();
  }
  const servers = Array.isArray(prm?.authorization_servers) ? prm.authorization_servers : [];
  const issuer = typeof servers[0] === 'string' ? servers[0] : `${new URL(endpoint).origin}/`;
  let as: oauth.AuthorizationServer | undefined;
  for (const url of asMetadataUrls(issuer)) {
    const r = await fetch(url, { signal: signal() }).catch(() => undefined);
    if (!r?.ok) {
      await r?.body?.cancel();
      continue;
    }
    const doc = jsonObjectOf(await boundedBytes(r), r.headers.get('content-type')) as
      | oauth.AuthorizationServer
      | undefined;
    if (doc && issuerMatches(issuer, doc.issuer)) {
      as = doc;
      break;
    }
  }
  if (!as?.authorization_endpoint || !as.token_endpoint)
    throw new Error(
      `--login: no usable authorization server metadata for ${JSON.stringify(issuer)} (see the oauth-* checks)`,
    );
  if (!as.registration_endpoint)
    throw new Error(
      '--login: the authorization server offers no dynamic registration; get a token another way and pass --token',
    );

  // The loopback redirect: any port, as RFC 8252 §7.3 allows.
  const callbacks: Array<(url: URL) => void> = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') return void res.writeHead(404).end();
    res
      .writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
      .end('mcp-handshake: done, you can close this tab.');
    callbacks.shift()?.(url);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  try {
    const registration = await oauth.dynamicClientRegistrationRequest(
      as,
      {
        client_name: 'mcp-handshake doctor --login',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
        application_type: 'native',
      },
      { ...insecure, signal: signal() },
    );
    const client = await oauth.processDynamicClientRegistrationResponse(registration);
    const supported = Array.isArray(prm?.scopes_supported) ? prm.scopes_supported.join(' ') : undefined;
    const scope = challengeParams(first.headers.get('www-authenticate') ?? undefined).get('scope') ?? supported;
    const authorizeFor = async (resource: string): Promise<string> => {
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const url = new URL(as.authorization_endpoint!);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: client.client_id,
        redirect_uri: redirectUri,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        resource,
        ...(scope && { scope }),
      }).toString();
      const arrived = new Promise<URL>((resolve, reject) => {
        callbacks.push(resolve);
        setTimeout(
          () => reject(new Error(`--login: no login within ${options.loginTimeoutMs / 1000} s`)),
          options.loginTimeoutMs,
        ).unref();
      });
      await options.open(url.href);
      const params = oauth.validateAuthResponse(as, client, await arrived, state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        redirectUri,
        verifier,
        {
          additionalParameters: { resource },
          ...insecure,
          signal: signal(),
        },
      );
      return (await oauth.processAuthorizationCodeResponse(as, client, response)).access_token;
    };
    const resource = typeof prm?.resource === 'string' ? prm.resource : canonicalResource(endpoint);
    const token = await authorizeFor(resource);
    try {
      return { token, foreignToken: await authorizeFor(FOREIGN_RESOURCE) };
    } catch (error) {
      return { token, foreignProblem: (error as Error).message };
    }
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
