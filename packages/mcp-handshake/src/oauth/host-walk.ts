/**
 * One host's walk through a recorded exchange: the URLs it would fetch, in its order, the answer it
 * would take, and the step where it would stop. Pure: the walker fetched every URL any host tries;
 * this replays a host's choices over those answers (host-oauth.ts says what they are).
 */
import {
  asMetadataUrls,
  canonicalResource,
  issuerMatches,
  prmUrls,
  resourceAllows,
  sameUrl,
} from './discovery-urls.js';
import { answerAt, challengeParams, type OAuthExchange, type OAuthHttp, ok, quote } from './exchange.js';
import type { OAuthHost, Registration } from './host-oauth.js';

export type StopCode =
  | 'oauth-resource-metadata/missing'
  | 'oauth-resource-metadata/resource-mismatch'
  | 'oauth-authorization-server/unreachable'
  | 'oauth-authorization-server/metadata-missing'
  | 'oauth-authorization-server/issuer-mismatch'
  | 'oauth-authorization-server/no-s256'
  | 'oauth-registration/none-usable'
  | 'oauth-registration/rejected'
  | 'oauth-authorization-request/rejected'
  | 'oauth-authorization-request/scope-required';

export const REGISTRATION_WORDS: Record<Registration, string> = {
  cimd: 'a Client ID Metadata Document',
  dcr: 'Dynamic Client Registration',
  preregistered: 'a client id the user pastes',
};

export interface HostWalk {
  host: OAuthHost;
  /** What it fetched, in order, each with the answer (`—` when none). */
  path: string[];
  registration?: Registration;
  /** Where it stopped, when it did (before the user's login). */
  stop?: { code: StopCode; message: string; evidence: string[] };
  /** Steps the recorded exchange could not tell (no --register, no probe as this host). */
  untested: string[];
  /** The authorization request was answered with a login page or a redirect to one. */
  reachedLogin: boolean;
}

const line = (r: OAuthHttp | undefined, url: string) =>
  `${r?.method ?? 'GET'} ${url} → ${r?.status ?? (r?.error ? `no answer (${r.error})` : 'not fetched')}`;

/** An authorization answer that refuses: 400 and the like, or a redirect to the client carrying `error`. */
export function authorizationRefusal(r: OAuthHttp, redirectUri: string): string | undefined {
  if (r.status === undefined) return `no answer (${r.error ?? 'unknown'})`;
  if (r.status >= 400) return `HTTP ${r.status}${r.json?.error ? ` ${quote(r.json.error)}` : ''}`;
  const location = r.headers.location;
  if (r.status >= 300 && location && location.startsWith(redirectUri.replace('{port}', ''))) {
    const error = new URL(location, r.url).searchParams.get('error');
    if (error) return `redirected back with error=${quote(error)}`;
  }
  return undefined;
}

