#!/usr/bin/env node
import { execFileSync } from 'node:child_process';
// Cold start over stdio of two gift-genius builds, interleaved run by run (bench/lib/cold-start.mjs):
//   node bench/stdio-ab.mjs OTHER_CLI [runs]
// OTHER_CLI is the other build's packages/gift-genius/dist/cli.js (a clone of an older commit, built),
// or an installed copy's node_modules/gift-genius/dist/cli.js. Each side gets its own seeded data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coldStart } from './lib/cold-start.mjs';
import { GG_CLI } from './lib/common.mjs';

const [other, runs = '15'] = process.argv.slice(2);
if (!other) {
  console.error('usage: node bench/stdio-ab.mjs OTHER_CLI [runs]');
  process.exit(64);
}
const work = mkdtempSync(join(tmpdir(), 'gg-stdio-ab-'));
const side = (cli, name) => {
  const data = join(work, name);
  execFileSync(process.execPath, [cli, 'catalog', 'stats', '--data', data], { stdio: 'ignore' }); // seed once
  return { stdio: [cli, 'stdio', '--data', data] };
};
try {
  const result = await coldStart({ other: side(other, 'other'), this: side(GG_CLI, 'this') }, { runs: Number(runs) });
  for (const [probe, r] of Object.entries(result.this)) {
    const o = result.other[probe];
    console.log(
      `${probe.padEnd(20)} other ${o.median} ms  this ${r.median} ms  (${(r.median / o.median).toFixed(2)}×, median of ${r.runs})`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
