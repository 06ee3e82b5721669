import { resolve } from 'node:path';
import { GiftGenApp } from './app.js';
import { openCatalog } from './catalog/open.js';
import { createLogger } from './observe/logger.js';
import { checkCatalogOptions, checkStartOptions, databaseUrlOf } from './startup/preflight.js';
import type { CommonOptions } from './cli-options.js';

/** What both programs share (commands.ts for every command, stdio-command.ts for the stdio start). */
export { int, list, newProgram, withCommon, defaultDataDir, type CommonOptions } from './cli-options.js';

/** The catalog named by --data / --database-url (or DATABASE_URL), checked first so mistakes read as sentences. */
export async function openCheckedCatalog(options: { data: string; databaseUrl?: string }) {
  checkCatalogOptions(options);
  return openCatalog(resolve(options.data), { databaseUrl: databaseUrlOf(options)?.url });
}

export async function startApp(options: CommonOptions) {
  await checkStartOptions(options);
  const log = createLogger();
  const store = await openCatalog(resolve(options.data), { databaseUrl: databaseUrlOf(options)?.url });
  const app = new GiftGenApp({ store, log, toolConfigPath: options.toolsConfig && resolve(options.toolsConfig), pageSize: options.pageSize });
  await app.start();
  process.on('SIGHUP', () => app.reloadToolConfig('SIGHUP'));
  return { app, log };
}
