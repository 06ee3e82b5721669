import { cite, finding, verdict } from '../findings/finding.js';
import { issuerMatches, resourceAllows } from '../oauth/discovery-urls.js';
import { challengeParams, quote } from '../oauth/exchange.js';
import type { Citation, Diagnostic, Transcript, WireEvent } from '../types.js';
import type { Rule } from './rule.js';

const AUTH = (section: string): Citation => cite('2025-11-25', `basic/authorization#${section}`);

interface Step {
  title: string;
  request?: WireEvent;
  response?: WireEvent;
  body?: Record<string, unknown>;
}

/** The tap's OAuth connection, step by step: a note, the request head (and body), the response head and body. */
function stepsOf(t: Transcript): Step[] {
  const oauth = new Set(t.connections.filter((c) => c.purpose === 'oauth').map((c) => c.id));
  const steps: Step[] = [];
  for (const e of t.events) {
    if (!oauth.has(e.conn)) continue;
    if (e.kind === 'note') steps.push({ title: (e.note ?? '').replace(/^OAuth: /, '') });
    const step = steps.at(-1);
    if (!step) continue;
    if (e.kind === 'http' && e.dir === 'out') step.request = e;
    else if (e.kind === 'http' && e.dir === 'in') step.response = e;
    else if (e.kind === 'noise' && e.dir === 'in' && e.raw)
      try {
        const parsed = JSON.parse(e.raw) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          step.body = parsed as Record<string, unknown>;
      } catch {
        // an HTML page
      }
  }
  return steps;
}

/** The issuer a metadata URL stands for (RFC 8414 §3.1 inserted, OpenID appended). */
function issuerOfMetadataUrl(url: URL): string | undefined {
  const inserted = /^\/\.well-known\/(?:oauth-authorization-server|openid-configuration)(\/.*)?$/.exec(url.pathname);
  if (inserted) return `${url.origin}${inserted[1] ?? ''}`;
  const appended = /^(.*)\/\.well-known\/openid-configuration$/.exec(url.pathname);
  return appended ? `${url.origin}${appended[1]}` : undefined;
}

/** A request's URL as the host addressed it: the tap records where it forwarded it, the Host header says where it was sent. */
function asAddressed(e: WireEvent): URL {
  const url = new URL(e.http!.url);
  const host = e.http!.headers?.host;
  if (host) url.host = host;
  return url;
}

/** The MCP endpoint as the host addressed it (the Host header it sent; the tap forwards elsewhere). */
function addressed(t: Transcript): string {
  const sent = t.events.find(
    (e) => e.http !== undefined && e.dir === 'out' && t.connections.find((c) => c.id === e.conn)?.purpose !== 'oauth',
  );
  const host = sent?.http?.headers?.host;
  if (!sent?.http || !host) return t.target;
  const url = new URL(sent.http.url);
  return `http://${host}${url.pathname}`;
}

const status = (s: Step) => s.response?.http?.status;
const line = (s: Step) =>
  `${s.request?.http?.method ?? '?'} ${s.request?.http?.url ?? '?'} → ${status(s) ?? 'no answer'}`;

/**
 * A host's OAuth steps through the tap (tap/oauth-tap.ts), judged as the doctor judges the same
 * answers (src/oauth): the challenge, the metadata, registration, the authorization and token
 * requests; whose fault each finding is.
 */
