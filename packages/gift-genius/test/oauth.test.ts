import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, type RunningServer, runCli, startHttpCli, tempDir, waitFor } from './harness.js';
import { type RunningAuthorizationServer, startAuthorizationServer } from './oauth/authorization-server.js';
import { CALLBACK, connectWithOAuth, MemoryProvider } from './oauth/sdk-host.js';
import { MINTING_CLIENT, mintToken } from './oauth/tokens.js';

const ACCEPT = 'application/json, text/event-stream';
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
/** A 2026-07-28 request (no handshake, no session): what reaches the gate and the tool is this one POST. */
const post = (url: string, token: string | undefined, method: string, params: Record<string, unknown> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: ACCEPT,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(typeof params.name === 'string' && { 'mcp-name': params.name }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: META } }),
  });
const SUGGEST = { name: 'suggest_gifts', arguments: { age: 30, relationship: 'friend' } };
const GET_GIFT = { name: 'get_gift', arguments: { id: 'x' } };

/** A 2025-11-25 session opened with this token; returns a poster of further requests on it. */
async function legacySession(url: string, token: string) {
  const headers = { 'content-type': 'application/json', accept: ACCEPT, authorization: `Bearer ${token}` };
  const init = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
  expect(init.status).toBe(200);
  await init.text();
  const session = {
    ...headers,
    'mcp-session-id': init.headers.get('mcp-session-id')!,
    'mcp-protocol-version': '2025-11-25',
  };
  await (
    await fetch(url, {
      method: 'POST',
      headers: session,
      body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    })
  ).text();
  return (method: string, params: Record<string, unknown>) =>
    fetch(url, { method: 'POST', headers: session, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method, params }) });
}

