/**
 * A test's own OAuth client for minting tokens the MCP clients would not ask for (another resource,
 * fewer scopes, a short life): the authorization code flow with PKCE S256 through oauth4webapi,
 * against the test authorization server, as the pre-registered public client below.
 */
import * as oauth from 'oauth4webapi';
import { authorize } from './authorization-server.js';

export const MINTING_CLIENT = {
  client_id: 'test-minter',
  redirect_uris: ['http://127.0.0.1/minted'],
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code'],
  response_types: ['code'],
  application_type: 'native',
} as const;

const insecure = { [oauth.allowInsecureRequests]: true } as const;

export async function mintToken(issuer: string, request: { resource: string; scope: string }): Promise<string> {
  const issuerUrl = new URL(issuer);
  const as = await oauth.processDiscoveryResponse(
    issuerUrl,
    await oauth.discoveryRequest(issuerUrl, { algorithm: 'oidc', ...insecure }),
  );
  const client: oauth.Client = { client_id: MINTING_CLIENT.client_id };
  const redirectUri = MINTING_CLIENT.redirect_uris[0];
  const verifier = oauth.generateRandomCodeVerifier();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: redirectUri,
    scope: request.scope,
    resource: request.resource,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  const callback = await authorize(url, redirectUri);
  const params = oauth.validateAuthResponse(as, client, callback, oauth.expectNoState);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, redirectUri, verifier, {
    additionalParameters: { resource: request.resource },
    ...insecure,
  });
  const result = await oauth.processAuthorizationCodeResponse(as, client, response);
  return result.access_token;
}
