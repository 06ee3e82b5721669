/** The system or TLS error code under a failed fetch or spawn (ECONNREFUSED, ENOTFOUND, ENOENT, CERT_HAS_EXPIRED…). */
export function errorCodeOf(error: unknown): { errorCode?: string } {
  const e = error as { code?: unknown; cause?: { code?: unknown; cause?: { code?: unknown } } };
  const code = e.cause?.code ?? e.cause?.cause?.code ?? e.code;
  return typeof code === 'string' ? { errorCode: code } : {};
}

/**
 * fetch() refuses the Fetch standard's "bad ports" (1, 6000, 10080…) without connecting, so it cannot tell
 * whether anything listens there. A plain TCP connect can: the root cause is then the real one
 * (connection refused), with the bad port said too.
 */
export async function badPortCause(
  url: string,
  error: unknown,
): Promise<{ errorCode?: string; raw?: string } | undefined> {
  const e = error as { cause?: { message?: unknown } };
  if (e.cause?.message !== 'bad port') return undefined;
  const { hostname, port, protocol } = new URL(url);
  const { connect } = await import('node:net');
  const code = await new Promise<string | undefined>((resolve) => {
    const socket = connect({
      host: hostname.replace(/^\[|\]$/g, ''),
      port: Number(port || (protocol === 'https:' ? 443 : 80)),
    });
    const done = (c: string | undefined) => {
      socket.destroy();
      resolve(c);
    };
    socket.setTimeout(2000, () => done('ETIMEDOUT'));
    socket.once('connect', () => done(undefined));
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code));
  });
  const note = `port ${port} is a "bad port" fetch clients refuse to use (the Fetch standard's port blocking)`;
  return code
    ? { errorCode: code, raw: `${code}: nothing accepts connections there; besides, ${note}` }
    : { errorCode: 'ERR_BAD_PORT', raw: `something listens, but ${note}` };
}
