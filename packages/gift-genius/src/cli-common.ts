import { Command, InvalidArgumentError } from 'commander';
import { resolve } from 'node:path';
import { GiftGenApp } from './app.js';
import { DeferredStore } from './catalog/deferred-store.js';
import { catalogDatabaseUrl, defaultDataDir, openCatalog } from './catalog/open.js';
import { isTransient, openWithRetry, redactUrl } from './catalog/open-retry.js';
import { RateLimitedLog } from './observe/rate-limited-log.js';
import { createLogger } from './observe/logger.js';
import { SERVER_VERSION } from './version.js';

/** What both programs share (commands.ts for every command, stdio-command.ts for the stdio start). */
export const int = (name: string, min: number, max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`${name} must be an integer from ${min} to ${max}`);
  return n;
};
export const list = (value: string) => value.split(',').map((s) => s.trim()).filter(Boolean);

export interface CommonOptions {
  data: string;
  databaseUrl?: string;
  toolsConfig?: string;
  pageSize: number;
  maxSubscriptions: number;
}

export const newProgram = () =>
  new Command()
    .name('gift-genius')
    .description('GiftGen MCP server: gift ideas for ChatGPT, Claude, VS Code and any MCP host')
    .version(SERVER_VERSION);

export const withCommon = (command: Command) =>
  command
    .option('--data <dir>', 'folder of the embedded SQLite catalog (env GIFTGEN_DATA_DIR)', defaultDataDir())
    .option('--database-url <url>', 'postgres:// URL of a shared catalog for many instances, instead of SQLite (env DATABASE_URL)')
    .option('--tools-config <file>', 'JSON file choosing the tools and their wording; watched, and re-read on SIGHUP (env GIFTGEN_TOOLS_CONFIG)', process.env.GIFTGEN_TOOLS_CONFIG)
    .option('--page-size <n>', 'resources/list page size', int('page size', 1, 1000), 50)
    .option(
      '--max-subscriptions <n>',
      'resources/subscribe URIs per connection or session',
      int('max subscriptions', 0, 1_000_000),
      100,
    );

/**
 * The app on its catalog. A Postgres that cannot be reached at start is waited for (retried with
 * backoff, logged at a bounded rate, naming Postgres and the URL without its password): the app is
 * returned at once meanwhile, on a store that fails every read (so /healthz says 503), and takes
 * the real store when it opens. Anything else that stops the catalog opening ends the start.
 */
export async function startApp(options: CommonOptions) {
  const log = createLogger();
  const dataDir = resolve(options.data);
  const databaseUrl = catalogDatabaseUrl({ databaseUrl: options.databaseUrl });
  const open = () => openCatalog(dataDir, { databaseUrl });
  const first = await open().catch((error: Error) => error);
  if (first instanceof Error && !(databaseUrl && isTransient(first))) throw first;
  const store = first instanceof Error ? new DeferredStore('postgres') : first;
  const app = new GiftGenApp({
    store,
    log,
    toolConfigPath: options.toolsConfig && resolve(options.toolsConfig),
    pageSize: options.pageSize,
    maxSubscriptions: options.maxSubscriptions,
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
      `waiting for Postgres at ${url}: ${error.message}`,
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
      log.fatal(fields, `cannot open the catalog at ${url}`);
      process.exit(1);
    });
  return { app, log };
}
