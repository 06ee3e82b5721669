#!/usr/bin/env node
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
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

const { metafile } = await build({
  entryPoints: [`${dist}stdio/bundle.js`],
  outfile: STDIO_BUNDLE,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // Native (better-sqlite3), or loaded only for a Postgres catalog (pg): required at run time from node_modules.
  external: ['better-sqlite3', 'pg'],
  inject: [fileURLToPath(new URL('./import-meta-url.cjs', import.meta.url))],
  define: { 'import.meta.url': 'import_meta_url' },
  // Whitespace and syntax only (names stay, for stack traces): a third smaller, so reading it and
  // checking its code cache take less of each start (~5 ms, measured with bench/stdio-ab.mjs).
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});

const { exports, script } = runBundle(STDIO_BUNDLE);
await exports.warmUp();
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