export const oauthSteps: Rule = {
  id: 'oauth-steps',
  title: "a host's OAuth steps",
  why: 'A remote server is reached only after the host completes its OAuth discovery, registration and authorization: a step that fails there is why a host "does not see" the server, and the host shows one generic line for it.',
  fix: "Follow the finding: serve the protected resource metadata the challenge names, with the resource the host used, an authorization server whose metadata issuer matches its URL and that supports S256, and accept the host's registration and redirect URI.",
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization',
  judges: 'host',
  run(t) {
    const out: Diagnostic[] = [];
    // The MCP endpoint's challenges (and a challenge on a success).
    for (const e of t.events) {
      if (e.kind !== 'http' || e.dir !== 'in' || !e.http?.status) continue;
      if (t.connections.find((c) => c.id === e.conn)?.purpose === 'oauth') continue;
      const www = e.http.headers?.['www-authenticate'];
      if (e.http.status === 401 && !challengeParams(www).has('resource_metadata'))
        out.push(
          finding(
            'oauth-steps/challenge-without-metadata',
            'warn',
            `${e.conn}: a 401 whose WWW-Authenticate (${quote(www ?? 'none')}) names no resource_metadata`,
            AUTH('protected-resource-metadata-discovery-requirements'),
            { args: { conn: e.conn } },
          ),
        );
      if (e.http.status < 300 && www)
        out.push(
          finding(
            'oauth-steps/challenge-on-success',
            'warn',
            `${e.conn}: a ${e.http.status} answer carries WWW-Authenticate ${quote(www)}`,
            AUTH('protected-resource-metadata-discovery-requirements'),
            { args: { conn: e.conn } },
          ),
        );
    }
    const steps = stepsOf(t);
    const prms = steps.filter((s) => s.title === 'Protected Resource Metadata');
    if (prms.length && !prms.some((s) => status(s) === 200))
      out.push(
        finding(
          'oauth-steps/prm-missing',
          'fail',
          `the host found no Protected Resource Metadata: ${prms.map(line).join('; ')}`,
          AUTH('authorization-server-discovery'),
          { evidence: prms.map(line) },
        ),
      );
    const endpoint = addressed(t);
    for (const s of prms.filter((p) => status(p) === 200 && p.body)) {
      const resource = s.body!.resource;
      if (typeof resource !== 'string' || !resourceAllows(endpoint, resource))
        out.push(
          finding(
            'oauth-steps/prm-resource',
            'fail',
            `the metadata's resource ${quote(resource)} is not the endpoint the host used, ${endpoint}: hosts refuse it (behind a proxy, or this tap, the server must name the URL clients use)`,
            AUTH('authorization-server-discovery'),
            { evidence: [line(s)] },
          ),
        );
    }
    for (const s of steps.filter((p) => p.title === 'authorization server metadata' && status(p) === 200 && p.body)) {
      const url = asAddressed(s.request!);
      const expected = issuerOfMetadataUrl(url);
      if (expected && !issuerMatches(expected, s.body!.issuer) && !issuerMatches(`${expected}/`, s.body!.issuer))
        out.push(
          finding(
            'oauth-steps/issuer-mismatch',
            'fail',
            `the metadata at ${url.href} names issuer ${quote(s.body!.issuer)}, not ${expected} (RFC 8414 §3.3): hosts refuse it`,
            AUTH('authorization-server-metadata-discovery'),
            { evidence: [line(s)] },
          ),
        );
      const methods = s.body!.code_challenge_methods_supported;
      if (Array.isArray(methods) && !methods.includes('S256'))
        out.push(
          finding(
            'oauth-steps/no-s256',
            'fail',
            `the authorization server lists PKCE methods ${quote(methods)}, without S256`,
            AUTH('authorization-code-protection'),
            { evidence: [line(s)] },
          ),
        );
    }
    for (const s of steps.filter((p) => p.title === 'authorization request' && p.request?.http)) {
      const url = new URL(s.request!.http!.url);
      if (url.searchParams.get('code_challenge_method') !== 'S256')
        out.push(
          finding(
            'oauth-steps/authorization-without-pkce',
            'fail',
            'the host sent an authorization request without PKCE S256',
            AUTH('authorization-code-protection'),
            { party: 'client', evidence: [line(s)] },
          ),
        );
      if (!url.searchParams.has('resource'))
        out.push(
          finding(
            'oauth-steps/authorization-without-resource',
            'warn',
            'the host sent an authorization request without `resource` (RFC 8707)',
            AUTH('resource-parameter-implementation'),
            { party: 'client', evidence: [line(s)] },
          ),
        );
      if ((status(s) ?? 0) >= 400)
        out.push(
          finding(
            'oauth-steps/authorization-refused',
            'fail',
            `the authorization endpoint refused the host's request (redirect_uri ${quote(url.searchParams.get('redirect_uri'))}): HTTP ${status(s)}`,
            AUTH('authorization-code-protection'),
            { evidence: [line(s)] },
          ),
        );
    }
    for (const [title, code] of [
      ['client registration', 'oauth-steps/registration-refused'],
      ['token request', 'oauth-steps/token-refused'],
    ] as const)
      for (const s of steps.filter((p) => p.title === title && (status(p) ?? 0) >= 400))
        out.push(
          finding(
            code,
            'fail',
            `the ${title} was refused: HTTP ${status(s)}${s.body?.error ? ` ${quote(s.body.error)}` : ''}${s.body?.error_description ? ` ${quote(s.body.error_description)}` : ''}`,
            AUTH(title === 'token request' ? 'access-token-usage' : 'dynamic-client-registration'),
            { evidence: [line(s)] },
          ),
        );
    return verdict(out, { summary: 'the OAuth steps recorded went as the spec says' });
  },
};
