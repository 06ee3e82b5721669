import { afterEach, describe, expect, it } from 'vitest';
import { doctor } from '../src/commands/doctor.js';
import { type Flaw, GOOD_TOKEN, type OAuthFixture, startOAuthFixture } from './fixtures/oauth-fixture.js';

let fixture: OAuthFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

async function run(flaw: Flaw, extra: { register?: boolean; token?: string } = {}) {
  fixture = await startOAuthFixture(flaw);
  const headers = extra.token ? { authorization: `Bearer ${extra.token}` } : {};
  const { report } = await doctor(
    { kind: 'http', url: fixture.url, headers },
    { timeoutMs: 3000, register: true, ...extra },
  );
  const codes = report.checks.flatMap((c) => c.findings.map((f) => f.code));
  const finding = (code: string) => report.checks.flatMap((c) => c.findings).find((f) => f.code === code);
  const row = (host: string) => report.oauth?.hosts.find((h) => h.host === host);
  return { report, codes, finding, row, status: (id: string) => report.checks.find((c) => c.id === id)?.status };
}

describe('doctor walks OAuth discovery as each host does (fixtures from the issue trackers)', () => {
  it('a well-configured server: every host reaches the login page, CIMD hosts with their client-id URL', async () => {
    const r = await run('none');
    for (const id of [
      'oauth-challenge',
      'oauth-resource-metadata',
      'oauth-authorization-server',
      'oauth-registration',
      'oauth-authorization-request',
    ])
      expect(r.status(id), id).toBe('pass');
    expect(r.row('claude-ai')).toMatchObject({ outcome: 'login', registration: 'cimd' });
    expect(r.row('chatgpt')).toMatchObject({ outcome: 'login', registration: 'dcr' });
    expect(r.report.oauth!.hosts.every((h) => h.outcome === 'login')).toBe(true);
    const auth = fixture!.seen.filter((s) => s.startsWith('GET /auth/authorize'));
    expect(auth.some((s) => s.includes(encodeURIComponent('https://claude.ai/oauth/mcp-oauth-client-metadata')))).toBe(
      true,
    );
    expect(auth.every((s) => s.includes('code_challenge_method=S256') && s.includes('resource='))).toBe(true);
    expect(r.status('oauth-token')).toBe('pass'); // a made-up token is refused
  });

  it.each([
    ['no-prm', 'oauth-resource-metadata/missing', 'claude-ai'],
    ['prm-resource-mismatch', 'oauth-resource-metadata/resource-mismatch', 'chatgpt'],
    ['issuer-mismatch', 'oauth-authorization-server/issuer-mismatch', 'claude-code'],
    ['prm-resource-origin', 'oauth-resource-metadata/resource-mismatch', 'vscode'],
    ['no-s256', 'oauth-authorization-server/no-s256', 'claude-code'],
    ['cimd-only', 'oauth-registration/none-usable', 'cursor'],
    ['redirect-allow-list', 'oauth-authorization-request/rejected', 'claude-ai'],
    ['redirect-allow-list', 'oauth-registration/rejected', 'chatgpt'],
    ['scope-required', 'oauth-authorization-request/scope-required', 'chatgpt'],
  ] as const)('%s fails %s, naming %s', async (flaw, code, host) => {
    const r = await run(flaw);
    const f = r.finding(code);
    expect(f, `${code} in ${r.codes.join(', ')}`).toBeDefined();
    expect(f!.severity).toBe('fail');
    expect(f!.args.oauthHosts).toContain(host);
    expect(r.row(host)).toMatchObject({ outcome: 'stopped', code });
    expect(r.report.exitCode).not.toBe(0);
  });

  it('hosts differ (VS Code from its source): the origin as resource passes the SDK, not VS Code; an issuer mismatch stops the SDK, not VS Code', async () => {
    const origin = await run('prm-resource-origin');
    expect(origin.row('claude-ai')?.outcome).toBe('login');
    expect(origin.row('vscode')).toMatchObject({
      outcome: 'stopped',
      code: 'oauth-resource-metadata/resource-mismatch',
    });
    await fixture!.close();
    fixture = undefined;
    const issuer = await run('issuer-mismatch');
    expect(issuer.row('claude-ai')).toMatchObject({
      outcome: 'stopped',
      code: 'oauth-authorization-server/issuer-mismatch',
    });
    expect(issuer.row('vscode')?.outcome).toBe('login');
  });

  it('PRM only at the root while the endpoint has a path: a warning, and the SDK hosts still get through', async () => {
    const r = await run('prm-root-only');
    expect(r.finding('oauth-resource-metadata/root-only')?.severity).toBe('warn');
    expect(r.row('claude-code')?.outcome).toBe('login');
  });

  it('DCR-only: CIMD hosts fall back to registering; hosts that only register are unaffected', async () => {
    const r = await run('dcr-only');
    expect(r.row('claude-ai')).toMatchObject({ outcome: 'login', registration: 'dcr' });
    expect(r.row('cursor')).toMatchObject({ outcome: 'login', registration: 'dcr' });
  });

  it('CIMD-only: hosts that would register dynamically but take a pasted client id are warned about, Cursor fails', async () => {
    const r = await run('cimd-only');
    const manual = r.finding('oauth-registration/manual-client-id')!;
    expect(manual.severity).toBe('warn');
    expect(manual.args.oauthHosts).toEqual(expect.arrayContaining(['chatgpt', 'vscode']));
    expect(manual.args.oauthHosts).not.toContain('cursor');
    expect(r.row('chatgpt')).toMatchObject({ outcome: 'untested', registration: 'preregistered' });
    expect(r.row('claude-ai')).toMatchObject({ outcome: 'login', registration: 'cimd' });
  });

  it('claude.ai and ChatGPT named when the allow-list lacks their callbacks', async () => {
    const r = await run('redirect-allow-list');
    const rejected = r.finding('oauth-authorization-request/rejected')!;
    expect(rejected.message).toMatch(
      /refuses claude\.ai.s request \(redirect_uri https:\/\/claude\.ai\/api\/mcp\/auth_callback\).*claude\.ai will fail here/,
    );
    expect(rejected.hosts).toContain('claude');
    expect(r.finding('oauth-registration/rejected')!.args.oauthHosts).toEqual(
      expect.arrayContaining(['chatgpt', 'vscode', 'cursor']),
    );
  });

  it('a token for another resource (here: any token) accepted, and WWW-Authenticate on a 200', async () => {
    const anyToken = await run('any-token');
    expect(anyToken.finding('oauth-token/any-token-accepted')?.severity).toBe('fail');
    await fixture!.close();
    fixture = undefined;
    const on200 = await run('challenge-on-200');
    expect(on200.finding('oauth-challenge/on-success')?.severity).toBe('warn');
    expect(on200.report.oauth).toBeUndefined();
  });

  it('--token: the endpoint accepts it, and the doctor probes with it', async () => {
    const r = await run('none', { token: GOOD_TOKEN });
    expect(r.status('oauth-token')).toBe('pass');
    expect(r.report.rootCause).toBeUndefined();
    expect(fixture!.seen.filter((s) => s === 'POST /mcp').length).toBeGreaterThan(3);
  });

  it('without --register no client is registered', async () => {
    const r = await run('none', { register: false });
    expect(fixture!.seen.some((s) => s.startsWith('POST /auth/register'))).toBe(false);
    expect(r.row('chatgpt')?.outcome).toBe('untested');
    expect(r.row('claude-ai')?.outcome).toBe('login');
  });
});
