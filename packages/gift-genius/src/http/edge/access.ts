import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  type AuthInfo,
  bearerAuthChallengeResponse,
  OAuthError,
  OAuthErrorCode,
  verifyBearerToken,
} from '@modelcontextprotocol/server';
import type { AuthScopes } from '../../auth/scopes.js';

export interface AccessOptions {
  /** Accepted bearer tokens; empty means the endpoint is open (loopback default). */
  tokens: string[];
  /** Authorization servers to advertise in the protected-resource metadata (RFC 9728), if any. */
  authorizationServers: string[];
  /** OAuth: JWT access tokens of one issuer (src/auth/) instead of static tokens. */
  oauth?: OAuthAccess;
}

/** A real authorization server's tokens, checked for this resource (../../auth/jwt-verifier.ts). */
export interface OAuthAccess {
  verifier: { readonly issuer: string; verify(token: string, audience: string): Promise<AuthInfo> };
  /** The resource's canonical URL as clients address it (behind a proxy: its public https URL); else the request's. */
  audience?: string;
  scopes: AuthScopes;
}

/** Tokens from GIFTGEN_TOKEN (comma-separated) and/or a file with one token per line. */
export function loadTokens(env: string | undefined, file: string | undefined): string[] {
  const fromFile = file ? readFileSync(file, 'utf8').split(/\r?\n/) : [];
  return [...(env ?? '').split(','), ...fromFile]
    .map((t) => t.trim())
    .filter((t) => t.length > 0 && !t.startsWith('#'));
}

const digest = (token: string) => createHash('sha256').update(token).digest();

/**
 * Optional bearer-token protection. The SDK's `verifyBearerToken` does the header
 * parsing and the RFC 6750 challenge; this supplies the verifier: static tokens,
 * compared in constant time (a client is identified by a hash of its token, never
 * the token itself, so nothing secret reaches logs or session records), or, with
 * `oauth`, JWT access tokens of one issuer whose audience is this resource, with the
 * scopes every request needs (403 insufficient_scope naming them otherwise).
 */
export class BearerAccess {
  private readonly digests: Buffer[];

  constructor(private readonly options: AccessOptions) {
    this.digests = options.tokens.map(digest);
  }

  get enabled(): boolean {
    return this.digests.length > 0 || this.options.oauth !== undefined;
  }

  /** The metadata document's URL for this endpoint, as RFC 9728 places it (path inserted after /.well-known/). */
  metadataUrl(endpoint: URL): string {
    const pub = this.publicEndpoint(endpoint);
    return `${pub.origin}/.well-known/oauth-protected-resource${pub.pathname === '/' ? '' : pub.pathname}`;
  }

  metadata(endpoint: URL): Record<string, unknown> {
    const oauth = this.options.oauth;
    const servers = oauth ? [oauth.verifier.issuer] : this.options.authorizationServers;
    return {
      resource: this.resource(endpoint),
      ...(servers.length > 0 && { authorization_servers: servers }),
      ...(oauth && oauth.scopes.supported.length > 0 && { scopes_supported: oauth.scopes.supported }),
      bearer_methods_supported: ['header'],
      resource_name: 'GiftGen (gift-genius MCP server)',
    };
  }

  /** The canonical resource URL (RFC 8707, MCP authorization): scheme and host lower case, no fragment, no query. */
  private resource(endpoint: URL): string {
    const pub = this.publicEndpoint(endpoint);
    return `${pub.origin}${pub.pathname}`;
  }

  private publicEndpoint(endpoint: URL): URL {
    const audience = this.options.oauth?.audience;
    return audience ? new URL(audience) : endpoint;
  }

  /** The caller's AuthInfo, or the 401 / 403 response to send instead. */
  async check(authorization: string | null, endpoint: URL): Promise<AuthInfo | Response> {
    const resourceMetadataUrl = this.metadataUrl(endpoint);
    const oauth = this.options.oauth;
    if (oauth) {
      const audience = this.resource(endpoint);
      try {
        return await verifyBearerToken(authorization, {
          resourceMetadataUrl,
          requiredScopes: [...oauth.scopes.required],
          verifier: { verifyAccessToken: (token: string) => oauth.verifier.verify(token, audience) },
        });
      } catch (error) {
        // A 401 names every scope the server knows, so one authorization covers every tool; a 403 the ones missing.
        const insufficient = error instanceof OAuthError && error.code === OAuthErrorCode.InsufficientScope;
        const requiredScopes = [...(insufficient ? oauth.scopes.required : oauth.scopes.supported)];
        return bearerAuthChallengeResponse(error, { resourceMetadataUrl, requiredScopes });
      }
    }
    try {
      return await verifyBearerToken(authorization, {
        resourceMetadataUrl,
        verifier: {
          verifyAccessToken: async (token: string) => {
            const presented = digest(token);
            if (!this.digests.some((d) => timingSafeEqual(d, presented)))
              throw new OAuthError(OAuthErrorCode.InvalidToken, 'Unknown bearer token');
            // Static tokens do not expire; the SDK requires an expiry, so each check grants an hour.
            return {
              token,
              clientId: presented.toString('hex').slice(0, 16),
              scopes: [],
              expiresAt: Math.floor(Date.now() / 1000) + 3600,
            };
          },
        },
      });
    } catch (error) {
      return bearerAuthChallengeResponse(error, { resourceMetadataUrl });
    }
  }
}
