#!/usr/bin/env node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
// Runs after tsc (npm run build). Outputs in dist/bundle/, each optional at run time (without them
// stdio loads the modules):
//  1. stdio.cjs: esbuild's single-file copy of dist/stdio/bundle.js and everything it imports (the
//     SDK, zod, pino, commander…), so a stdio start skips the ESM loader's resolution of ~200 files.
//  2. stdio.cjs.cache: V8's code cache for the bundle (stdio/loader.ts runBundle), written after a
//     warm-up ran inside the bundle (stdio/warm-up.ts), so it holds the functions a start uses; and
//     stdio.cjs.cache.json, the Node (version, flags) that made it: on any other, a start writes its
//     own to the per-user cache folder.
//  3. inputs.json: the compiled modules all this was made from, each with a fingerprint of its
//     content (stdio/loader.ts bundleIsCurrent: an installed copy's file times say nothing).
import { build } from 'esbuild';
import { openCatalog } from '../dist/catalog/open.js';
import {
  BUNDLE_INPUTS,
  codeCacheOf,
  codeCacheOriginOf,
  fingerprintOf,
  runBundle,
  STDIO_BUNDLE,
  thisNode,
} from '../dist/stdio/loader.js';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
// Nothing from an earlier build survives a failed one.
rmSync(`${dist}bundle`, { recursive: true, force: true });
mkdirSync(`${dist}bundle`, { recursive: true });

/**
 * Modules a stdio start loads but never calls into before its first answers, made to load on first use:
 *  - builtins required at the top of a module and used only inside functions: `assert` (sonic-boom,
 *    thread-stream: pino's file and worker streams) and `child_process` (commander, for executable
 *    subcommands). A stand-in that requires the builtin when first touched takes their place.
 *  - the SDK's `_shims` (its ajv JSON Schema validator: ~210 KB of the bundle, evaluated at load, used
 *    only for elicitation answers and JSON-Schema tools, which stdio/lazy-shims.cjs loads on first use).
 * Measured with bench/stdio-ab.mjs (interleaved, Node 20 and 24): see the commit that added this.
 */
const LAZY_BUILTIN = /^(node:)?(assert|child_process)$/;
const SHIMS = '@modelcontextprotocol/server/_shims';
const lazyLoading = {
  name: 'lazy-loading',
  setup(b) {
    b.onResolve({ filter: LAZY_BUILTIN }, ({ path }) => ({
      path: path.replace(/^node:/, ''),
      namespace: 'lazy-builtin',
    }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, ({ path }) => ({
      contents: lazyBuiltinSource(path),
      loader: 'js',
    }));
    // The SDK's own imports of _shims get the stand-in; the stand-in's require of `_shims?real`, the SDK's module.
    b.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, ({ pluginData }) =>
      pluginData === 'real' ? undefined : { path: fileURLToPath(new URL('./lazy-shims.cjs', import.meta.url)) },
    );
    b.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims\?real$/ }, ({ resolveDir }) =>
      b.resolve(SHIMS, { resolveDir, kind: 'import-statement', pluginData: 'real' }),
    );
  },
};

/** A stand-in for builtin `name`: the builtin itself, required when first called or read. */
function lazyBuiltinSource(name) {
  return `let real;
const load = () => (real ??= require('node:${name}'));
module.exports = new Proxy(function () {}, {
  apply: (_, self, args) => Reflect.apply(load(), self, args),
  get: (_, key) => load()[key],
  has: (_, key) => key in load(),
});
`;
}

const { metafile } = await build({
  entryPoints: [`${dist}stdio/bundle.js`],
  outfile: STDIO_BUNDLE,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // Native (better-sqlite3), or loaded only for a Postgres catalog (pg): required at run time from node_modules.
  // pino-pretty: loaded only when a person reads the log on a terminal (cli-common.ts), never by a host's stdio start.
  external: ['better-sqlite3', 'pg', 'pino-pretty'],
  inject: [fileURLToPath(new URL('./import-meta-url.cjs', import.meta.url))],
  define: { 'import.meta.url': 'import_meta_url' },
  // Whitespace and syntax only (names stay, for stack traces): a third smaller, so reading it and
  // checking its code cache take less of each start (~5 ms, measured with bench/stdio-ab.mjs).
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [lazyLoading],
});

// The warm-up's catalog, made and seeded by the plain modules, so seeding (which a start does not do) stays out of the
// cache. The warm-up logs as a start does (its two handshake lines, on stderr), so logging is in the cache too.
const warmUpData = mkdtempSync(join(tmpdir(), 'gift-genius-warm-up-'));
await (await openCatalog(warmUpData)).close();
const { exports, script } = runBundle(STDIO_BUNDLE);
try {
  await exports.warmUp(warmUpData);
} finally {
  rmSync(warmUpData, { recursive: true, force: true });
}
writeFileSync(codeCacheOf(STDIO_BUNDLE), script.createCachedData());
writeFileSync(codeCacheOriginOf(STDIO_BUNDLE), `${JSON.stringify(thisNode())}\n`);
// Written last: bundleIsCurrent() compares these files with the bundle (our compiled modules, and
// package.json, whose version is in serverInfo).
const inputs = [
  ...Object.keys(metafile.inputs)
    .map((p) => relative(dist, p))
    .filter((p) => !p.startsWith('..')),
  '../package.json',
];
writeFileSync(
  BUNDLE_INPUTS,
  `${JSON.stringify(Object.fromEntries(inputs.map((p) => [p, fingerprintOf(`${dist}${p}`)])), null, 1)}\n`,
);
console.log(`stdio: bundle (${inputs.length - 1} modules), code cache`);
