import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleIsCurrent, fingerprintOf } from '../dist/stdio/loader.js';
import { tempDir } from './harness.js';

/**
 * An installed copy carries the time npm unpacked each file, in no useful order: the bundle can be
 * "older" than the modules it was made from. Then the fingerprints the build recorded decide: same
 * content, the bundle is used (an installed gift-genius started from the modules with a warning
 * before); changed content (a tsc-only rebuild), it is not.
 */
describe('bundle freshness by content', () => {
  function distWith(files: Record<string, string>) {
    const dist = tempDir();
    mkdirSync(join(dist.path, 'bundle'));
    for (const [file, text] of Object.entries({ 'bundle/stdio.cjs': 'bundle', ...files }))
      writeFileSync(join(dist.path, file), text);
    const inputs = Object.fromEntries(Object.keys(files).map((f) => [f, fingerprintOf(join(dist.path, f))]));
    writeFileSync(join(dist.path, 'bundle', 'inputs.json'), JSON.stringify(inputs));
    const at = (f: string, seconds: number) => utimesSync(join(dist.path, f), seconds, seconds);
    return { dist, at };
  }

  it('a module newer than the bundle with the content it was built from: current (an installed copy)', () => {
    const { dist, at } = distWith({ 'server.js': 'export const a = 1;', 'cli.js': 'export const b = 2;' });
    try {
      at('bundle/stdio.cjs', 1000);
      at('server.js', 2000);
      expect(bundleIsCurrent(dist.path)).toBe(true);
      writeFileSync(join(dist.path, 'server.js'), 'export const a = 3;');
      expect(bundleIsCurrent(dist.path)).toBe(false);
      writeFileSync(join(dist.path, 'server.js'), 'export const a = 1;');
      expect(bundleIsCurrent(dist.path)).toBe(true); // a rebuild that changed nothing
    } finally {
      dist.remove();
    }
  });

  it('the real build records a fingerprint for every module it bundled', async () => {
    const { readFileSync } = await import('node:fs');
    const { BUNDLE_INPUTS } = await import('../dist/stdio/loader.js');
    const inputs = JSON.parse(readFileSync(BUNDLE_INPUTS, 'utf8')) as Record<string, string>;
    expect(Object.keys(inputs)).toContain('stdio/command.js');
    expect(Object.keys(inputs)).toContain('../package.json');
    expect(bundleIsCurrent()).toBe(true);
  });

  // Moved from the early-answer tests (removed with the early answer): the same check, on times alone.
  it('a bundle older than a module it was built from is not used (a tsc-only rebuild)', () => {
    const dist = tempDir();
    try {
      mkdirSync(join(dist.path, 'bundle'), { recursive: true });
      mkdirSync(join(dist.path, 'stdio'));
      for (const f of ['bundle/stdio.cjs', 'server.js', 'stdio/serve.js']) writeFileSync(join(dist.path, f), '');
      writeFileSync(join(dist.path, 'bundle', 'inputs.json'), JSON.stringify(['server.js', 'stdio/serve.js']));
      const at = (f: string, seconds: number) => utimesSync(join(dist.path, f), seconds, seconds);
      at('server.js', 1000);
      at('stdio/serve.js', 1000);
      at('bundle/stdio.cjs', 2000);
      expect(bundleIsCurrent(dist.path)).toBe(true);
      at('stdio/serve.js', 3000);
      expect(bundleIsCurrent(dist.path)).toBe(false);
      expect(bundleIsCurrent(join(dist.path, 'nowhere'))).toBe(false);
    } finally {
      dist.remove();
    }
  });
});
