/**
 * `tap` shows a host's OAuth as steps of their own, redacted, and `check` judges them: the SDK v2
 * client's own OAuth provider (a host) through two taps, one in front of gift-genius (the 401, the
 * Protected Resource Metadata) and one in front of the authorization server (oidc-provider: its
 * metadata, registration, the authorization and token requests).
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningAuthorizationServer,
  startAuthorizationServer,
} from '../../gift-genius/test/oauth/authorization-server.js';
import { connectWithOAuth, MemoryProvider } from '../../gift-genius/test/oauth/sdk-host.js';
import { runPassive } from '../src/report/check-report.js';
import type { Transcript } from '../src/types.js';
import { type OAuthFixture, startOAuthFixture } from './fixtures/oauth-fixture.js';
import { GIFT_GENIUS, giftGeniusEnv, startHttpServer } from './helpers.js';
import { type RunningTap, startTap } from './tap-helpers.js';

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

const notes = (t: Transcript) =>
  t.events
    .filter((e) => e.kind === 'note' && t.connections.find((c) => c.id === e.conn)?.purpose === 'oauth')
    .map((e) => e.note);

describe('tap: OAuth steps of a host, redacted, judged by check', () => {
  let as: RunningAuthorizationServer;
  let asTap: RunningTap;
  let ggTap: RunningTap;
  let gg: Awaited<ReturnType<typeof startHttpServer>>;
  const provider = new MemoryProvider();
  let code = '';

  beforeAll(async () => {
    as = await startAuthorizationServer({
      issuerFor: async (port) => {
        asTap = await startTap(`http://127.0.0.1:${port}`, 'oauth-as');
        return asTap.url.replace(/\/$/, '');
      },
    });
    const port = await freePort();
    ggTap = await startTap(`http://127.0.0.1:${port}/mcp`, 'oauth-gg');
    const { dataDir, env } = giftGeniusEnv();
    gg = await startHttpServer(
      process.execPath,
      [
        GIFT_GENIUS,
        'serve',
        '--port',
        String(port),
        '--data',
        dataDir,
        '--auth-issuer',
        as.issuer,
        '--auth-audience',
        ggTap.url,
        '--auth-scopes',
        'gifts:read',
      ],
      env,
    );
    const { client, callback } = await connectWithOAuth(ggTap.url, provider);
    code = callback.searchParams.get('code')!;
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
  }, 60_000);
  afterAll(async () => {
    await gg?.stop();
    await as?.close();
  });

  it('each OAuth request is a step; no token, code or verifier in either recording; check finds nothing wrong', async () => {
    const ggT = await ggTap.stop();
    const asT = await asTap.stop();
    expect(notes(ggT)).toContain('OAuth: Protected Resource Metadata');
    expect(ggT.events.some((e) => e.kind === 'http' && e.http?.status === 401)).toBe(true);
    expect(notes(asT)).toEqual(
      expect.arrayContaining([
        'OAuth: authorization server metadata',
        'OAuth: client registration',
        'OAuth: authorization request',
        'OAuth: token request',
      ]),
    );
    const recorded = JSON.stringify([ggT, asT]);
    for (const secret of [provider.saved!.access_token, provider.saved!.refresh_token, code, provider.verifier].filter(
      Boolean,
    ))
      expect(recorded).not.toContain(secret);
    expect(recorded).toContain('[redacted]');
    for (const t of [ggT, asT]) {
      const found = runPassive(t).findings.filter((f) => f.code.startsWith('oauth-steps/'));
      expect(found.map((f) => f.message)).toEqual([]);
    }
  });
});

describe('check judges OAuth steps through the tap', () => {
  let fixture: OAuthFixture;
  afterAll(async () => fixture?.close());

  it('an authorization server without S256: the host stops, check says whose fault', async () => {
    fixture = await startOAuthFixture('no-s256');
    const tap = await startTap(fixture.url, 'oauth-no-s256');
    // The fixture is its own authorization server and names the tap's URLs: every request goes through the tap.
    fixture.setPublicOrigin(new URL(tap.url).origin);
    const refused = await connectWithOAuth(tap.url, new MemoryProvider()).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(Error);
    const t = await tap.stop();
    const found = runPassive(t).findings.filter((f) => f.code.startsWith('oauth-steps/'));
    expect(found.map((f) => f.code)).toContain('oauth-steps/no-s256');
    expect(found.find((f) => f.code === 'oauth-steps/no-s256')!.party).toBe('server');
  });
});
