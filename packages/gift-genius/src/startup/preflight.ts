import { resolve } from 'node:path';
import { databaseUrlProblem } from '../catalog/database-url.js';
import type { CommonOptions } from '../cli-options.js';
import { checkDataDir } from './data-dir.js';
import { checkToolsConfig } from './tools-config.js';

/**
 * What a start checks before it serves (stdio before it reads a line): the store's URL or the
 * data folder, and the tools config. Each problem throws one
 * sentence naming the thing and the fix; cli.ts prints it on stderr and exits 1. Reads
 * process.env.DATABASE_URL as openCatalog does (this is the CLI's side of the boundary).
 */
export function databaseUrlOf(options: { databaseUrl?: string }): { url: string; source: string } | undefined {
  if (options.databaseUrl) return { url: options.databaseUrl, source: '--database-url' };
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, source: 'DATABASE_URL' };
  return undefined;
}

export function checkCatalogOptions(options: { data: string; databaseUrl?: string }): void {
  const database = databaseUrlOf(options);
  if (database) {
    const problem = databaseUrlProblem(database.url, database.source);
    if (problem) throw new Error(problem);
  } else checkDataDir(resolve(options.data));
}

export async function checkStartOptions(options: CommonOptions): Promise<void> {
  checkCatalogOptions(options);
  if (options.toolsConfig) await checkToolsConfig(resolve(options.toolsConfig));
}
