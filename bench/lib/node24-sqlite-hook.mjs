// For the Node 24 HTTP runs (and bench/stdio-ab.mjs): better-sqlite3 is a native addon built for the root's Node 20 ABI, so
// under Node 24 its import is redirected to a copy built for Node 24 ($BENCH_NODE24_SQLITE, e.g.
// /tmp/node24-bs3/node_modules/better-sqlite3, made with that Node's npm). Loaded with --import.
// module.registerHooks (Node 22.15+): synchronous and in-thread, so it also covers the require() of the
// stdio bundle (a start pays ~8 ms for it: the cold start uses node24-stdio-copy.mjs instead);
// module.register (a loader thread, ESM only) where it is missing.
import * as Module from 'node:module';

if (process.env.BENCH_NODE24_SQLITE) {
  const dir = process.env.BENCH_NODE24_SQLITE.replace(/\/$/, '');
  const target = new URL(`file://${dir}/lib/index.js`).href;
  if (Module.registerHooks) {
    Module.registerHooks({
      resolve: (specifier, context, next) =>
        specifier === 'better-sqlite3'
          ? { url: target, format: 'commonjs', shortCircuit: true }
          : next(specifier, context),
    });
  } else {
    Module.register(
      'data:text/javascript,' +
        encodeURIComponent(
          `export async function resolve(s, c, next) { return s === 'better-sqlite3' ? { url: ${JSON.stringify(target)}, shortCircuit: true, format: 'commonjs' } : next(s, c); }`,
        ),
    );
  }
}
