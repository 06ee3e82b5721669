#!/usr/bin/env node
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
// Runs after tsc (npm run build). Outputs in dist/, each optional at run time:
//  1. bundle/stdio.cjs: esbuild's single-file copy of dist/stdio-bundle.js and everything it imports
//     (the SDK, zod, pino, commander…), so a stdio start skips the ESM loader's resolution of ~200 files.
//  2. early-answers.json: what the real server answers to each opening stdio may answer early
//     (transports/early-capture.ts, run inside the bundle).
//  3. bundle/stdio.cjs.cache: V8's code cache for the bundle, written after that capture ran, so it
//     holds the functions a start uses and V8 compiles almost nothing at start.
//  4. bundle/inputs.json: the compiled modules all this was made from, each with a fingerprint of its
//     content (bundle-loader.ts bundleIsCurrent: an installed copy's file times say nothing).
import { build } from 'esbuild';
import { BUNDLE_INPUTS, codeCacheOf, fingerprintOf, runBundle, STDIO_BUNDLE } from '../dist/bundle-loader.js';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
// Nothing from an earlier build survives a failed one: without these files stdio just loads the modules.
rmSync(`${dist}bundle`, { recursive: true, force: true });
rmSync(`${dist}early-answers.json`, { force: true });
mkdirSync(`${dist}bundle`, { recursive: true });

const { metafile } = await build({
  entryPoints: [`${dist}stdio-bundle.js`],
  outfile: STDIO_BUNDLE,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // Native (better-sqlite3), or loaded only for a Postgres catalog (pg): required at run time from node_modules.
  external: ['better-sqlite3', 'pg'],
  inject: [fileURLToPath(new URL('./import-meta-url.cjs', import.meta.url))],
  define: { 'import.meta.url': 'import_meta_url' },
  logLevel: 'warning',
  metafile: true,
});

const { exports, script } = runBundle(STDIO_BUNDLE);
const answers = await exports.captureEarlyAnswers();
writeFileSync(`${dist}early-answers.json`, `${JSON.stringify(answers, null, 2)}\n`);
writeFileSync(codeCacheOf(STDIO_BUNDLE), script.createCachedData());
// Written last: bundleIsCurrent() compares these files' times with the bundle's (our compiled modules,
// and package.json, whose version is in serverInfo).
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
console.log(
  `stdio: bundle, early answers (initialize ${Object.keys(answers.initialize).join(', ')}; discover ${Object.keys(answers.discover).join(', ')}), code cache`,
);
