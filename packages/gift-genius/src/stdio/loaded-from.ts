/** How the stdio command was loaded (stdio/loader.ts); logged once per start (`stdio_ready`). */
export interface LoadedFrom {
  loader: 'bundle' | 'modules';
  /**
   * What spared V8 the compiling: `accepted` / `rejected` / `none` for the build-time code cache
   * (Node 20; another Node version or other V8 flags make V8 reject it), `compile-cache` for Node's
   * own per-user cache (`module.enableCompileCache`, Node 22.1+), `none` when neither applied.
   */
  codeCache: 'accepted' | 'rejected' | 'none' | 'compile-cache';
  /** Why Node's compile cache is off although this Node has one (a read-only cache folder, say). */
  compileCacheOff?: string;
  /** Why the bundle was not used although it is there (stale, or broken); the modules served instead. */
  bundleSkipped?: string;
}
