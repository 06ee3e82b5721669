import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Tests that need Postgres read GIFTGEN_TEST_DATABASE_URL: one given by the caller, else the
 * embedded Postgres that test/global-postgres.ts (vitest globalSetup) started
 * and make a database of their own per store or per file, dropped afterwards, so parallel
 * test files never share tables, change logs or NOTIFY channels (NOTIFY is per database).
 */
export const TEST_DATABASE_URL = process.env.GIFTGEN_TEST_DATABASE_URL || undefined;

export type PostgresProbe = { ok: true; url: string } | { ok: false; reason: string };

/** Whether a Postgres is reachable for tests, and why not. */
export async function probePostgres(): Promise<PostgresProbe> {
  if (!TEST_DATABASE_URL) {
    const problem = process.env.GIFTGEN_TEST_POSTGRES_PROBLEM;
    return {
      ok: false,
      reason: problem
        ? `no Postgres: ${problem}; or give one with GIFTGEN_TEST_DATABASE_URL=postgres://…`
        : 'GIFTGEN_TEST_DATABASE_URL is not set and the vitest globalSetup (test/global-postgres.ts) did not run: run through vitest.config.ts',
    };
  }
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { ok: true, url: TEST_DATABASE_URL };
  } catch (error) {
    return {
      ok: false,
      reason: `no Postgres reachable at GIFTGEN_TEST_DATABASE_URL (${redact(TEST_DATABASE_URL)}): ${(error as Error).message}`,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

export interface TestDatabase {
  url: string;
  name: string;
  /** Runs SQL as an admin on this database (e.g. to terminate connections). */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<pg.QueryResult<R>>;
  drop(): Promise<void>;
}

async function admin<T>(url: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh, empty database `giftgen_test_<random>` on the test server. */
export async function createTestDatabase(base = TEST_DATABASE_URL): Promise<TestDatabase> {
  if (!base) throw new Error('GIFTGEN_TEST_DATABASE_URL is not set');
  const name = `giftgen_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(base, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE template0`));
  const u = new URL(base);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    url,
    name,
    query: (sql, params) => admin(url, (c) => c.query(sql, params)),
    // FORCE (Postgres 13+) ends connections a crashed child may have left behind.
    drop: () => admin(base, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}
