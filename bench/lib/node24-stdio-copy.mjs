// For the Node 24 cold start only: gift-genius as a Node 24 user has it, with no loader hook. A copy of the
// package's published files (package.json, dist/, catalog/; file times kept, so the bundle stays current) whose
// node_modules holds one link, better-sqlite3 → the copy built for Node 24 ($BENCH_NODE24_SQLITE). The stdio
// bundle requires nothing else from node_modules (pg only for a Postgres catalog). Measured, the hook the HTTP
// runs use (node24-sqlite-hook.mjs, --import) costs a start ~8 ms (Node 24.22: 149 vs 141 ms, median of 15).
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './common.mjs';

/** Makes the copy in `dir`; returns the copy's cli.js. */
export function node24StdioCopy(dir, betterSqlite3) {
  const from = join(ROOT, 'packages/gift-genius');
  const to = join(dir, 'gift-genius');
  for (const part of ['package.json', 'dist', 'catalog'])
    cpSync(join(from, part), join(to, part), { recursive: true, preserveTimestamps: true });
  mkdirSync(join(to, 'node_modules'));
  symlinkSync(betterSqlite3, join(to, 'node_modules/better-sqlite3'), 'dir');
  return join(to, 'dist/cli.js');
}
