// For the Node 24 side run only: better-sqlite3 is a native addon built for the root's Node 20 ABI, so
// under Node 24 its import is redirected to a copy built for Node 24 ($BENCH_NODE24_SQLITE, e.g.
// /tmp/node24-bs3/node_modules/better-sqlite3, made with that Node's npm). Loaded with --import.
import { register } from 'node:module';

if (process.env.BENCH_NODE24_SQLITE) {
  const target = new URL(`file://${process.env.BENCH_NODE24_SQLITE.replace(/\/$/, '')}/lib/index.js`).href;
  register(
    'data:text/javascript,' +
      encodeURIComponent(
        `export async function resolve(s, c, next) { return s === 'better-sqlite3' ? { url: ${JSON.stringify(target)}, shortCircuit: true, format: 'commonjs' } : next(s, c); }`,
      ),
  );
}
