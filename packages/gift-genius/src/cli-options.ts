import { resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import envPaths from 'env-paths';
import { SERVER_VERSION } from './version.js';

/** The options every catalog-serving command shares (serve, stdio), defined without loading the server. */
export const int = (name: string, min: number, max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new InvalidArgumentError(`${name} must be an integer from ${min} to ${max}`);
  return n;
};
export const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export interface CommonOptions {
  data: string;
  databaseUrl?: string;
  toolsConfig?: string;
  pageSize: number;
  maxSubscriptions: number;
}

/**
 * Where the embedded catalog lives without --data: GIFTGEN_DATA_DIR, else the user's data folder by
 * the platform's convention (env-paths: ~/.local/share/gift-genius on Linux, ~/Library/Application
 * Support/gift-genius on macOS, %LOCALAPPDATA%\gift-genius\Data on Windows), never the working
 * directory, which a host chooses (often `/`).
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.GIFTGEN_DATA_DIR || envPaths('gift-genius', { suffix: '' }).data);
}

/** Commander's usage errors in the same one-line form as ours (`gift-genius: unknown option '--dta' (Did you mean --data?)`). */
const oneLine = (text: string) =>
  `gift-genius: ${text
    .trim()
    .replace(/^error: /, '')
    .replace(/\s*\n\s*/g, ' ')}\n`;

/** Exit statuses, as mcp-handshake's: sysexits' EX_USAGE for a command line that cannot be run. */
export const EXIT = { ok: 0, failed: 1, usage: 64, interrupted: 130 } as const;

/**
 * The program. A usage error (an unknown option, a value out of range, a missing argument) is thrown
 * as commander's error after its one line is written (`exitOverride`): cli.ts ends with EXIT.usage.
 */
export const newProgram = () =>
  new Command()
    .name('gift-genius')
    .description('GiftGen MCP server: gift ideas for ChatGPT, Claude, VS Code and any MCP host')
    .version(SERVER_VERSION)
    .configureOutput({ outputError: (text, write) => write(oneLine(text)) })
    .exitOverride()
    .addHelpText(
      'after',
      '\nExit codes: 0 done, 1 something to fix (the message says what), 64 usage error, 130 interrupted (Ctrl-C).',
    );

/** Commander's own errors (usage, or help and version shown): their line is written already; the status to end with. */
export function commanderExit(error: unknown): number | undefined {
  const e = error as { code?: unknown; exitCode?: unknown };
  if (typeof e?.code !== 'string' || !e.code.startsWith('commander.')) return undefined;
  return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
}

export const dataOption = (
  command: Command,
  description = 'folder of the embedded SQLite catalog (env GIFTGEN_DATA_DIR)',
) => command.option('--data <dir>', description, defaultDataDir());

export const databaseUrlOption = (command: Command) =>
  command.option(
    '--database-url <url>',
    'postgres:// URL of a shared catalog for many instances, instead of SQLite (env DATABASE_URL)',
  );

export const withCommon = (command: Command) =>
  databaseUrlOption(dataOption(command))
    .option(
      '--tools-config <file>',
      'JSON file choosing the tools and their wording; watched, and re-read on SIGHUP (env GIFTGEN_TOOLS_CONFIG)',
      process.env.GIFTGEN_TOOLS_CONFIG,
    )
    .option('--page-size <n>', 'resources/list page size', int('page size', 1, 1000), 50)
    .option(
      '--max-subscriptions <n>',
      'resources/subscribe URIs per connection or session',
      int('max subscriptions', 0, 1_000_000),
      100,
    );