describe('gift-genius as an OAuth protected resource, behind a real authorization server (oidc-provider)', () => {
  let as: RunningAuthorizationServer;
  let gg: RunningServer;
  let documentServer: ReturnType<typeof createServer>;
  let documentFetches = 0;
  let clientIdUrl = '';

  beforeAll(async () => {
    // The Client ID Metadata Document a CIMD host publishes, served here on 127.0.0.1.
    documentServer = createServer((_req, res) => {
      documentFetches++;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          client_id: clientIdUrl,
          client_name: 'CIMD test host',
          redirect_uris: [CALLBACK],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
        }),
      );
    });
    await new Promise<void>((r) => documentServer.listen(0, '127.0.0.1', r));
    const docPort = (documentServer.address() as AddressInfo).port;
    clientIdUrl = `https://127.0.0.1:${docPort}/oauth/client-metadata.json`;
    as = await startAuthorizationServer({
      clients: [{ ...MINTING_CLIENT, redirect_uris: [...MINTING_CLIENT.redirect_uris] } as never],
      cimdFetch: (url) => url.replace(/^https:/, 'http:'),
    });
    gg = await startHttpCli({
      args: ['--auth-issuer', as.issuer, '--auth-scopes', 'gifts:read,suggest_gifts=gifts:suggest'],
    });
  });
  afterAll(async () => {
    await gg?.stop();
    await as?.close();
    documentServer?.close();
  });

  it('401 names the metadata and the scopes; Protected Resource Metadata at the path-based and the root well-known URL', async () => {
    const anonymous = await post(gg.url, undefined, 'ping');
    expect(anonymous.status).toBe(401);
    const challenge = anonymous.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Bearer error="invalid_token"/);
    expect(challenge).toContain('scope="gifts:read gifts:suggest"');
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
    const origin = new URL(gg.url).origin;
    expect(metadataUrl).toBe(`${origin}/.well-known/oauth-protected-resource/mcp`);
    for (const url of [metadataUrl, `${origin}/.well-known/oauth-protected-resource`]) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        resource: gg.url,
        authorization_servers: [as.issuer],
        scopes_supported: ['gifts:read', 'gifts:suggest'],
        bearer_methods_supported: ['header'],
        resource_name: 'GiftGen (gift-genius MCP server)',
      });
    }
  });

  it('the SDK client registers dynamically (RFC 7591), authorizes with PKCE S256 and resource, and calls tools on both eras', async () => {
    for (const pin of [
      { supportedProtocolVersions: ['2025-11-25'] },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    ]) {
      const provider = new MemoryProvider();
      const before = as.requests.length;
      const { client, callback } = await connectWithOAuth(gg.url, provider, pin);
      expect(callback.searchParams.get('code')).toBeTruthy();
      const seen = as.requests.slice(before);
      expect(seen.some((r) => r.startsWith('POST /reg'))).toBe(true);
      const authRequest = new URL(seen.find((r) => r.startsWith('GET /auth?'))!.slice(4), as.issuer);
      expect(authRequest.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authRequest.searchParams.get('resource')).toBe(gg.url);
      // PRM's scopes_supported, and offline_access since the authorization server offers refresh tokens.
      expect(authRequest.searchParams.get('scope')).toBe('gifts:read gifts:suggest offline_access');
      const claims = decodeJwt(provider.saved!.access_token);
      expect(claims).toMatchObject({ iss: as.issuer, aud: gg.url });
      expect(String(claims.scope).split(' ')).toEqual(expect.arrayContaining(['gifts:read', 'gifts:suggest']));
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('suggest_gifts');
      const result = await client.callTool({ name: 'suggest_gifts', arguments: { age: 40, relationship: 'sister' } });
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { gifts: unknown[] }).gifts.length).toBeGreaterThan(0);
      await client.close();
    }
  });

  it('the SDK client with a Client ID Metadata Document: the URL is the client_id, nothing is registered', async () => {
    const provider = new MemoryProvider(clientIdUrl);
    const before = as.requests.length;
    const fetchesBefore = documentFetches;
    const { client } = await connectWithOAuth(gg.url, provider);
    const seen = as.requests.slice(before);
    expect(seen.some((r) => r.startsWith('POST /reg'))).toBe(false);
    const authRequest = new URL(seen.find((r) => r.startsWith('GET /auth?'))!.slice(4), as.issuer);
    expect(authRequest.searchParams.get('client_id')).toBe(clientIdUrl);
    expect(documentFetches).toBeGreaterThan(fetchesBefore);
    expect(decodeJwt(provider.saved!.access_token)).toMatchObject({ client_id: clientIdUrl, aud: gg.url });
    expect((await client.callTool({ name: 'get_gift', arguments: { id: 'nope' } })).isError).toBe(true);
    await client.close();
  });

  it('refuses a token for another resource, an expired one, one of another issuer; 403 insufficient_scope names the scope to step up to', async () => {
    const good = await mintToken(as.issuer, { resource: gg.url, scope: 'gifts:read gifts:suggest' });
    expect((await post(gg.url, good, 'tools/call', SUGGEST)).status).toBe(200);

    const elsewhere = await mintToken(as.issuer, { resource: 'https://other.example.com/mcp', scope: 'gifts:read' });
    const refusedElsewhere = await post(gg.url, elsewhere, 'tools/call', SUGGEST);
    expect(refusedElsewhere.status).toBe(401);
    expect(refusedElsewhere.headers.get('www-authenticate')).toContain('Token was not issued for this resource');

    const other = await startAuthorizationServer({
      clients: [{ ...MINTING_CLIENT, redirect_uris: [...MINTING_CLIENT.redirect_uris] } as never],
    });
    try {
      const foreign = await mintToken(other.issuer, { resource: gg.url, scope: 'gifts:read gifts:suggest' });
      const refusedForeign = await post(gg.url, foreign, 'tools/call', SUGGEST);
      expect(refusedForeign.status).toBe(401);
      expect(refusedForeign.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    } finally {
      await other.close();
    }

    as.policy.accessTokenTtl = 1;
    const shortLived = await mintToken(as.issuer, { resource: gg.url, scope: 'gifts:read gifts:suggest' });
    as.policy.accessTokenTtl = 600;
    const exp = decodeJwt(shortLived).exp!;
    await waitFor('the token to expire', () => Date.now() / 1000 > exp + 1 || undefined, (exp + 5) * 1000 - Date.now());
    const refusedExpired = await post(gg.url, shortLived, 'tools/call', SUGGEST);
    expect(refusedExpired.status).toBe(401);
    expect(refusedExpired.headers.get('www-authenticate')).toContain('Token has expired');

    // Read-only token: get_gift answers, suggest_gifts is refused with the scope to step up to, on both paths and eras.
    const readOnly = await mintToken(as.issuer, { resource: gg.url, scope: 'gifts:read' });
    expect((await post(gg.url, readOnly, 'tools/call', GET_GIFT)).status).toBe(200);
    const stepUp = await post(gg.url, readOnly, 'tools/call', SUGGEST);
    const legacy = await legacySession(gg.url, readOnly);
    expect((await legacy('tools/call', GET_GIFT)).status).toBe(200);
    const legacyStepUp = await legacy('tools/call', SUGGEST);
    for (const refused of [stepUp, legacyStepUp]) {
      expect(refused.status).toBe(403);
      expect(refused.headers.get('www-authenticate')).toMatch(/error="insufficient_scope"/);
      expect(refused.headers.get('www-authenticate')).toContain('scope="gifts:suggest"');
    }

    // Two users of one client (a host registers once for all its users): a session stays its user's.
    as.policy.accountId = 'user-2';
    const otherUser = await mintToken(as.issuer, { resource: gg.url, scope: 'gifts:read gifts:suggest' });
    as.policy.accountId = 'user-1';
    const mine = await legacySession(gg.url, good);
    const sessionId = (await mine('tools/call', GET_GIFT)).headers.get('mcp-session-id');
    expect(sessionId).toBeTruthy();
    const hijack = await fetch(gg.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: ACCEPT,
        authorization: `Bearer ${otherUser}`,
        'mcp-session-id': sessionId!,
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: GET_GIFT }),
    });
    expect(hijack.status).toBe(404);

    // Without the scope every request needs: refused at the gate, naming it.
    const noScope = await mintToken(as.issuer, { resource: gg.url, scope: 'gifts:suggest' });
    const refusedNoScope = await post(gg.url, noScope, 'ping');
    expect(refusedNoScope.status).toBe(403);
    expect(refusedNoScope.headers.get('www-authenticate')).toContain('scope="gifts:read"');
    // No token reaches the log.
    for (const t of [good, elsewhere, shortLived, readOnly, noScope]) expect(gg.stderr()).not.toContain(t);
  });
});

