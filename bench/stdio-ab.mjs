#!/usr/bin/env node
import { execFileSync } from 'node:child_process';
// Cold start over stdio of two gift-genius builds, interleaved run by run (bench/lib/cold-start.mjs):
//   node bench/stdio-ab.mjs OTHER_CLI [runs]
// OTHER_CLI is the other build's packages/gift-genius/dist/cli.js (a clone of an older commit, built),
// or an installed copy's node_modules/gift-genius/dist/cli.js. Each side gets its own seeded data folder.
// STDIO_AB_NODE=/path/to/node runs both under another Node (Node 24: with BENCH_NODE24_SQLITE and the hook,
// as bench/run.mjs does; see bench/README.md).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coldStart } from './lib/cold-start.mjs';
import { BENCH, GG_CLI } from './lib/common.mjs';

const [other, runs = '15'] = process.argv.slice(2);
if (!other) {
  console.error('usage: node bench/stdio-ab.mjs OTHER_CLI [runs]');
  process.exit(64);
}
const node = process.env.STDIO_AB_NODE;
const spawn = node && {
  nodeFlags: ['--import', join(BENCH, 'lib/node24-sqlite-hook.mjs')],
  env: { BENCH_NODE24_SQLITE: process.env.BENCH_NODE24_SQLITE ?? '/tmp/node24-bs3/node_modules/better-sqlite3' },
};
const work = mkdtempSync(join(tmpdir(), 'gg-stdio-ab-'));
const side = (cli, name) => {
  const data = join(work, name);
  execFileSync(process.execPath, [cli, 'catalog', 'stats', '--data', data], { stdio: 'ignore' }); // seed once
  return { stdio: [cli, 'stdio', '--data', data], ...(spawn && { spawn }) };
};
try {
  const result = await coldStart(
    { other: side(other, 'other'), this: side(GG_CLI, 'this') },
    { runs: Number(runs), node },
  );
  for (const [probe, r] of Object.entries(result.this)) {
    const o = result.other[probe];
    console.log(
      `${probe.padEnd(20)} other ${o.median} ms  this ${r.median} ms  (${(r.median / o.median).toFixed(2)}×, median of ${r.runs})`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
