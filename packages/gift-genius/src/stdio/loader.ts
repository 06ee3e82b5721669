import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import type { LoadedFrom } from './loaded-from.js';

/** What cli.ts needs of the bundle (bundle.ts) or, without it, of command.js. */
export type StdioCommandModule = Pick<typeof import('./command.js'), 'runStdioCommand'>;

const DIST = dirname(dirname(fileURLToPath(import.meta.url)));
/** dist/bundle/stdio.cjs and its code cache, written by scripts/build-stdio.mjs. */
export const STDIO_BUNDLE = join(DIST, 'bundle', 'stdio.cjs');
export const codeCacheOf = (bundle: string) => `${bundle}.cache`;
/** The compiled modules (paths in dist/) the bundle was made from. */
export const BUNDLE_INPUTS = join(DIST, 'bundle', 'inputs.json');

/**
 * Content fingerprint of a bundle input, as inputs.json records it. node:crypto is required here, not
 * imported: a start from the repository never needs it, and loading it costs ~3 ms of a stdio start.
 */
export const fingerprintOf = (file: string) =>
  (createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto'))
    .createHash('sha1')
    .update(readFileSync(file))
    .digest('base64url');

/**
 * Whether the bundle was made from the compiled modules as they are now. A `tsc` run alone (tsc
 * --watch, say) rewrites dist/*.js but not the bundle; serving the stale copy would run old code.
 * Fast path: every module is older than the bundle (~45 stat calls). Else — an installed copy,
 * whose files all carry the time npm unpacked them, or a tsc rerun that changed nothing — each
 * module's content is compared with the fingerprint the build recorded (~190 KB hashed, under a
 * millisecond). An inputs.json from before fingerprints (a list of names) is judged on times alone.
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
 * bundle's folder), but through vm.Script so V8 can take the code cache made at build time: Node 20
 * has no compile cache of its own, and compiling ~2 MB of JavaScript costs ~40 ms of a ~150 ms start.
 * A cache V8 rejects (other Node version, other flags such as --expose-gc, a stale file) only means
 * compiling; a missing one too. Returns the Script as well, for the build to write the cache with
 * `createCachedData()`.
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

/** `module.enableCompileCache` (Node 22.1+); @types/node 20 does not know it. */
type EnableCompileCache = (directory: string) => { status: number; message?: string };
const enableCompileCache = (Module as unknown as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
/** module.constants.compileCacheStatus: ENABLED 1, ALREADY_ENABLED 2 (NODE_COMPILE_CACHE set), FAILED 0, DISABLED 3. */
const COMPILE_CACHE_ON = new Set([1, 2]);

/**
 * Node's own compile cache (22.1+), in `directory` (per user, in env-paths' cache folder). Node keys
 * it by its version and each file's content, so it never serves stale code, and it writes it as the
 * process exits. A folder that cannot be created or written (a read-only home) only leaves it off:
 * undefined when on, else why not.
 */
export function startCompileCache(directory: string): string | undefined {
  if (!enableCompileCache) return 'this Node has no compile cache';
  try {
    makeFolder(directory);
    accessSync(directory, constants.W_OK);
    const { status, message } = enableCompileCache(directory);
    return COMPILE_CACHE_ON.has(status) ? undefined : (message ?? `status ${status}`);
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * mkdir -p, one level at a time: Node's recursive mkdir (which enableCompileCache uses too) never
 * returns where a parent cannot hold folders (tried: /proc/1/x/y, Node 20 and 24); this throws.
 */
function makeFolder(directory: string): void {
  if (existsSync(directory)) return;
  const parent = dirname(directory);
  if (parent !== directory) makeFolder(parent);
  mkdirSync(directory);
}

export interface LoadOptions {
  /** false (GIFTGEN_STDIO_BUNDLE=0): the plain modules, as from a tsc-only build. */
  bundle?: boolean;
  /** The per-user cache folder (env-paths), asked for only when the build-time code cache does not fit this Node. */
  cacheDir?: () => Promise<string>;
}

export interface LoadedStdio {
  command: StdioCommandModule;
  loadedFrom: LoadedFrom;
  /**
   * Writes a code cache made by this Node, after the first answers ran (so it holds what a start
   * runs), to the per-user folder, for the next start; present when no fitting cache was there.
   */
  saveCodeCache?: () => void;
}

/** Which Node (and flags) wrote dist/bundle/stdio.cjs.cache: V8 takes it from that Node only. */
export const codeCacheOriginOf = (bundle: string) => `${bundle}.cache.json`;
export const thisNode = () => ({ version: process.version, arch: process.arch, execArgv: process.execArgv });

function buildCacheFits(bundle: string): boolean {
  try {
    return JSON.stringify(JSON.parse(readFileSync(codeCacheOriginOf(bundle), 'utf8'))) === JSON.stringify(thisNode());
  } catch {
    return false;
  }
}

/**
 * The per-user code cache for this bundle on this Node: per Node version, architecture and flags (V8
 * rejects a cache made under other flags), and per bundle file: `stdio-<path>-<size and time>.cache`,
 * each part hashed. V8 checks a cache against the source's length only, so another bundle of the same
 * length (another install, a rebuild) must never find this one.
 */
function userCacheFile(folder: string, bundle: string): string {
  const flags = process.execArgv
    .join(' ')
    .replace(/[^\w.=-]+/g, '_')
    .slice(0, 80);
  const { size, mtimeMs } = statSync(bundle);
  const { createHash } = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  const hash = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 16);
  const name = `stdio-${hash(bundle)}-${hash(`${size}\0${mtimeMs}`)}.cache`;
  return join(folder, 'v8', `${process.version}-${process.arch}${flags && `-${flags}`}`, name);
}

/**
 * Written whole or not at all (a temporary file renamed), so two starts at once never read half a cache;
 * the caches of this bundle file's earlier builds (before an upgrade or a rebuild) are removed, those of
 * other installs kept.
 */
function writeCodeCache(file: string, data: Buffer): void {
  try {
    const folder = dirname(file);
    makeFolder(folder);
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, data);
    renameSync(temporary, file);
    const samePath = basename(file).slice(0, 'stdio-'.length + 16);
    for (const name of readdirSync(folder))
      if (name.startsWith(samePath) && name.endsWith('.cache') && join(folder, name) !== file)
        rmSync(join(folder, name), { force: true });
  } catch {
    // A read-only home: the next start compiles again, as this one did.
  }
}

/**
 * The stdio command, from the bundle when the build made one and it is current, else from the ES
 * modules beside this file. Same code either way: the bundle is esbuild's copy of dist/stdio/bundle.js
 * and what it imports. The bundle runs through runBundle with a V8 code cache: the build's when this is
 * the Node that made it, else the one an earlier start on this Node wrote to the per-user folder
 * (saveCodeCache). Node's own compile cache (22.1+) is not used for the bundle: it keeps only what is
 * compiled before the code runs, and measured on Node 24.22 (bench/lib/cold-start.mjs, 15 interleaved
 * runs) a start took 276 ms with it against 222 ms with a cache written after a start ran. It serves
 * the plain modules, when those are loaded instead.
 */
export async function loadStdioCommand(options: LoadOptions = {}): Promise<LoadedStdio> {
  let bundleSkipped: string | undefined;
  if (options.bundle !== false && existsSync(STDIO_BUNDLE)) {
    if (!bundleIsCurrent())
      bundleSkipped = 'dist/bundle is older than the modules it was built from: run npm run build';
    else {
      try {
        if (buildCacheFits(STDIO_BUNDLE) || !options.cacheDir) {
          const bundle = runBundle<StdioCommandModule>(STDIO_BUNDLE, codeCacheOf(STDIO_BUNDLE));
          return { command: bundle.exports, loadedFrom: { loader: 'bundle', codeCache: bundle.codeCache } };
        }
        const userCache = userCacheFile(await options.cacheDir(), STDIO_BUNDLE);
        const bundle = runBundle<StdioCommandModule>(STDIO_BUNDLE, userCache);
        const loadedFrom: LoadedFrom = { loader: 'bundle', codeCache: bundle.codeCache, codeCacheFrom: 'user' };
        if (bundle.codeCache === 'accepted') return { command: bundle.exports, loadedFrom };
        const saveCodeCache = () => writeCodeCache(userCache, bundle.script.createCachedData());
        return { command: bundle.exports, loadedFrom, saveCodeCache };
      } catch (error) {
        bundleSkipped = `the bundle failed to load: ${(error as Error).message}`;
      }
    }
  }
  const compileCacheOff = !enableCompileCache
    ? undefined
    : options.cacheDir
      ? startCompileCache(join(await options.cacheDir(), 'compile-cache'))
      : 'no folder for it';
  return {
    command: await import('./command.js'),
    loadedFrom: {
      loader: 'modules',
      codeCache: enableCompileCache && !compileCacheOff ? 'compile-cache' : 'none',
      ...(compileCacheOff && { compileCacheOff }),
      ...(bundleSkipped && { bundleSkipped }),
    },
  };
}
