/**
 * The OAuth stage of the doctor, judged: pure checks over a recorded exchange (exchange.ts) and each
 * host's walk through it (host-walk.ts), as report entries whose findings are coded data. A host that
 * would stop at a step is named in that step's finding.
 */
import { cite, finding, verdict } from '../findings/finding.js';
import type { Citation, Diagnostic, Finding, HostId } from '../types.js';
import { prmUrls } from './discovery-urls.js';
import { answerAt, challengeParams, type OAuthExchange, ok, quote, requestsOf } from './exchange.js';
import { OAUTH_HOSTS, type OAuthHostId } from './host-oauth.js';
import { type HostWalk, walkAsHost } from './host-walk.js';

const AUTH = (section: string): Citation => cite('2025-11-25', `basic/authorization#${section}`);
const RFC = (n: number, section: string): Citation => ({
  section: `RFC ${n} ${section}`,
  url: `https://www.rfc-editor.org/rfc/rfc${n}#${section}`,
});

/** One host's row in the report's OAuth table. */
export interface OAuthHostRow {
  host: OAuthHostId;
  name: string;
  registration?: string;
  /** `login`: its authorization request was accepted; `stopped`: it fails at `step`; `untested`: the doctor could not tell past `step`. */
  outcome: 'login' | 'stopped' | 'untested';
  step?: string;
  code?: string;
}

export interface OAuthStage {
  /** The server asked for authorization (401 on the first request). */
  protected: boolean;
  checks: Finding[];
  hosts: OAuthHostRow[];
}

interface CheckDef {
  id: string;
  title: string;
  why: string;
  fix: string;
  spec: Citation;
}

const DEFS = {
  challenge: {
    id: 'oauth-challenge',
    title: 'The 401 says where to authorize',
    why: 'A host starts OAuth from the 401: its WWW-Authenticate names the resource metadata and the scopes.',
    fix: 'Answer 401 with `WWW-Authenticate: Bearer resource_metadata="<PRM URL>", scope="<scopes>"`; never send a challenge with a 200.',
    spec: AUTH('protected-resource-metadata-discovery-requirements'),
  },
  prm: {
    id: 'oauth-resource-metadata',
    title: 'Protected Resource Metadata (RFC 9728)',
    why: 'Hosts read the authorization server and the resource identifier from it; without it, or with a resource that is not this endpoint, they stop.',
    fix: 'Serve /.well-known/oauth-protected-resource<endpoint path> (and the root form) with `resource` = the endpoint URL exactly as clients use it, and `authorization_servers`.',
    spec: AUTH('authorization-server-discovery'),
  },
  as: {
    id: 'oauth-authorization-server',
    title: 'Authorization server metadata (RFC 8414 / OpenID discovery)',
    why: 'Hosts refuse metadata whose issuer is not the URL they fetched it for, and a server without PKCE S256.',
    fix: 'Publish metadata at the RFC 8414 path for the issuer in authorization_servers, with `issuer` equal to it and `code_challenge_methods_supported: ["S256"]`.',
    spec: AUTH('authorization-server-metadata-discovery'),
  },
  registration: {
    id: 'oauth-registration',
    title: 'Client registration as each host does it',
    why: 'Each host gets its client id one way (a Client ID Metadata Document, Dynamic Client Registration, or a pasted id); a server offering none of its ways cannot be added.',
    fix: "Offer both: `client_id_metadata_document_supported: true` and a `registration_endpoint` that accepts the hosts' redirect URIs.",
    spec: AUTH('client-registration-approaches'),
  },
  authorize: {
    id: 'oauth-authorization-request',
    title: "The authorization endpoint accepts each host's request",
    why: "An authorization server that refuses a host's redirect URI or client id answers 400 before the login page: the host shows one generic error line.",
    fix: 'Allow the redirect URIs the hosts use (https://claude.ai/api/mcp/auth_callback, https://chatgpt.com/connector_platform_oauth_redirect, loopback ports) and make `scope` optional.',
    spec: AUTH('authorization-code-protection'),
  },
  token: {
    id: 'oauth-token',
    title: 'The endpoint checks tokens',
    why: 'A token minted for another resource, or no real token at all, must not open the server (RFC 8707 audience binding); a missing scope is a 403 naming it, so the host can step up.',
    fix: 'Validate every token: signature, issuer, expiry, and audience = this resource; answer 403 `error="insufficient_scope", scope="…"` for a missing scope.',
    spec: AUTH('token-audience-binding-and-validation'),
  },
} satisfies Record<string, CheckDef>;

const entry = (
  def: CheckDef,
  findings: Diagnostic[],
  ok: { summary: string; evidence?: string[]; status?: 'pass' | 'info' },
): Finding => ({
  id: def.id,
  title: def.title,
  why: def.why,
  fix: def.fix,
  spec: def.spec.url,
  ...verdict(findings, ok),
  findings,
});

const skipped = (def: CheckDef, summary: string): Finding => ({
  id: def.id,
  title: def.title,
  why: def.why,
  fix: def.fix,
  spec: def.spec.url,
  status: 'skip',
  summary,
  evidence: [],
  findings: [],
});

