import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { type AppOptions, GiftGenApp } from './app.js';
import { databaseProblem } from './catalog/database-url.js';
import { DeferredStore } from './catalog/deferred-store.js';
import { type OpenCatalogOptions, openCatalog } from './catalog/open.js';
import { isTransient, openWithRetry, redactUrl } from './catalog/open-retry.js';
import type { CommonOptions } from './cli-options.js';
import { createLogger, prettyDestination } from './observe/logger.js';
import { RateLimitedLog } from './observe/rate-limited-log.js';
import { readServerSettings, type ServerSettings } from './settings.js';
import { checkCatalogOptions, checkStartOptions, databaseUrlOf } from './startup/preflight.js';

/** What both programs share (commands.ts for every command, stdio/command.ts for the stdio start). */
export { type CommonOptions, defaultDataDir, int, list, newProgram, withCommon } from './cli-options.js';

/** The environment, read once for every command of this process (nothing below the CLI reads it). */
export const settings: ServerSettings = readServerSettings(process.env);

const catalogOptions = (options: { databaseUrl?: string }, log?: Logger): OpenCatalogOptions => ({
  databaseUrl: databaseUrlOf(options, settings.databaseUrl)?.url,
  seedFile: settings.seedFile,
  poolMax: settings.pgPoolMax,
  log,
});

/** The catalog named by --data / --database-url (or DATABASE_URL), checked first so mistakes read as sentences. */
export async function openCheckedCatalog(options: { data: string; databaseUrl?: string }) {
  checkCatalogOptions(options, settings.databaseUrl);
  return openCatalog(resolve(options.data), catalogOptions(options)).catch((error: Error) => {
    throw worded(error, options);
  });
}

/** A database failure as the sentence naming the setting, the target and the fix; anything else as it is. */
export function worded(error: Error, options: { databaseUrl?: string }): Error {
  const database = databaseUrlOf(options, settings.databaseUrl);
  if (!database || error.message.startsWith('the database has schema migrations')) return error;
  return new Error(databaseProblem(error, database.source, database.url));
}

/**
 * The app on its catalog. A Postgres that cannot be reached at start is waited for (retried with
 * backoff, logged at a bounded rate, naming Postgres and the URL without its password): the app is
 * returned at once meanwhile, on a store that fails every read (so /healthz says 503), and takes
 * the real store when it opens. Anything else that stops the catalog opening ends the start.
 */
export async function startApp(options: CommonOptions, extra: Pick<AppOptions, 'toolScopes'> = {}) {
  await checkStartOptions(options, settings.databaseUrl);
  // JSON lines for machines (a host's pipe, a log shipper); readable lines for a person at a terminal.
  const pretty = settings.logFormat === 'pretty' || (settings.logFormat === undefined && process.stderr.isTTY === true);
  const log = createLogger(settings.logLevel, pretty ? await prettyDestination() : undefined);
  const dataDir = resolve(options.data);
  const opening = catalogOptions(options, log);
  const databaseUrl = opening.databaseUrl;
  const open = () => openCatalog(dataDir, opening);
  const first = await open().catch((error: Error) => error);
  if (first instanceof Error && !(databaseUrl && isTransient(first))) throw worded(first, options);
  const store = first instanceof Error ? new DeferredStore('postgres') : first;
  const app = new GiftGenApp({
    store,
    log,
    toolConfigPath: options.toolsConfig && resolve(options.toolsConfig),
    pageSize: options.pageSize,
    maxSubscriptions: options.maxSubscriptions,
    settings,
    toolScopes: extra.toolScopes,
  });
  process.on('SIGHUP', () => app.reloadToolConfig('SIGHUP'));
  if (!(store instanceof DeferredStore)) {
    await app.start();
    return { app, log };
  }
  const url = redactUrl(databaseUrl!);
  const waiting = new RateLimitedLog(log, 10_000);
  const report = (attempt: number, delayMs: number, error: Error) =>
    waiting.warn(
      { event: 'catalog_waiting', store: 'postgres', database: url, attempt, retryInMs: delayMs, err: error.message },
      `waiting for Postgres: ${worded(error, options).message}`,
    );
  report(1, 0, first as Error);
  void openWithRetry(open, (r) => report(r.attempt + 1, r.delayMs, r.error))
    .then(async (opened) => {
      store.attach(opened);
      await app.start();
      const fields = { event: 'catalog_connected', store: 'postgres', database: url, items: app.gifts.length };
      log.info(fields, `connected to Postgres at ${url}`);
    })
    .catch((error: Error) => {
      const fields = { event: 'catalog_open_failed', store: 'postgres', database: url, err: error.message };
      log.fatal(fields, worded(error, options).message);
      process.exit(1);
    });
  return { app, log };
}
