/** The OAuth stage's pure parts: where metadata lives, the challenge's parameters, what the tap keeps of a step. */
import { describe, expect, it } from 'vitest';
import {
  asMetadataUrls,
  canonicalResource,
  issuerMatches,
  prmUrls,
  resourceAllows,
} from '../src/oauth/discovery-urls.js';
import { challengeParams, quote } from '../src/oauth/exchange.js';
import { OAUTH_HOSTS } from '../src/oauth/host-oauth.js';
import { oauthStepOf, redactedBody, redactedUrl } from '../src/tap/oauth-steps.js';

describe('discovery URLs (RFC 9728 §3.1, RFC 8414 §3.1, OpenID discovery)', () => {
  it('PRM: the well-known segment goes between the host and the path', () => {
    expect(prmUrls('https://a.example/mcp')).toEqual({
      pathBased: 'https://a.example/.well-known/oauth-protected-resource/mcp',
      root: 'https://a.example/.well-known/oauth-protected-resource',
    });
    expect(prmUrls('https://a.example/').pathBased).toBe('https://a.example/.well-known/oauth-protected-resource');
    expect(prmUrls('https://a.example/v1/mcp/').pathBased).toBe(
      'https://a.example/.well-known/oauth-protected-resource/v1/mcp',
    );
  });
  it('authorization server metadata: inserted, OpenID inserted, OpenID appended (the SDK order)', () => {
    expect(asMetadataUrls('https://kc.example/realms/x')).toEqual([
      'https://kc.example/.well-known/oauth-authorization-server/realms/x',
      'https://kc.example/.well-known/openid-configuration/realms/x',
      'https://kc.example/realms/x/.well-known/openid-configuration',
    ]);
    expect(asMetadataUrls('https://tenant.auth0.com/')).toEqual([
      'https://tenant.auth0.com/.well-known/oauth-authorization-server',
      'https://tenant.auth0.com/.well-known/openid-configuration',
    ]);
  });
  it('resource match as the SDK does it; canonical form; issuer with or without the trailing slash', () => {
    expect(resourceAllows('https://a.example/mcp', 'https://a.example/mcp')).toBe(true);
    expect(resourceAllows('https://a.example/mcp', 'https://a.example/')).toBe(true);
    expect(resourceAllows('https://a.example/mcp', 'https://a.example/other')).toBe(false);
    expect(resourceAllows('https://a.example/mcpx', 'https://a.example/mcp')).toBe(false);
    expect(resourceAllows('https://a.example/mcp', 'https://b.example/mcp')).toBe(false);
    expect(resourceAllows('https://a.example/mcp', 'not a url')).toBe(false);
    expect(canonicalResource('HTTPS://A.Example/mcp/#x')).toBe('https://a.example/mcp');
    expect(issuerMatches('https://t.auth0.com/', 'https://t.auth0.com')).toBe(true);
    expect(issuerMatches('https://t.auth0.com', 'https://t.auth0.com/')).toBe(false);
    expect(issuerMatches('https://a', 7)).toBe(false);
  });
});

describe('challenge parameters (RFC 6750 §3)', () => {
  it('quoted and bare values, escapes, first one wins, only Bearer', () => {
    const p = challengeParams(
      'Bearer error="insufficient_scope", scope="a b", resource_metadata="https://x/y", realm=r, scope="z"',
    );
    expect(p.get('error')).toBe('insufficient_scope');
    expect(p.get('scope')).toBe('a b');
    expect(p.get('resource_metadata')).toBe('https://x/y');
    expect(p.get('realm')).toBe('r');
    expect(challengeParams('Bearer error_description="say \\"no\\""').get('error_description')).toBe('say "no"');
    expect(challengeParams('Basic realm="x"').size).toBe(0);
    expect(challengeParams(undefined).size).toBe(0);
  });
  it('a peer string as evidence is quoted, its control characters escaped, and cut', () => {
    expect(quote('a\u001b[31mb')).toBe('"a\\u001b[31mb"');
    expect(quote('x'.repeat(500)).length).toBeLessThan(210);
  });
});

