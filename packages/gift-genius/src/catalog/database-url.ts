/**
 * The form of a catalog database URL, checked before anything connects: pg would read
 * `not-a-url` as a host name (`getaddrinfo ENOTFOUND base`) and take `mysql://…` for Postgres.
 * Pure: `source` is how the user gave it (`--database-url` or `DATABASE_URL`), for the message.
 */
const EXAMPLE = 'postgres://user:password@host:5432/database';
const POSTGRES_SCHEMES = new Set(['postgres:', 'postgresql:']);

/** Why `url` cannot be a Postgres catalog URL, as a sentence with the fix; undefined when it can. */
export function databaseUrlProblem(url: string, source: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${source} is not a URL: give one like ${EXAMPLE}, or leave it unset for the embedded SQLite catalog`;
  }
  if (!POSTGRES_SCHEMES.has(parsed.protocol)) {
    return `${source} is a ${parsed.protocol}// URL, but the shared catalog must be Postgres: give a postgres:// URL (${EXAMPLE}), or leave it unset for the embedded SQLite catalog`;
  }
  return undefined;
}

/** A database URL with its password masked, for messages and logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * A failure to reach or use the catalog database as one sentence: the setting it came from (`source`:
 * `--database-url` or `DATABASE_URL`), the target (password masked), what went wrong in words, and the
 * likely fix; the driver's own text stays at the end, for a search. Pure: it reads the error's `code`
 * (a node socket code or a Postgres SQLSTATE) and message.
 */
export function databaseProblem(error: unknown, source: string, url: string): string {
  const e = error as { code?: string; message?: string };
  const message = e.message ?? String(error);
  let host = '?';
  let port = '5432';
  let user = '';
  let database = '';
  try {
    const u = new URL(url);
    host = u.hostname || 'localhost';
    port = u.port || '5432';
    user = decodeURIComponent(u.username);
    database = decodeURIComponent(u.pathname.slice(1));
  } catch {
    /* worded with what is known */
  }
  const where = `${source} (${redactDatabaseUrl(url)})`;
  const said = (what: string, fix: string) => `the catalog database at ${where} ${what}: ${fix} (${message})`;
  switch (e.code) {
    case 'ECONNREFUSED':
      return said(
        `refused the connection: nothing listens on ${host}:${port}`,
        `start Postgres there, or correct the host and port in ${source}`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return said(`cannot be found: the host name ${host} does not resolve`, `correct the host in ${source}`);
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return said(
        `cannot be reached (${e.code})`,
        `check that ${host}:${port} is reachable from here (network, firewall), or correct ${source}`,
      );
    case '28P01':
    case '28000':
      return said(
        `refused the login${user ? ` of user ${user}` : ''}`,
        `correct the user name and password in ${source} (or the server's pg_hba.conf)`,
      );
    case '3D000':
      return said(
        `has no database ${database || '(none named)'}`,
        `create it (createdb ${database || 'giftgen'}), or name an existing one in ${source}`,
      );
    case '53300':
      return said('has no connection slot left', 'lower GIFTGEN_PG_POOL_MAX, or raise max_connections on the server');
    case '57P03':
      return said('is starting up or shutting down', 'wait for it, or check the server');
  }
  if (/timeout/i.test(message))
    return said(
      'did not answer in time',
      `check that ${host}:${port} is reachable and Postgres is up, or correct ${source}`,
    );
  if (/terminated unexpectedly|ECONNRESET|closed the connection/i.test(message))
    return said('closed the connection', 'check that Postgres is up (its log says why it closed), then try again');
  if (/ssl|certificate/i.test(message))
    return said('failed to set up TLS', `set sslmode in ${source} as the server requires (e.g. ?sslmode=require)`);
  return said('cannot be used', `check ${source}`);
}