describe('OAuth flags: mistakes are one line naming the option', () => {
  it.each([
    [['--auth-scopes', 'gifts:read'], '--auth-audience and --auth-scopes need --auth-issuer'],
    [['--auth-issuer', 'http://auth.example.com'], '--auth-issuer: http://auth.example.com must be https://'],
    [['--auth-issuer', 'https://auth.example.com', '--auth-scopes', 'nope=x'], 'no tool is named "nope"'],
    [['--auth-issuer', 'https://auth.example.com', '--auth-scopes', 'a"b'], '"a"b" is not a scope'],
    [
      ['--auth-issuer', 'https://auth.example.com', '--token-file', '/dev/null', '--auth-audience', 'x'],
      'is not a URL',
    ],
  ])('serve %j', async (args, message) => {
    const run = await runCli(['serve', '--port', '0', ...args]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
  });
});

describe('README: the Auth0 line runs as written', () => {
  it('with the local authorization server for the tenant and a local URL for the resource', async () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const line = /^node packages\/gift-genius\/dist\/cli\.js serve --auth-issuer .*$/m.exec(readme)![0];
    const as = await startAuthorizationServer({
      clients: [{ ...MINTING_CLIENT, redirect_uris: [...MINTING_CLIENT.redirect_uris] } as never],
    });
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const resource = `http://127.0.0.1:${port}/mcp`;
    const args = line
      .replace('https://YOUR-TENANT.auth0.com/', as.issuer)
      .replace('https://giftgen.example.com/mcp', resource)
      .split(' ')
      .slice(2);
    const data = tempDir();
    const child = spawn(process.execPath, [CLI, ...args, '--port', String(port), '--data', data.path], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      let err = '';
      child.stderr!.on('data', (d) => (err += d));
      await waitFor('listening', () => err.includes('"event":"listening"') || undefined, 20_000);
      const prm = await (await fetch(`http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp`)).json();
      expect(prm).toMatchObject({ resource, authorization_servers: [as.issuer] });
      const token = await mintToken(as.issuer, { resource, scope: 'gifts:read gifts:suggest' });
      expect((await post(resource, token, 'tools/call', SUGGEST)).status).toBe(200);
      expect((await post(resource, undefined, 'ping')).status).toBe(401);
      expect(err).toContain('"auth":"oauth"');
    } finally {
      child.kill('SIGTERM');
      await as.close();
      data.remove();
    }
  });
});

