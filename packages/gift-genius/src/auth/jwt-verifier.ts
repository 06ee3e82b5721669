import type { AuthInfo } from '@modelcontextprotocol/server';
import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';
import { createRemoteJWKSet, customFetch, errors, type JWTPayload, jwtVerify } from 'jose';
import { discoverIssuer, type IssuerMetadata } from './issuer-metadata.js';

export interface JwtVerifierOptions {
  /** The authorization server's issuer identifier (`--auth-issuer`), advertised as given. */
  issuer: string;
  /** http:// issuers are accepted only on loopback (a test, a local Keycloak); the CLI checks. */
  allowHttp: boolean;
  fetch?: typeof fetch;
  /** One metadata or JWKS request's budget. */
  timeoutMs?: number;
  /** After a failed metadata read, the next attempt waits this long (requests meanwhile get 503-like errors). */
  retryMs?: number;
  /** Least time between two JWKS fetches, whatever unknown `kid`s arrive: a peer cannot make us hammer the issuer. */
  jwksCooldownMs?: number;
  /** Keys older than this are fetched again at the next token. */
  jwksMaxAgeMs?: number;
  /** What a failed metadata read is reported to (the CLI logs it). */
  onIssuerError?(error: Error): void;
}

/** Longer bearer values are refused unread: no JWT access token of a real provider comes near it. */
const MAX_TOKEN_CHARS = 16 * 1024;

/**
 * Validates JWT access tokens (RFC 9068) for one resource: the signature against the issuer's JWKS
 * (found through its RFC 8414 / OpenID metadata, cached by jose, fetched again for an unknown key
 * id no more often than the cooldown), `iss` equal to the issuer, `aud` containing this resource's
 * canonical URL (RFC 8707: a token minted for another resource is refused), `exp` present and not
 * past, `nbf` not ahead. Any failure is an `invalid_token` OAuthError (401); an issuer that cannot be
 * read is a `server_error`. The token itself never reaches an error message or a log.
 */
export class JwtVerifier {
  private metadata?: Promise<IssuerMetadata>;
  private failedAt = 0;
  private jwks?: ReturnType<typeof createRemoteJWKSet>;

  constructor(private readonly options: JwtVerifierOptions) {}

  get issuer(): string {
    return this.options.issuer;
  }

  /** Reads the issuer's metadata now (at start), so the first request does not wait for it. */
  warm(): Promise<void> {
    return this.issuerMetadata().then(
      () => undefined,
      () => undefined,
    );
  }

  async verify(token: string, audience: string): Promise<AuthInfo> {
    if (token.length > MAX_TOKEN_CHARS) throw new OAuthError(OAuthErrorCode.InvalidToken, 'Token too long');
    const metadata = await this.issuerMetadata().catch(() => {
      throw new OAuthError(OAuthErrorCode.ServerError, 'The authorization server cannot be reached');
    });
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keys(metadata), {
        issuer: metadata.issuer,
        audience,
        requiredClaims: ['exp', 'iss', 'aud'],
      }));
    } catch (error) {
      // The issuer's keys could not be fetched: the token may be good, the server cannot tell now.
      if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError))
        throw new OAuthError(OAuthErrorCode.ServerError, 'The authorization server keys cannot be read');
      throw new OAuthError(OAuthErrorCode.InvalidToken, reason(error));
    }
    return {
      token,
      // The client and the user: legacy sessions are bound to it and the rate limit counts by it, and one
      // host's client (ChatGPT registers one) serves many users, whose sessions must stay apart.
      clientId:
        typeof payload.sub === 'string' ? `${clientIdOf(payload)} ${payload.sub}`.slice(0, 512) : clientIdOf(payload),
      scopes: scopesOf(payload),
      expiresAt: payload.exp,
      resource: new URL(audience),
      extra: { ...(typeof payload.sub === 'string' && { sub: payload.sub }), issuer: metadata.issuer },
    };
  }

  private issuerMetadata(): Promise<IssuerMetadata> {
    const retryMs = this.options.retryMs ?? 10_000;
    if (this.metadata && !(this.failedAt && Date.now() - this.failedAt >= retryMs)) return this.metadata;
    this.failedAt = 0;
    this.metadata = discoverIssuer(new URL(this.options.issuer), {
      fetch: this.options.fetch,
      allowHttp: this.options.allowHttp,
      timeoutMs: this.options.timeoutMs ?? 5000,
    });
    this.metadata.catch((error: Error) => {
      this.failedAt = Date.now();
      this.options.onIssuerError?.(error);
    });
    return this.metadata;
  }

  private keys(metadata: IssuerMetadata) {
    this.jwks ??= createRemoteJWKSet(metadata.jwksUri, {
      timeoutDuration: this.options.timeoutMs ?? 5000,
      cooldownDuration: this.options.jwksCooldownMs ?? 30_000,
      cacheMaxAge: this.options.jwksMaxAgeMs ?? 10 * 60_000,
      ...(this.options.fetch && { [customFetch]: this.options.fetch }),
    });
    return this.jwks;
  }
}

/** A short, fixed reason per failure (never the token, never the peer's claim values). */
function reason(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'Token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'Token was not issued for this resource';
    if (error.claim === 'iss') return 'Token was not issued by the expected authorization server';
    return `Token claim ${error.claim} is not valid`;
  }
  if (error instanceof errors.JWKSNoMatchingKey) return 'Token is not signed by a key of the authorization server';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'Token signature is not valid';
  return 'Token could not be verified';
}

/** RFC 9068 `scope` (space-separated); `scp` (an array or a string) as Okta and Entra send it. */
function scopesOf(payload: JWTPayload): string[] {
  const raw = payload.scope ?? payload.scp;
  if (typeof raw === 'string') return raw.split(' ').filter(Boolean);
  if (Array.isArray(raw)) return raw.filter((s): s is string => typeof s === 'string');
  return [];
}

/** RFC 9068 `client_id`; `azp` (Keycloak, Auth0) otherwise; then the subject. */
function clientIdOf(payload: JWTPayload): string {
  for (const claim of ['client_id', 'azp', 'sub'] as const) {
    const value = payload[claim];
    if (typeof value === 'string' && value) return value.slice(0, 256);
  }
  return 'unknown';
}
