import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The per-user cache folder, where env-paths puts it (`envPaths('gift-genius', { suffix: '' }).cache`;
 * test/cache-dir.test.ts holds the two equal). Computed here because a stdio start asks for it before
 * anything else is loaded, on every Node but the one that built the bundle: importing env-paths (an
 * ES module package, with is-safe-filename) cost 7–9 ms of a Node 24.22 start, measured in-process.
 */
export function userCacheDir(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const name = 'gift-genius';
  if (platform === 'darwin') return join(home, 'Library', 'Caches', name);
  if (platform === 'win32') return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), name, 'Cache');
  return join(env.XDG_CACHE_HOME || join(home, '.cache'), name);
}
