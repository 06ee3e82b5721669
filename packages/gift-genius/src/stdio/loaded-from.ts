/** How the stdio command was loaded (stdio/loader.ts); logged once per start (`stdio_ready`). */
export interface LoadedFrom {
  loader: 'bundle' | 'modules';
  /**
   * What V8 said of the bundle's code cache: `accepted`, `rejected` (made by another Node version or
   * under other V8 flags), `none` (there was none yet); for the modules, `compile-cache` when Node's
   * own (22.1+) serves them.
   */
  codeCache: 'accepted' | 'rejected' | 'none' | 'compile-cache';
  /** `user`: the cache an earlier start on this Node wrote to the per-user folder; else the build's. */
  codeCacheFrom?: 'user';
  /** Why Node's compile cache is off for the modules although this Node has one (a read-only cache folder, say). */
  compileCacheOff?: string;
  /** Why the bundle was not used although it is there (stale, or broken); the modules served instead. */
  bundleSkipped?: string;
}
