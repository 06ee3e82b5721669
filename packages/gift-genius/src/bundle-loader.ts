import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

/** How the stdio command was loaded; logged once per start (`stdio_ready`). */
export interface LoadedFrom {
  loader: 'bundle' | 'modules';
  /** V8's verdict on the build-time code cache: another Node version or other V8 flags make it reject it. */
  codeCache: 'accepted' | 'rejected' | 'none';
  /** Why the bundle was not used although it is there (stale, or broken); the modules served instead. */
  bundleSkipped?: string;
}

/** What cli.ts needs of the bundle (stdio-bundle.ts) or, without it, of stdio-command.js. */
export type StdioCommandModule = Pick<typeof import('./stdio-bundle.js'), 'runStdioCommand'>;

const DIST = dirname(fileURLToPath(import.meta.url));
/** dist/bundle/stdio.cjs and its code cache, written by scripts/build-stdio.mjs. */
export const STDIO_BUNDLE = join(DIST, 'bundle', 'stdio.cjs');
export const codeCacheOf = (bundle: string) => `${bundle}.cache`;
/** The compiled modules (paths in dist/) the bundle and dist/early-answers.json were made from. */
export const BUNDLE_INPUTS = join(DIST, 'bundle', 'inputs.json');

/** Content fingerprint of a bundle input, as inputs.json records it. */
export const fingerprintOf = (file: string) => createHash('sha1').update(readFileSync(file)).digest('base64url');

/**
 * Whether the bundle (and the early answers, written in the same build step) were made from the
 * compiled modules as they are now. A `tsc` run alone (tsc --watch, say) rewrites dist/*.js but not
 * these; serving the stale copies would run old code. Fast path: every module is older than the
 * bundle (~45 stat calls). Else — an installed copy, whose files all carry the time npm unpacked
 * them, or a tsc rerun that changed nothing — each module's content is compared with the fingerprint
 * the build recorded (~190 KB hashed, under a millisecond). An inputs.json from before fingerprints
 * (a list of names) is judged on times alone.
 */
export function bundleIsCurrent(dist = DIST): boolean {
  try {
    const built = statSync(join(dist, 'bundle', 'stdio.cjs')).mtimeMs;
    const inputs = JSON.parse(readFileSync(join(dist, 'bundle', 'inputs.json'), 'utf8')) as
      | string[]
      | Record<string, string>;
    const files = Array.isArray(inputs) ? inputs : Object.keys(inputs);
    if (files.every((file) => statSync(join(dist, file)).mtimeMs <= built)) return true;
    return !Array.isArray(inputs) && files.every((file) => fingerprintOf(join(dist, file)) === inputs[file]);
  } catch {
    return false; // no bundle, or no list: nothing to trust
  }
}

/**
 * Runs a CommonJS bundle the way Node's own loader would (same wrapper, a require resolving from the
 * bundle's folder), but through vm.Script so V8 can take the code cache made at build time: no
 * compiling of ~2 MB of JavaScript at start. A cache V8 rejects (other Node version, other flags such
 * as --expose-gc, a stale file) only means compiling; a missing one too. Returns the Script as well,
 * for the build to write the cache with `createCachedData()`.
 */
export function runBundle<T>(
  file: string,
  cacheFile?: string,
): { exports: T; script: Script; codeCache: LoadedFrom['codeCache'] } {
  const source = readFileSync(file, 'utf8');
  let cachedData: Buffer | undefined;
  try {
    cachedData = cacheFile ? readFileSync(cacheFile) : undefined;
  } catch {
    cachedData = undefined; // built without one, or removed: compile
  }
  // No newline after the brace: line numbers in stack traces stay those of the bundle file, and its "use strict" stays the first statement.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    cachedData,
  });
  const module = { exports: {} as T };
  (script.runInThisContext() as (...args: unknown[]) => void)(
    module.exports,
    createRequire(file),
    module,
    file,
    dirname(file),
  );
  return {
    exports: module.exports,
    script,
    codeCache: cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted',
  };
}

/**
 * The stdio command, from the bundle when the build made one (`useBundle` false — GIFTGEN_STDIO_BUNDLE=0,
 * read by cli.ts — forces the plain modules), else from the ES modules beside this file. Same code either way: the bundle is
 * esbuild's copy of dist/stdio-bundle.js and what it imports.
 */
export async function loadStdioCommand(
  current: boolean,
  useBundle: boolean,
): Promise<{ command: StdioCommandModule; loadedFrom: LoadedFrom }> {
  let bundleSkipped: string | undefined;
  if (useBundle && existsSync(STDIO_BUNDLE)) {
    if (!current) bundleSkipped = 'dist/bundle is older than the modules it was built from: run npm run build';
    else {
      try {
        const bundle = runBundle<StdioCommandModule>(STDIO_BUNDLE, codeCacheOf(STDIO_BUNDLE));
        return { command: bundle.exports, loadedFrom: { loader: 'bundle', codeCache: bundle.codeCache } };
      } catch (error) {
        bundleSkipped = `the bundle failed to load: ${(error as Error).message}`;
      }
    }
  }
  return {
    command: await import('./stdio-command.js'),
    loadedFrom: { loader: 'modules', codeCache: 'none', ...(bundleSkipped && { bundleSkipped }) },
  };
}
