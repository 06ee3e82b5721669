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