export function walkAsHost(x: OAuthExchange, host: OAuthHost): HostWalk {
  const walk: HostWalk = { host, path: [], untested: [], reachedLogin: false };
  const stop = (code: StopCode, message: string, evidence: string[] = []) => {
    walk.stop = { code, message, evidence: [...walk.path.slice(-3), ...evidence] };
    return walk;
  };
  const challenge = x.requests.find((r) => r.step === 'challenge');
  if (challenge?.status !== 401) return walk;
  const params = challengeParams(challenge.headers['www-authenticate']);

  // Protected Resource Metadata: the challenge's URL, else path-based, then the root after a 4xx.
  const named = params.get('resource_metadata');
  const { pathBased, root } = prmUrls(x.endpoint);
  const candidates = named ? [named] : pathBased === root ? [root] : [pathBased, root];
  let prm: Record<string, unknown> | undefined;
  for (const url of candidates) {
    const r = answerAt(x, 'prm', url);
    walk.path.push(line(r, url));
    if (ok(r) && r.json) {
      prm = r.json;
      break;
    }
    const sdkStops = !r?.status || (r.status >= 500 && r.status !== 502);
    if (named || (host.prmFallback === 'sdk' && sdkStops)) break;
  }
  let issuer: string;
  if (!prm) {
    // The SDK then takes the server's origin for the authorization server (the 2025-03-26 way).
    issuer = `${new URL(x.endpoint).origin}/`;
    const fallback = asMetadataUrls(issuer).some((u) => ok(answerAt(x, 'as-metadata', u)));
    if (!fallback)
      return stop(
        'oauth-resource-metadata/missing',
        `${host.name} finds no Protected Resource Metadata (${candidates.join(', ')}) and no authorization server at the origin`,
      );
  } else {
    const resource = prm.resource;
    const allowed =
      typeof resource === 'string' &&
      (host.resourceMatch === 'exact' ? sameUrl(x.endpoint, resource) : resourceAllows(x.endpoint, resource));
    if (!allowed)
      return stop(
        'oauth-resource-metadata/resource-mismatch',
        `${host.name} refuses the metadata: resource ${quote(resource)} is not ${canonicalResource(x.endpoint)}${host.resourceMatch === 'exact' ? ' exactly' : ' (nor its origin or a parent path)'}`,
      );
    const servers = Array.isArray(prm.authorization_servers) ? prm.authorization_servers : [];
    issuer = typeof servers[0] === 'string' ? servers[0] : `${new URL(x.endpoint).origin}/`;
  }

  // Authorization server metadata, in the SDK's order; the issuer must be the URL it came from.
  let meta: Record<string, unknown> | undefined;
  for (const url of asMetadataUrls(issuer)) {
    const r = answerAt(x, 'as-metadata', url);
    walk.path.push(line(r, url));
    if (!r || r.status === undefined)
      return stop(
        'oauth-authorization-server/unreachable',
        `${host.name} cannot reach the authorization server ${quote(issuer)}`,
      );
    if (!ok(r)) {
      if (r.status < 500 || r.status === 502) continue;
      return stop('oauth-authorization-server/unreachable', `${host.name} gets HTTP ${r.status} from ${url}`);
    }
    if (!r.json) continue;
    if (host.issuerCheck && !issuerMatches(issuer, r.json.issuer))
      return stop(
        'oauth-authorization-server/issuer-mismatch',
        `${host.name} refuses the metadata at ${url}: its issuer ${quote(r.json.issuer)} is not ${quote(issuer)} (RFC 8414 §3.3)`,
      );
    meta = r.json;
    break;
  }
  if (!meta)
    return stop(
      'oauth-authorization-server/metadata-missing',
      `${host.name} finds no metadata for the authorization server ${quote(issuer)}`,
    );
  const methods = meta.code_challenge_methods_supported;
  if ((Array.isArray(methods) && !methods.includes('S256')) || (methods === undefined && host.pkceStrict))
    return stop(
      'oauth-authorization-server/no-s256',
      `${host.name} will not authorize: code_challenge_methods_supported is ${quote(methods ?? 'absent')}, without S256`,
    );

  // Registration, in the host's order of preference.
  const cimd = meta.client_id_metadata_document_supported === true;
  const dcr = typeof meta.registration_endpoint === 'string';
  walk.registration = host.registration.find(
    (r) => (r === 'cimd' && cimd && host.clientIdUrl) || (r === 'dcr' && dcr) || r === 'preregistered',
  );
  if (!walk.registration)
    return stop(
      'oauth-registration/none-usable',
      `${host.name} has no way to get a client id: it takes ${host.registration.map((r) => REGISTRATION_WORDS[r]).join(' or ')}, the server offers ${[cimd && REGISTRATION_WORDS.cimd, dcr && REGISTRATION_WORDS.dcr].filter(Boolean).join(' and ') || 'neither'}`,
    );
  if (walk.registration === 'preregistered') walk.untested.push('needs a client id pasted by the user');
  if (walk.registration === 'dcr') {
    const reg = x.requests.find((r) => r.step === 'register' && r.as === host.id);
    if (!reg) walk.untested.push('registration not tried (--register tries it)');
    else {
      walk.path.push(line(reg, reg.url));
      if (!ok(reg))
        return stop(
          'oauth-registration/rejected',
          `${host.name}'s registration is refused (${reg.status ?? reg.error}${reg.json?.error_description ? `: ${quote(reg.json.error_description)}` : ''}) — ${host.name} will fail here`,
        );
    }
  }

  // The authorization request, with the host's client id and redirect URI.
  const auth = x.requests.find((r) => r.step === 'authorize' && r.as === host.id && !r.variant);
  if (!auth) {
    if (walk.registration !== 'preregistered') walk.untested.push('the authorization request');
    return walk;
  }
  walk.path.push(line(auth, new URL(auth.url).origin + new URL(auth.url).pathname));
  const redirect = new URL(auth.url).searchParams.get('redirect_uri') ?? '';
  const refused = authorizationRefusal(auth, redirect);
  if (refused)
    return stop(
      'oauth-authorization-request/rejected',
      `the authorization endpoint refuses ${host.name}'s request (redirect_uri ${redirect}): ${refused} — ${host.name} will fail here`,
    );
  walk.reachedLogin = true;
  const bare = x.requests.find((r) => r.step === 'authorize' && r.as === host.id && r.variant === 'no-scope');
  if (bare && host.scope === 'sdk-omitted-on-reconnect') {
    const refusedBare = authorizationRefusal(bare, redirect);
    if (refusedBare)
      return stop(
        'oauth-authorization-request/scope-required',
        `the authorization endpoint needs scope: the same request without it is refused (${refusedBare}); ${host.name} reconnects without scope`,
      );
  }
  return walk;
}
