// The plain SDK v2 stdio server (sdk-stdio.mjs), bundled into one file (lib/sdk-bundle.mjs) and run through
// vm.Script with a V8 code cache, as gift-genius's stdio loader runs its own bundle: how fast a start can be
// with the SDK loaded before the first answer. node sdk-stdio-bundled.cjs BUNDLE
// The cache, BUNDLE.<node version>.cache, is written 1 s into a run that has none (lib/sdk-bundle.mjs makes one).
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');

const file = process.argv[2];
const cacheFile = `${file}.${process.version}.cache`;
const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
const script = new Script(
  `(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`,
  {
    filename: file,
    cachedData,
  },
);
const module_ = { exports: {} };
// Its externals (better-sqlite3, which _shared.mjs's catalog module imports) resolve from gift-genius's folder.
const requireFromGiftGenius = createRequire(join(__dirname, '../../packages/gift-genius/package.json'));
script.runInThisContext()(module_.exports, requireFromGiftGenius, module_, file, dirname(file));
if (!cachedData || script.cachedDataRejected)
  setTimeout(() => writeFileSync(cacheFile, script.createCachedData()), 1000).unref();