const reportHosts = (walks: HostWalk[]): HostId[] => [
  ...new Set(walks.map((w) => w.host.reportHost).filter((h): h is HostId => h !== undefined)),
];

/** One finding per stop code, naming every host that stops there. */
function stops(walks: HostWalk[], prefix: string, where: Citation): Diagnostic[] {
  const byCode = new Map<string, HostWalk[]>();
  for (const w of walks)
    if (w.stop?.code.startsWith(prefix)) byCode.set(w.stop.code, [...(byCode.get(w.stop.code) ?? []), w]);
  return [...byCode].map(([code, hosts]) =>
    finding(
      code,
      'fail',
      hosts.length === 1
        ? hosts[0]!.stop!.message
        : `${hosts[0]!.stop!.message} (also ${hosts
            .slice(1)
            .map((h) => h.host.name)
            .join(', ')})`,
      where,
      {
        args: { oauthHosts: hosts.map((h) => h.host.id) },
        evidence: hosts[0]!.stop!.evidence,
        hosts: reportHosts(hosts),
      },
    ),
  );
}

export function judgeOAuth(x: OAuthExchange): OAuthStage {
  const challenge = x.requests.find((r) => r.step === 'challenge');
  const header = challenge?.headers['www-authenticate'];
  const walks = OAUTH_HOSTS.map((h) => walkAsHost(x, h));
  const isProtected = challenge?.status === 401;
  const hosts: OAuthHostRow[] = isProtected
    ? walks.map((w) => ({
        host: w.host.id,
        name: w.host.name,
        ...(w.registration && { registration: w.registration }),
        outcome: w.stop ? 'stopped' : w.reachedLogin ? 'login' : 'untested',
        ...(w.stop && { step: w.stop.code.split('/')[0], code: w.stop.code }),
        ...(!w.stop && !w.reachedLogin && { step: w.untested.join('; ') }),
      }))
    : [];

  // The challenge.
  const challengeFindings: Diagnostic[] = [];
  if (challenge && ok(challenge) && header)
    challengeFindings.push(
      finding(
        'oauth-challenge/on-success',
        'warn',
        `a ${challenge.status} answer carries WWW-Authenticate ${quote(header)}: a challenge belongs on a 401 or 403`,
        RFC(6750, 'section-3'),
        {
          evidence: [`POST ${x.endpoint} → ${challenge.status}`],
        },
      ),
    );
  if (!isProtected) {
    const open =
      challenge?.status !== undefined
        ? `the endpoint answered ${challenge.status} without a token: no OAuth to walk`
        : 'the endpoint did not answer';
    return {
      protected: false,
      hosts,
      checks: challengeFindings.length
        ? [entry(DEFS.challenge, challengeFindings, { summary: open })]
        : [skipped(DEFS.challenge, open)],
    };
  }
  const params = challengeParams(header);
  if (!header || !/^\s*bearer\b/i.test(header))
    challengeFindings.push(
      finding(
        'oauth-challenge/no-bearer',
        'fail',
        `the 401 has ${header ? `WWW-Authenticate ${quote(header)}, not a Bearer challenge` : 'no WWW-Authenticate header'}: hosts look for metadata at the well-known URLs only`,
        AUTH('protected-resource-metadata-discovery-requirements'),
        {
          hosts: reportHosts(walks),
        },
      ),
    );
  else if (!params.has('resource_metadata'))
    challengeFindings.push(
      finding(
        'oauth-challenge/no-resource-metadata',
        'warn',
        'the Bearer challenge does not name resource_metadata: hosts must guess the well-known URL',
        AUTH('protected-resource-metadata-discovery-requirements'),
      ),
    );
  const checks = [
    entry(DEFS.challenge, challengeFindings, {
      summary: `401 with ${quote(header ?? '')}`,
      evidence: [`POST ${x.endpoint} → 401`],
    }),
  ];

  // Protected Resource Metadata.
  const prmFindings = stops(walks, 'oauth-resource-metadata/', AUTH('authorization-server-discovery'));
  const { pathBased, root } = prmUrls(x.endpoint);
  const atPath = answerAt(x, 'prm', pathBased);
  const atRoot = answerAt(x, 'prm', root);
  if (pathBased !== root && !ok(atPath) && ok(atRoot) && !params.has('resource_metadata'))
    prmFindings.push(
      finding(
        'oauth-resource-metadata/root-only',
        'warn',
        `the metadata is only at the root (${root}), not at ${pathBased} where RFC 9728 puts it for this endpoint: the SDK's hosts fall back to the root after a 4xx, a client following RFC 9728 alone does not`,
        RFC(9728, 'section-3.1'),
        {
          evidence: [`GET ${pathBased} → ${atPath?.status ?? atPath?.error}`, `GET ${root} → ${atRoot.status}`],
        },
      ),
    );
  const prmDoc = [answerAt(x, 'prm', params.get('resource_metadata') ?? ''), atPath, atRoot].find(
    (r) => ok(r) && r.json,
  )?.json;
  if (prmDoc && !Array.isArray(prmDoc.authorization_servers))
    prmFindings.push(
      finding(
        'oauth-resource-metadata/no-authorization-servers',
        'fail',
        "the metadata names no authorization_servers: hosts then guess the server's own origin",
        AUTH('authorization-server-location'),
      ),
    );
  checks.push(
    entry(DEFS.prm, prmFindings, {
      summary: prmDoc
        ? `resource ${quote(prmDoc.resource)}, authorization servers ${quote(prmDoc.authorization_servers)}`
        : 'no metadata',
    }),
  );

  // Authorization server metadata.
  const asFindings = stops(walks, 'oauth-authorization-server/', AUTH('authorization-server-metadata-discovery'));
  const meta = requestsOf(x, 'as-metadata').find((r) => ok(r) && r.json)?.json;
  if (meta && meta.code_challenge_methods_supported === undefined)
    asFindings.push(
      finding(
        'oauth-authorization-server/pkce-unadvertised',
        'warn',
        "the metadata has no code_challenge_methods_supported: a client following 2025-11-25 must refuse to proceed (the SDK's hosts go on)",
        AUTH('authorization-code-protection'),
      ),
    );
  checks.push(
    entry(DEFS.as, asFindings, {
      summary: meta
        ? `issuer ${quote(meta.issuer)}, PKCE ${quote(meta.code_challenge_methods_supported)}`
        : 'no metadata',
    }),
  );

  // Registration and the authorization request, as each host does them.
  const regFindings = stops(walks, 'oauth-registration/', AUTH('client-registration-approaches'));
  const manual = walks.filter((w) => w.registration === 'preregistered' && !w.stop);
  if (manual.length)
    regFindings.push(
      finding(
        'oauth-registration/manual-client-id',
        'warn',
        `${manual.map((w) => w.host.name).join(', ')} can be added only with a client id the user creates and pastes: the server offers no registration ${manual.length === 1 ? 'it uses' : 'they use'}`,
        AUTH('client-registration-approaches'),
        { args: { oauthHosts: manual.map((w) => w.host.id) }, hosts: reportHosts(manual) },
      ),
    );
  const reaching = walks.filter((w) => w.registration);
  checks.push(
    entry(DEFS.registration, regFindings, {
      summary: reaching.map((w) => `${w.host.name}: ${w.registration}`).join('; ') || 'no host got that far',
    }),
  );
  const authFindings = stops(walks, 'oauth-authorization-request/', AUTH('authorization-code-protection'));
  const untested = walks.filter((w) => !w.stop && !w.reachedLogin);
  checks.push(
    entry(DEFS.authorize, authFindings, {
      summary: `${walks.filter((w) => w.reachedLogin).length} host(s) reach the login page${untested.length ? `; not tried as ${untested.map((w) => w.host.name).join(', ')}` : ''}`,
    }),
  );

  // Tokens.
  const tokenFindings: Diagnostic[] = [];
  const bogus = requestsOf(x, 'mcp-bogus-token')[0];
  if (bogus && ok(bogus))
    tokenFindings.push(
      finding(
        'oauth-token/any-token-accepted',
        'fail',
        `a made-up bearer token was accepted (HTTP ${bogus.status}): the endpoint does not validate tokens`,
        AUTH('token-audience-binding-and-validation'),
        { hosts: reportHosts(walks) },
      ),
    );
  const mine = requestsOf(x, 'mcp-token')[0];
  if (mine && !ok(mine))
    tokenFindings.push(
      finding(
        'oauth-token/refused',
        'fail',
        `the token given was refused (HTTP ${mine.status ?? mine.error}${mine.headers['www-authenticate'] ? `, ${quote(mine.headers['www-authenticate'])}` : ''})`,
        AUTH('access-token-usage'),
      ),
    );
  const foreign = requestsOf(x, 'mcp-foreign-token')[0];
  if (foreign && ok(foreign))
    tokenFindings.push(
      finding(
        'oauth-token/audience-not-checked',
        'fail',
        `a token minted for another resource was accepted (HTTP ${foreign.status}): the endpoint does not check the audience (RFC 8707)`,
        AUTH('token-audience-binding-and-validation'),
        { hosts: reportHosts(walks) },
      ),
    );
  for (const r of x.requests.filter((q) => q.step.startsWith('mcp-') && q.status === 403)) {
    const p = challengeParams(r.headers['www-authenticate']);
    if (p.get('error') !== 'insufficient_scope' || !p.get('scope'))
      tokenFindings.push(
        finding(
          'oauth-token/step-up-without-scope',
          'warn',
          `a 403 without \`error="insufficient_scope", scope="…"\` (${quote(r.headers['www-authenticate'] ?? 'no WWW-Authenticate')}): a host cannot tell which scope to ask for`,
          AUTH('scope-challenge-handling'),
        ),
      );
  }
  const tried = [bogus && 'a made-up token', mine && 'the token given', foreign && "another resource's token"].filter(
    Boolean,
  );
  checks.push(
    tried.length
      ? entry(DEFS.token, tokenFindings, {
          summary: `tried ${tried.join(', ')}${mine && ok(mine) ? '; the token given is accepted' : ''}`,
        })
      : skipped(DEFS.token, 'no token tried'),
  );
  return { protected: true, checks, hosts };
}
