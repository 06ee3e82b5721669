import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The gift-genius package folder, found by walking up from this module to the
 * package.json named gift-genius. Files shipped beside the code (the catalog, the
 * widget's browser script) are found from here, so they resolve the same from
 * dist/*.js and from the bundled dist/bundle/stdio.cjs.
 */
export const PACKAGE_ROOT: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'gift-genius'
    )
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('gift-genius: cannot find its package folder');
    dir = parent;
  }
})();

export const packagePath = (...parts: string[]) => join(PACKAGE_ROOT, ...parts);
