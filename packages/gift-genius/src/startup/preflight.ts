import { resolve } from 'node:path';
import { databaseUrlProblem } from '../catalog/database-url.js';
import type { CommonOptions } from '../cli-options.js';
import { checkDataDir } from './data-dir.js';
import { checkToolsConfig } from './tools-config.js';

/**
 * What a start checks before it serves (stdio before it reads a line): the store's URL or the
 * data folder, and the tools config. Each problem throws one sentence naming the thing and the
 * fix; cli.ts prints it on stderr and exits 1. `fromEnv` is DATABASE_URL, as the CLI read it
 * (ServerSettings).
 */
export function databaseUrlOf(
  options: { databaseUrl?: string },
  fromEnv: string | undefined,
): { url: string; source: string } | undefined {
  if (options.databaseUrl) return { url: options.databaseUrl, source: '--database-url' };
  if (fromEnv) return { url: fromEnv, source: 'DATABASE_URL' };
  return undefined;
}

export function checkCatalogOptions(
  options: { data: string; databaseUrl?: string },
  fromEnv: string | undefined,
): void {
  const database = databaseUrlOf(options, fromEnv);
  if (database) {
    const problem = databaseUrlProblem(database.url, database.source);
    if (problem) throw new Error(problem);
  } else checkDataDir(resolve(options.data));
}

export async function checkStartOptions(options: CommonOptions, databaseUrlFromEnv: string | undefined): Promise<void> {
  checkCatalogOptions(options, databaseUrlFromEnv);
  if (options.toolsConfig) await checkToolsConfig(resolve(options.toolsConfig));
}
