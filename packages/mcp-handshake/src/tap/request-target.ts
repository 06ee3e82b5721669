/**
 * What the HTTP tap may forward, and what a request is. The tap is a reverse proxy for one
 * server: it must never become an open proxy for whoever reaches it (the README puts a tunnel in
 * front of it). Pure.
 */

export type Refusal = { refused: true; reason: string };

const DOT_SEGMENT = /(^|\/)(\.|%2e){2}(\/|$)/i;

/**
 * The upstream URL for a request target, or why it is refused. Only origin-form targets
 * (`/path?query`, RFC 9112 §3.2.1) are forwarded, always to `target`'s origin: an absolute-form
 * (`http://elsewhere/`), scheme-relative (`//elsewhere/`) or authority-form (CONNECT) target, a
 * backslash (which WHATWG URL parsing reads as a slash) and `..` segments are refused.
 */
export function upstreamUrlFor(requestTarget: string, method: string, target: URL): URL | Refusal {
  if (method === 'CONNECT') return { refused: true, reason: 'CONNECT is not forwarded (the tap is no tunnel)' };
  if (!requestTarget.startsWith('/'))
    return { refused: true, reason: 'only a path is forwarded, not an absolute URL or another form of target' };
  if (requestTarget.startsWith('//'))
    return { refused: true, reason: 'a target starting with // would name another host' };
  if (/\\|%5c/i.test(requestTarget)) return { refused: true, reason: 'a backslash in the path' };
  const path = requestTarget.split(/[?#]/, 1)[0];
  if (DOT_SEGMENT.test(path)) return { refused: true, reason: 'a ".." segment in the path' };
  let url: URL;
  try {
    url = new URL(requestTarget, target.origin);
  } catch {
    return { refused: true, reason: 'not a valid path' };
  }
  // Belt and braces: whatever the parser made of it, it must still be the target's origin.
  if (url.origin !== target.origin) return { refused: true, reason: `it resolves to ${url.origin}` };
  return url;
}

/** What a request through the tap is, for the recording: MCP traffic, the OAuth handshake before it, or neither. */
export type Traffic = 'mcp' | 'oauth' | 'other';

const OAUTH_PATHS = [
  /^\/\.well-known\/oauth-protected-resource(\/|$)/,
  /^\/\.well-known\/oauth-authorization-server(\/|$)/,
  /^\/\.well-known\/openid-configuration(\/|$)/,
  /\/\.well-known\/openid-configuration$/,
];

export function trafficOf(method: string, url: URL, target: URL, headers: Record<string, string>): Traffic {
  if (OAUTH_PATHS.some((p) => p.test(url.pathname))) return 'oauth';
  if (headers['mcp-session-id'] !== undefined) return 'mcp';
  if (url.pathname === target.pathname || url.searchParams.has('sessionId')) {
    if (method === 'POST' || method === 'DELETE') return 'mcp';
    if (method === 'GET' && (headers.accept ?? '').includes('text/event-stream')) return 'mcp';
  }
  if (method === 'POST' && (headers['content-type'] ?? '').includes('application/json')) return 'mcp';
  return 'other';
}
