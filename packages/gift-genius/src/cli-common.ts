import { Command, InvalidArgumentError } from 'commander';
import { resolve } from 'node:path';
import { GiftGenApp } from './app.js';
import { defaultDataDir, openCatalog } from './catalog/open.js';
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
    .option('--max-subscriptions <n>', 'resources/subscribe URIs per connection or session', int('max subscriptions', 0, 1_000_000), 1000);

export async function startApp(options: CommonOptions) {
  const log = createLogger();
  const store = await openCatalog(resolve(options.data), { databaseUrl: options.databaseUrl });
  const app = new GiftGenApp({ store, log, toolConfigPath: options.toolsConfig && resolve(options.toolsConfig), pageSize: options.pageSize, maxSubscriptions: options.maxSubscriptions });
  await app.start();
  process.on('SIGHUP', () => app.reloadToolConfig('SIGHUP'));
  return { app, log };
}
