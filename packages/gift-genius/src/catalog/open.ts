import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { createLogger } from '../observe/logger.js';
import { packagePath } from '../package-root.js';
import { catalogLinkProblem, SQLITE_FILE } from '../startup/data-dir.js';
import { databaseUrlProblem } from './database-url.js';
import { parseCatalogFile } from './parse.js';
import { SqliteCatalogStore } from './sqlite-store.js';
import type { CatalogStore } from './store.js';

/** The catalog authored in this repository, shipped with the package. */
export const BUNDLED_CATALOG = packagePath('catalog', 'gifts.json');

/** The first-start catalog: the bundled one, or a deployment's own JSON file (GIFTGEN_SEED_FILE, read by the CLI). */
export function loadBundledCatalog(path: string = BUNDLED_CATALOG) {
  const outcome = parseCatalogFile(readFileSync(path, 'utf8'), 'json');
  if (!outcome.ok) {
    const detail =
      outcome.fileError ??
      outcome.errors
        .slice(0, 5)
        .map((e) => `row ${e.row} (${e.id}): ${e.problems.join('; ')}`)
        .join('\n');
    throw new Error(`the seed catalog ${path} is invalid:\n${detail}`);
  }
  return outcome.gifts;
}

export interface OpenCatalogOptions {
  /** A `postgres://` URL: the shared Postgres catalog instead of the embedded SQLite file (empty: SQLite). */
  databaseUrl?: string;
  /** The first-start catalog file, when not the bundled one. */
  seedFile?: string;
  /** Postgres connections per process. */
  poolMax?: number;
  /** Where handled Postgres connection problems are logged (default: a new logger at info). */
  log?: Logger;
}

/**
 * Opens the catalog — Postgres when a database URL is given,
 * the embedded SQLite file in `dataDir` otherwise — creating, migrating and filling it
 * from the bundled catalog on first start.
 */
export async function openCatalog(dataDir: string, options: OpenCatalogOptions = {}): Promise<CatalogStore> {
  const { databaseUrl } = options;
  const seed = () => loadBundledCatalog(options.seedFile);
  if (databaseUrl) {
    const problem = databaseUrlProblem(databaseUrl, 'the database URL');
    if (problem) throw new Error(problem);
    const log = options.log ?? createLogger('info');
    // Migration, and seeding of an empty catalog, happen under one advisory lock inside open().
    // Loaded only when asked for: pg is not needed on the embedded default.
    const { PostgresCatalogStore } = await import('./postgres-store.js');
    return PostgresCatalogStore.open(databaseUrl, {
      seed,
      poolMax: options.poolMax,
      onError: (event, error) =>
        log.warn({ event, err: error.message }, 'catalog database connection problem (handled)'),
    });
  }
  const file = join(dataDir, SQLITE_FILE);
  const linked = catalogLinkProblem(file);
  if (linked) throw new Error(linked);
  let store: SqliteCatalogStore;
  try {
    store = new SqliteCatalogStore(file);
  } catch (error) {
    // SQLite's own words name no file ("unable to open database file").
    throw new Error(
      `the catalog file ${file} could not be opened (${(error as Error).message}): check the folder is writable, or choose another with --data`,
    );
  }
  await store.seedIfEmpty(seed);
  return store;
}
