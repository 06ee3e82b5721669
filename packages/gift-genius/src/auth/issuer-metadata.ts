import * as oauth from 'oauth4webapi';

/** What the resource server needs of its authorization server's metadata. */
export interface IssuerMetadata {
  issuer: string;
  jwksUri: URL;
  /** Where the metadata was read (RFC 8414 or OpenID discovery), for the log. */
  from: 'oauth2' | 'oidc';
}

/**
 * The issuer's metadata as RFC 8414 places it (path inserted after /.well-known/), else OpenID
 * Connect Discovery's (path appended): oauth4webapi builds both URLs and refuses a document whose
 * `issuer` is not the one asked for (RFC 8414 §3.3), so a token's `iss` can be matched against it.
 */
export async function discoverIssuer(
  issuer: URL,
  options: { fetch?: typeof fetch; allowHttp: boolean; timeoutMs: number },
): Promise<IssuerMetadata> {
  const problems: string[] = [];
  for (const algorithm of ['oauth2', 'oidc'] as const) {
    try {
      const response = await oauth.discoveryRequest(issuer, {
        algorithm,
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.fetch && { [oauth.customFetch]: options.fetch }),
        ...(options.allowHttp && { [oauth.allowInsecureRequests]: true }),
      });
      const metadata = await oauth.processDiscoveryResponse(issuer, response);
      if (typeof metadata.jwks_uri !== 'string') {
        problems.push(`${algorithm}: the metadata has no jwks_uri`);
        continue;
      }
      return { issuer: metadata.issuer, jwksUri: new URL(metadata.jwks_uri), from: algorithm };
    } catch (error) {
      problems.push(`${algorithm}: ${(error as Error).message}`);
    }
  }
  throw new Error(`cannot read the metadata of the authorization server ${issuer.href} (${problems.join('; ')})`);
}
