import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  type AuthInfo,
  bearerAuthChallengeResponse,
  OAuthError,
  OAuthErrorCode,
  verifyBearerToken,
} from '@modelcontextprotocol/server';

export interface AccessOptions {
  /** Accepted bearer tokens; empty means the endpoint is open (loopback default). */
  tokens: string[];
  /** Authorization servers to advertise in the protected-resource metadata (RFC 9728), if any. */
  authorizationServers: string[];
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
 * parsing and the RFC 6750 challenge; this supplies a verifier for static tokens,
 * compared in constant time. A client is identified by a hash of its token, never
 * the token itself, so nothing secret reaches logs or session records.
 */
export class BearerAccess {
  private readonly digests: Buffer[];

  constructor(private readonly options: AccessOptions) {
    this.digests = options.tokens.map(digest);
  }

  get enabled(): boolean {
    return this.digests.length > 0;
  }

  /** The metadata document's URL for this endpoint, as RFC 9728 places it. */
  metadataUrl(endpoint: URL): string {
    return `${endpoint.origin}/.well-known/oauth-protected-resource${endpoint.pathname === '/' ? '' : endpoint.pathname}`;
  }

  metadata(endpoint: URL): Record<string, unknown> {
    return {
      resource: `${endpoint.origin}${endpoint.pathname}`,
      ...(this.options.authorizationServers.length > 0 && { authorization_servers: this.options.authorizationServers }),
      bearer_methods_supported: ['header'],
      resource_name: 'GiftGen (gift-genius MCP server)',
    };
  }

  /** The caller's AuthInfo, or the 401 response to send instead. */
  async check(authorization: string | null, endpoint: URL): Promise<AuthInfo | Response> {
    const resourceMetadataUrl = this.metadataUrl(endpoint);
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
