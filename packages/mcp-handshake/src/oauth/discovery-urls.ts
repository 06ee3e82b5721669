/**
 * Where metadata lives, as the RFCs and the TypeScript SDK place it. Pure.
 * RFC 9728 §3.1: the well-known segment is inserted between the host and the resource's path;
 * RFC 8414 §3.1 likewise for an issuer with a path; OpenID Connect Discovery appends it.
 */
const trim = (path: string) => (path.endsWith('/') ? path.slice(0, -1) : path);

/** The path-based PRM URL of an endpoint, and the root one (the same when the endpoint has no path). */
export function prmUrls(endpoint: string): { pathBased: string; root: string } {
  const url = new URL(endpoint);
  const path = url.pathname === '/' ? '' : trim(url.pathname);
  return {
    pathBased: `${url.origin}/.well-known/oauth-protected-resource${path}`,
    root: `${url.origin}/.well-known/oauth-protected-resource`,
  };
}

/** The SDK's authorization-server metadata URLs, in the order it tries them (buildDiscoveryUrls). */
export function asMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  if (url.pathname === '/')
    return [`${url.origin}/.well-known/oauth-authorization-server`, `${url.origin}/.well-known/openid-configuration`];
  const path = trim(url.pathname);
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

/** The SDK's resource check (checkResourceAllowed): same origin, and the endpoint's path within the PRM resource's. */
export function resourceAllows(endpoint: string, resource: string): boolean {
  let requested: URL;
  let configured: URL;
  try {
    requested = new URL(endpoint);
    configured = new URL(resource);
  } catch {
    return false;
  }
  if (requested.origin !== configured.origin) return false;
  const withSlash = (p: string) => (p.endsWith('/') ? p : `${p}/`);
  return withSlash(requested.pathname).startsWith(withSlash(configured.pathname));
}

/** The endpoint as RFC 8707 / the MCP spec canonicalise it: no fragment, scheme and host lower case, no trailing slash. */
export function canonicalResource(endpoint: string): string {
  const url = new URL(endpoint);
  url.hash = '';
  const path = url.pathname === '/' ? '' : trim(url.pathname);
  return `${url.origin}${path}${url.search}`;
}

/** The SDK's issuer comparison: equal, or equal but for the trailing slash of the URL it came from. */
export const issuerMatches = (fromUrl: string, issuer: unknown) =>
  typeof issuer === 'string' && (issuer === fromUrl || (fromUrl.endsWith('/') && issuer === fromUrl.slice(0, -1)));

/** Equal once both are normalised by the URL parser (VS Code's PRM check): no origin or parent path allowed. */
export function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).toString() === new URL(b).toString();
  } catch {
    return false;
  }
}