describe('the JWT verifier: keys fetched again for an unknown kid, within a bound', () => {
  it('a flood of tokens signed with unknown keys costs at most one more JWKS fetch per cooldown', async () => {
    const { JwtVerifier } = await import('../dist/auth/jwt-verifier.js');
    const { SignJWT, generateKeyPair } = await import('jose');
    const as = await startAuthorizationServer({
      clients: [{ ...MINTING_CLIENT, redirect_uris: [...MINTING_CLIENT.redirect_uris] } as never],
    });
    try {
      const audience = 'https://giftgen.example.com/mcp';
      const verifier = new JwtVerifier({ issuer: as.issuer, allowHttp: true, jwksCooldownMs: 60_000 });
      const good = await mintToken(as.issuer, { resource: audience, scope: 'gifts:read' });
      const info = await verifier.verify(good, audience);
      expect(info).toMatchObject({ clientId: `${MINTING_CLIENT.client_id} user-1`, scopes: ['gifts:read'] });
      const fetches = () => as.requests.filter((r) => r === 'GET /jwks').length;
      const before = fetches();
      const { privateKey } = await generateKeyPair('ES256');
      for (let i = 0; i < 20; i++) {
        const forged = await new SignJWT({ scope: 'gifts:read' })
          .setProtectedHeader({ alg: 'ES256', kid: `unknown-${i}` })
          .setIssuer(as.issuer)
          .setAudience(audience)
          .setExpirationTime('5m')
          .sign(privateKey);
        await expect(verifier.verify(forged, audience)).rejects.toMatchObject({ code: 'invalid_token' });
      }
      expect(fetches() - before).toBeLessThanOrEqual(1);
      // And the good token still passes, from the cached keys.
      expect((await verifier.verify(good, audience)).clientId).toBe(`${MINTING_CLIENT.client_id} user-1`);
      await expect(verifier.verify(good, 'https://elsewhere.example/mcp')).rejects.toThrow(
        'not issued for this resource',
      );
    } finally {
      await as.close();
    }
  });
});

describe('an authorization server that cannot be reached', () => {
  it('the metadata is still served; a token gets 500 (not a 401 that would send the host to log in again), and the log says why', async () => {
    const gone = createServer();
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    const issuer = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
    await new Promise((r) => gone.close(r));
    const s = await startHttpCli({ args: ['--auth-issuer', issuer] });
    try {
      const prm = await (await fetch(`${new URL(s.url).origin}/.well-known/oauth-protected-resource`)).json();
      expect(prm.authorization_servers).toEqual([issuer]);
      expect((await post(s.url, undefined, 'ping')).status).toBe(401);
      const answer = await post(s.url, 'eyJhbGciOiJFUzI1NiJ9.e30.x', 'ping');
      expect(answer.status).toBe(500);
      expect(s.stderr()).toContain('"event":"auth_issuer_unreachable"');
    } finally {
      await s.stop();
    }
  });
});
