import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger } from '../observe/logger.js';
import { packagePath } from '../package-root.js';
import { databaseUrlProblem } from './database-url.js';
import { parseCatalogFile } from './parse.js';
import { SqliteCatalogStore } from './sqlite-store.js';
import type { CatalogStore } from './store.js';

/** The catalog authored in this repository, shipped with the package. */
export const BUNDLED_CATALOG = packagePath('catalog', 'gifts.json');

/** The first-start catalog: the bundled one, or GIFTGEN_SEED_FILE (JSON) for a deployment's own. */
export function loadBundledCatalog(path = process.env.GIFTGEN_SEED_FILE || BUNDLED_CATALOG) {
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
  /**
   * A `postgres://` URL: use the shared Postgres catalog instead of the embedded SQLite
   * file (defaults to env DATABASE_URL; an empty value means SQLite).
   */
  databaseUrl?: string;
}

/** Which store `openCatalog` would open, without opening it. */
export function catalogDatabaseUrl(options: OpenCatalogOptions = {}): string | undefined {
  return options.databaseUrl || process.env.DATABASE_URL || undefined;
}

/**
 * Opens the catalog — Postgres when a database URL is given (option or DATABASE_URL),
 * the embedded SQLite file in `dataDir` otherwise — creating, migrating and filling it
 * from the bundled catalog on first start.
 */
export async function openCatalog(dataDir: string, options: OpenCatalogOptions = {}): Promise<CatalogStore> {
  const databaseUrl = catalogDatabaseUrl(options);
  if (databaseUrl) {
    const problem = databaseUrlProblem(databaseUrl, options.databaseUrl ? 'the database URL' : 'DATABASE_URL');
    if (problem) throw new Error(problem);
    const log = createLogger();
    // Migration, and seeding of an empty catalog, happen under one advisory lock inside open().
    // Loaded only when asked for: pg is not needed on the embedded default.
    const { PostgresCatalogStore } = await import('./postgres-store.js');
    return PostgresCatalogStore.open(databaseUrl, {
      seed: () => loadBundledCatalog(),
      onError: (event, error) =>
        log.warn({ event, err: error.message }, 'catalog database connection problem (handled)'),
    });
  }
  const file = join(dataDir, 'giftgen.sqlite');
  let store: SqliteCatalogStore;
  try {
    store = new SqliteCatalogStore(file);
  } catch (error) {
    // SQLite's own words name no file ("unable to open database file").
    throw new Error(
      `the catalog file ${file} could not be opened (${(error as Error).message}): check the folder is writable, or choose another with --data`,
    );
  }
  await store.seedIfEmpty(() => loadBundledCatalog());
  return store;
}
