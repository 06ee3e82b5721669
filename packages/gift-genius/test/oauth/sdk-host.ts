/**
 * A host as the tests play it: the SDK v2 client with its own OAuth client provider, kept in memory,
 * the browser step handed to `authorize` (the test user logs in and consents by itself).
 */
import {
  Client,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { authorize } from './authorization-server.js';

export const CALLBACK = 'http://127.0.0.1/oauth/callback';

/** The SDK's OAuth client provider, as a host keeps it: in memory, the browser step handed to `authorize`. */
export class MemoryProvider implements OAuthClientProvider {
  client?: Parameters<NonNullable<OAuthClientProvider['saveClientInformation']>>[0];
  saved?: Parameters<OAuthClientProvider['saveTokens']>[0];
  verifier = '';
  discovery?: unknown;
  pending?: URL;
  constructor(readonly clientMetadataUrl?: string) {}
  get redirectUrl() {
    return CALLBACK;
  }
  get clientMetadata() {
    return {
      client_name: 'oauth test host',
      redirect_uris: [CALLBACK],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: NonNullable<MemoryProvider['client']>) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: NonNullable<MemoryProvider['saved']>) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.pending = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: unknown) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery as never;
  }
}

/** What a host does: connect, get the 401, send the user to the authorization server, finish with the code, connect again. */
export async function connectWithOAuth(url: string, provider: MemoryProvider, pin?: Record<string, unknown>) {
  const first = new Client({ name: 'oauth-host', version: '1' }, pin as never);
  const refused = await first.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider })).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(refused instanceof UnauthorizedError)) throw new Error(`expected the OAuth redirect, got ${String(refused)}`);
  const callback = await authorize(provider.pending!, CALLBACK);
  const finishing = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  await finishing.finishAuth(callback.searchParams);
  const client = new Client({ name: 'oauth-host', version: '1' }, pin as never);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
  return { client, callback };
}
