/**
 * The doctor's OAuth stage against the real thing: gift-genius as a protected resource behind a real
 * authorization server (oidc-provider, the test one gift-genius's own tests use: DCR, resource
 * indicators, PKCE, CIMD). claude.ai's and Claude Code's client-id URLs are served here (this machine
 * reaches no one else), through the authorization server's fetch hook.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningAuthorizationServer,
  startAuthorizationServer,
} from '../../gift-genius/test/oauth/authorization-server.js';
import { MINTING_CLIENT, mintToken } from '../../gift-genius/test/oauth/tokens.js';
import type { DoctorReport } from '../src/report/doctor-report.js';
import { CLI, fixture, GIFT_GENIUS, giftGeniusEnv, startHttpServer } from './helpers.js';

const run = promisify(execFile);

async function doctorJson(args: string[]): Promise<{ report: DoctorReport; stderr: string }> {
  const outcome = await run(process.execPath, [CLI, 'doctor', ...args, '--json'], { maxBuffer: 16 << 20 }).catch(
    (error: { stdout: string; stderr: string }) => error,
  );
  return { report: JSON.parse(outcome.stdout), stderr: outcome.stderr };
}

describe('doctor --register / --login against gift-genius behind oidc-provider', () => {
  let as: RunningAuthorizationServer;
  let gg: Awaited<ReturnType<typeof startHttpServer>>;
  let documents: Server;

  beforeAll(async () => {
    // Stand-ins for the hosts' Client ID Metadata Documents (the real ones live on claude.ai).
    documents = createServer((req, res) => {
      const clientId = `https://claude.ai${req.url}`;
      const redirect =
        req.url === '/oauth/mcp-oauth-client-metadata'
          ? 'https://claude.ai/api/mcp/auth_callback'
          : 'http://localhost/callback';
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          client_id: clientId,
          client_name: 'stand-in',
          redirect_uris: [redirect],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'none',
          ...(redirect.startsWith('http://') && { application_type: 'native' }),
        }),
      );
    });
    await new Promise<void>((r) => documents.listen(0, '127.0.0.1', r));
    const port = (documents.address() as AddressInfo).port;
    as = await startAuthorizationServer({
      clients: [{ ...MINTING_CLIENT, redirect_uris: [...MINTING_CLIENT.redirect_uris] } as never],
      cimdFetch: (url) => url.replace('https://claude.ai', `http://127.0.0.1:${port}`),
    });
    const { dataDir, env } = giftGeniusEnv();
    gg = await startHttpServer(
      process.execPath,
      [
        GIFT_GENIUS,
        'serve',
        '--port',
        '0',
        '--data',
        dataDir,
        '--auth-issuer',
        as.issuer,
        '--auth-scopes',
        'gifts:read,suggest_gifts=gifts:suggest',
      ],
      env,
    );
  });
  afterAll(async () => {
    await gg?.stop();
    await as?.close();
    documents?.close();
  });

  it('--register: discovery passes; CIMD hosts and DCR hosts reach the login page, Cursor is refused at registration', async () => {
    const { report } = await doctorJson([gg.url, '--register']);
    const status = (id: string) => report.checks.find((c) => c.id === id)?.status;
    expect(status('oauth-challenge')).toBe('pass');
    expect(status('oauth-resource-metadata')).toBe('pass');
    expect(status('oauth-authorization-server')).toBe('pass');
    const rows = new Map(report.oauth!.hosts.map((h) => [h.host, h]));
    expect(rows.get('claude-ai')).toMatchObject({ outcome: 'login', registration: 'cimd' });
    expect(rows.get('claude-code')).toMatchObject({ outcome: 'login', registration: 'cimd' });
    for (const host of ['chatgpt', 'vscode', 'inspector', 'mcp-remote'])
      expect(rows.get(host), host).toMatchObject({ outcome: 'login', registration: 'dcr' });
    // What oidc-provider does by default with Cursor's redirect URIs registered as modelled (without
    // application_type, Cursor's own request body is not public): a web client, and
    // cursor://anysphere.cursor-mcp/oauth/callback is no web URI.
    expect(rows.get('cursor')).toMatchObject({ outcome: 'stopped', code: 'oauth-registration/rejected' });
    const rejected = report.checks.find((c) => c.id === 'oauth-registration')!.findings[0]!;
    expect(rejected.message).toContain('redirect_uris must only contain web uris');
    expect(as.requests.some((r) => r.startsWith('POST /reg'))).toBe(true);
  });

  it('--login: a real login through the loopback redirect; the token is accepted, one for another resource refused, every probe runs', async () => {
    const { report, stderr } = await doctorJson([
      gg.url,
      '--login',
      '--browser',
      `${process.execPath} ${fixture('follow-login.mjs')}`,
    ]);
    expect(stderr).toContain('log in at http://127.0.0.1');
    const token = report.checks.find((c) => c.id === 'oauth-token')!;
    expect(token.status).toBe('pass');
    expect(token.summary).toContain("another resource's token");
    expect(report.rootCause).toBeUndefined();
    expect(report.checks.find((c) => c.id === 'initialize-format')?.status).toBe('pass');
    expect(report.exitCode).toBe(0);
  });

  it('--token with a read-only token: accepted; a token for another resource given as --token is refused', async () => {
    const readOnly = await mintToken(as.issuer, { resource: gg.url, scope: 'gifts:read' });
    const { report } = await doctorJson([gg.url, '--token', readOnly]);
    expect(report.checks.find((c) => c.id === 'oauth-token')?.status).toBe('pass');
    const other = await mintToken(as.issuer, { resource: 'https://elsewhere.example/mcp', scope: 'gifts:read' });
    const refused = await doctorJson([gg.url, '--token', other]);
    const f = refused.report.checks.find((c) => c.id === 'oauth-token')!;
    expect(f.status).toBe('fail');
    expect(f.findings[0]!.code).toBe('oauth-token/refused');
    expect(JSON.stringify(refused.report)).not.toContain(other);
  });
});

describe('doctor --login: a server that checks the signature but not the audience', () => {
  let as: RunningAuthorizationServer;
  let lax: Server;
  let url = '';

  beforeAll(async () => {
    as = await startAuthorizationServer();
    const keys = createRemoteJWKSet(new URL(`${as.issuer}/jwks`));
    // The RFC 8707 mistake: any token this issuer signed is taken, whatever resource it was minted for.
    lax = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      res.setHeader('content-type', 'application/json');
      if (path === '/.well-known/oauth-protected-resource/mcp')
        return void res.end(
          JSON.stringify({ resource: url, authorization_servers: [as.issuer], scopes_supported: ['gifts:read'] }),
        );
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const valid = await jwtVerify(token, keys, { issuer: as.issuer }).then(
        () => true,
        () => false,
      );
      if (!valid) {
        res.writeHead(401, {
          'www-authenticate': `Bearer resource_metadata="${new URL(url).origin}/.well-known/oauth-protected-resource/mcp"`,
        });
        return void res.end('{"error":"invalid_token"}');
      }
      const id = (JSON.parse(body || '{}') as { id?: unknown }).id;
      if (id === undefined) return void res.writeHead(202).end();
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'lax', version: '1' } },
        }),
      );
    });
    await new Promise<void>((r) => lax.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(lax.address() as AddressInfo).port}/mcp`;
  });
  afterAll(async () => {
    lax?.closeAllConnections();
    lax?.close();
    await as?.close();
  });

  it('the token minted for another resource is accepted: oauth-token/audience-not-checked, naming the hosts', async () => {
    const { report } = await doctorJson([
      url,
      '--login',
      '--browser',
      `${process.execPath} ${fixture('follow-login.mjs')}`,
    ]);
    const token = report.checks.find((c) => c.id === 'oauth-token')!;
    expect(token.status).toBe('fail');
    const f = token.findings.find((d) => d.code === 'oauth-token/audience-not-checked')!;
    expect(f.severity).toBe('fail');
    expect(f.hosts).toEqual(expect.arrayContaining(['claude', 'chatgpt', 'vscode']));
  });
});
