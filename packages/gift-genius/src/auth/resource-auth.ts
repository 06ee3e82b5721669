import type { OAuthAccess } from '../http/edge/access.js';
import { JwtVerifier } from './jwt-verifier.js';
import { type AuthScopes, NO_SCOPES, parseAuthScopes } from './scopes.js';

/**
 * Entry of the OAuth resource-server mode: `serve --auth-issuer URL [--auth-audience URL]
 * [--auth-scopes …]` checked and turned into what the HTTP edge takes (BearerAccess's `oauth`).
 * Mistakes throw an Error naming the option and the fix; nothing here reads the environment.
 */
export interface ResourceAuthFlags {
  authIssuer?: string;
  authAudience?: string;
  authScopes?: string[];
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function checkedUrl(option: string, value: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${option}: "${value}" is not a URL; give ${what}`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname)))
    throw new Error(`${option}: ${url.origin} must be https:// (http:// only on loopback, for local testing)`);
  if (url.hash || url.search) throw new Error(`${option}: ${value} must have no query and no fragment`);
  return url;
}

/** The OAuth access the flags ask for (and `warm`, which reads the issuer's metadata now), or undefined without --auth-issuer. */
export function resourceAuth(
  flags: ResourceAuthFlags,
  known: { tools: readonly string[]; staticTokens: boolean; onIssuerError(error: Error): void },
): { access: OAuthAccess; warm(): Promise<void> } | undefined {
  if (!flags.authIssuer) {
    if (flags.authAudience || flags.authScopes?.length)
      throw new Error('--auth-audience and --auth-scopes need --auth-issuer (the authorization server to trust)');
    return undefined;
  }
  if (known.staticTokens)
    throw new Error('--auth-issuer and static tokens (--token-file, GIFTGEN_TOKEN) exclude each other: choose one');
  const issuer = checkedUrl('--auth-issuer', flags.authIssuer, "the authorization server's issuer URL");
  const audience = flags.authAudience
    ? checkedUrl(
        '--auth-audience',
        flags.authAudience,
        'the URL clients use for this server, e.g. https://giftgen.example.com/mcp',
      )
    : undefined;
  const scopes: AuthScopes = flags.authScopes ? parseAuthScopes(flags.authScopes) : NO_SCOPES;
  for (const tool of scopes.perTool.keys())
    if (!known.tools.includes(tool))
      throw new Error(`--auth-scopes: no tool is named "${tool}"; the tools are ${known.tools.join(', ')}`);
  const verifier = new JwtVerifier({
    issuer: flags.authIssuer,
    allowHttp: issuer.protocol === 'http:',
    onIssuerError: known.onIssuerError,
  });
  return {
    access: { verifier, audience: audience && `${audience.origin}${audience.pathname}`, scopes },
    warm: () => verifier.warm(),
  };
}