describe('the tap: which requests are OAuth steps, and what is kept of them', () => {
  const ctx = { mcpPath: '/mcp' };
  it('classifies by path, method and body; MCP traffic and event streams are not steps', () => {
    const u = (s: string) => new URL(s, 'http://h');
    expect(oauthStepOf('GET', u('/.well-known/oauth-protected-resource/mcp'), undefined, '', ctx)).toBe('prm');
    expect(oauthStepOf('GET', u('/.well-known/openid-configuration'), undefined, '', ctx)).toBe('as-metadata');
    expect(oauthStepOf('GET', u('/realms/x/.well-known/openid-configuration'), undefined, '', ctx)).toBe('as-metadata');
    expect(oauthStepOf('GET', u('/authorize?response_type=code&client_id=c'), undefined, '', ctx)).toBe('authorize');
    expect(
      oauthStepOf(
        'POST',
        u('/token'),
        'application/x-www-form-urlencoded',
        'grant_type=authorization_code&code=x',
        ctx,
      ),
    ).toBe('token');
    expect(oauthStepOf('POST', u('/register'), 'application/json', '{"redirect_uris":["x"]}', ctx)).toBe('register');
    expect(oauthStepOf('GET', u('/jwks'), undefined, '', ctx)).toBe('jwks');
    expect(oauthStepOf('GET', u('/interaction/abc'), undefined, '', ctx)).toBe('page');
    expect(
      oauthStepOf('POST', u('/mcp'), 'application/json', '{"jsonrpc":"2.0","id":1,"method":"initialize"}', ctx),
    ).toBeUndefined();
    expect(oauthStepOf('GET', u('/mcp'), undefined, '', ctx)).toBeUndefined();
    expect(oauthStepOf('GET', u('/sse'), undefined, '', { ...ctx, accept: 'text/event-stream' })).toBeUndefined();
    expect(
      oauthStepOf('POST', u('/messages?sessionId=1'), 'application/json', '{"jsonrpc":"2.0"}', ctx),
    ).toBeUndefined();
  });
  it('replaces every token, code, verifier and secret, in URLs, forms, JSON and pages', () => {
    expect(redactedUrl('http://cb/x?code=SECRETCODE&state=s')).toBe('http://cb/x?code=%5Bredacted%5D&state=s');
    const form = redactedBody(
      'grant_type=authorization_code&code=C0DE&code_verifier=V3R&client_secret=S3C',
      'application/x-www-form-urlencoded',
    );
    for (const secret of ['C0DE', 'V3R', 'S3C']) expect(form).not.toContain(secret);
    const json = redactedBody(
      '{"access_token":"AT","refresh_token":"RT","id_token":"IT","token_type":"Bearer"}',
      'application/json',
    );
    for (const secret of ['"AT"', '"RT"', '"IT"']) expect(json).not.toContain(secret);
    expect(json).toContain('Bearer');
    const page = redactedBody(
      'Redirecting to http://cb/?code=PAGECODE&amp;iss=x and eyJhbGciOiJFUzI1NiJ9aaaa.eyJzdWIiOiJ1c2VyLTEiaaaaa.sig',
      'text/html',
    );
    expect(page).not.toContain('PAGECODE');
    expect(page).not.toContain('eyJzdWIiOiJ1c2VyLTEiaaaaa');
  });
});

describe('host OAuth facts are data with evidence', () => {
  it('every host has facts, each with a source, a basis and a version or date', () => {
    for (const host of OAUTH_HOSTS) {
      expect(host.facts.length, host.id).toBeGreaterThan(0);
      for (const f of host.facts) {
        expect(f.source.length).toBeGreaterThan(10);
        expect(['vendor', 'measured', 'observed', 'reported']).toContain(f.basis);
        expect(f.asOf).toMatch(/^\d/);
      }
    }
  });
});
