// The "sdk (bundled)" cold-start comparator: servers/sdk-stdio.mjs (the plain SDK v2, two tools) made into one
// CommonJS file with esbuild, the settings gift-genius's stdio bundle uses (scripts/build-stdio.mjs: minified
// whitespace and syntax, the SDK's ajv validator loaded on first use), and a V8 code cache per Node, written by
// a first start (lib/cold-start.mjs's warm-up). It shows what loading the SDK before the first answer costs at best, beside gift-genius.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ROOT, SERVERS } from './common.mjs';

const GG = join(ROOT, 'packages/gift-genius');
const LAZY_SHIMS = join(GG, 'scripts/lazy-shims.cjs');
const SHIMS = '@modelcontextprotocol/server/_shims';

const SDK_BUNDLED_RUNNER = join(SERVERS, 'sdk-stdio-bundled.cjs');

/**
 * Builds the bundle into `dir`; returns the comparator (its runner writes the code cache in coldStart's
 * warm-up start, which stays 1.5 s).
 */
export async function sdkBundledComparator(dir) {
  const outfile = join(dir, 'sdk-stdio.cjs');
  await build({
    entryPoints: [join(SERVERS, 'sdk-stdio.mjs')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['better-sqlite3', 'pg'],
    // _shared.mjs reads gift-genius's catalog, whose module finds the package from its own URL.
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(join(GG, 'dist/catalog/open.js')).href) },
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'error',
    plugins: [
      {
        name: 'lazy-shims',
        setup(b) {
          b.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims$/ }, ({ pluginData }) =>
            pluginData === 'real' ? undefined : { path: LAZY_SHIMS },
          );
          b.onResolve({ filter: /^@modelcontextprotocol\/server\/_shims\?real$/ }, ({ resolveDir }) =>
            b.resolve(SHIMS, { resolveDir, kind: 'import-statement', pluginData: 'real' }),
          );
        },
      },
    ],
  });
  return { stdio: [SDK_BUNDLED_RUNNER, outfile] };
}
