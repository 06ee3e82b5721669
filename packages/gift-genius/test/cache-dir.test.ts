import envPaths from 'env-paths';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userCacheDir } from '../dist/startup/cache-dir.js';

/**
 * A stdio start finds its per-user code cache without loading env-paths (startup/cache-dir.ts): the
 * folder must stay the one env-paths names, on each platform it knows, with and without the variables
 * it reads.
 */
describe('the per-user cache folder', () => {
  afterEach(() => vi.unstubAllEnvs());

  const cases: Array<[NodeJS.Platform, Record<string, string>]> = [
    ['linux', {}],
    ['linux', { XDG_CACHE_HOME: '/tmp/xdg-cache' }],
    ['linux', { XDG_CACHE_HOME: '' }],
    ['darwin', {}],
    ['win32', {}],
    ['win32', { LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local' }],
  ];

  // env-paths reads process.platform and process.env when called: both are stubbed for it.
  it.each(cases)('on %s with %o: the folder env-paths names', (platform, vars) => {
    vi.stubEnv('XDG_CACHE_HOME', undefined);
    vi.stubEnv('LOCALAPPDATA', undefined);
    for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
    const real = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { ...real, value: platform });
    try {
      const expected = envPaths('gift-genius', { suffix: '' }).cache;
      expect(userCacheDir(process.env, platform)).toBe(expected);
    } finally {
      Object.defineProperty(process, 'platform', real);
    }
  });
});
