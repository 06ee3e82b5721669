#!/usr/bin/env node
// In-process micro-benchmark of suggest_gifts ranking: GiftIndex.rank (what the server runs) beside the
// linear rankGifts (the reference), µs per call, at the real catalog and generated ones (bench/lib/catalog-gen.mjs,
// the catalog benchmark's generator), for a few query shapes; then the "100× items" ratios and the index's
// build time and heap. Catalogs are made like the server's snapshot: JSON records parsed one by one, in id order.
//   node bench/rank-micro.mjs                      (npm run build first)
//   RANK_MICRO_SIZES=453,1000,100000 RANK_MICRO_MS=200 RANK_MICRO_ROUNDS=5 node bench/rank-micro.mjs
//   RANK_MICRO_CLOCK=cpu node bench/rank-micro.mjs  (CPU time per call: steadier on a shared machine)
//   RANK_MICRO_REFERENCE=0 node bench/rank-micro.mjs  (the index alone, as the server runs it)
//   RANK_MICRO_WARM_MS=500 (default): index calls over all query shapes before each size's measurements
// Each cell is the median over rounds of (time / calls) for one ~RANK_MICRO_MS burst; index and reference
// alternate within a round, so a burst of outside load (shared machine) hits both alike.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

if (!globalThis.gc) {
  // Re-run with a collector we can call (for the heap figure) and room for a 1M-item catalog.
  const r = spawnSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=8192', fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(r.status ?? 1);
}

const { loadBundledCatalog } = await import('../packages/gift-genius/dist/catalog/open.js');
const { rankGifts } = await import('../packages/gift-genius/dist/recommend/rank.js');
const { GiftIndex } = await import('../packages/gift-genius/dist/recommend/gift-index.js');
const { generate } = await import('./lib/catalog-gen.mjs');

const REAL = loadBundledCatalog().length;
const sizes = (process.env.RANK_MICRO_SIZES ?? `${REAL},1000,10000,100000,1000000`).split(',').map(Number);
const burstMs = Number(process.env.RANK_MICRO_MS ?? 150);
const rounds = Number(process.env.RANK_MICRO_ROUNDS ?? 5);
const warmMs = Number(process.env.RANK_MICRO_WARM_MS ?? 500);

const QUERIES = {
  benchmark: { age: 25, relationship: 'sister', budget: 50, interests: ['coffee'] },
  'no budget': { age: 25, relationship: 'sister', interests: ['coffee'] },
  'child, $40': { age: 6, relationship: 'son', budget: 40 },
  occasion: { age: 40, relationship: 'colleague', budget: 30, occasion: 'farewell' },
  '3 interests': { age: 30, relationship: 'friend', budget: 100, interests: ['hiking', 'gaming', 'tea'], count: 8 },
  // Free text: memoised per word after the first call, so these show the steady state.
  'exclude alcohol': { age: 45, relationship: 'dad', budget: 80, exclude: ['alcohol'] },
  'free-text interest': { age: 30, relationship: 'friend', budget: 60, interests: ['star wars'] },
};

// RANK_MICRO_CLOCK=cpu: the process's CPU time (user + system, GC threads included) instead of wall time, so
// that waiting for a core on a loaded shared machine does not count as ranking time.
const cpuClock = process.env.RANK_MICRO_CLOCK === 'cpu';
// RANK_MICRO_REFERENCE=0: time the index alone (as the server runs it), the reference's garbage not collected
// during index bursts; equality with rankGifts is still checked once per query.
const withReference = process.env.RANK_MICRO_REFERENCE !== '0';
const clock = cpuClock
  ? () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    }
  : () => performance.now();

/** µs per call over one burst of about `ms` (at least `min` calls). */
function burst(fn, ms, min = 3) {
  let calls = 0;
  const t0 = clock();
  let t = 0;
  do {
    fn();
    calls++;
    t = clock() - t0;
  } while (t < ms || calls < min);
  return (t * 1000) / calls;
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f = (us) => (us >= 1000 ? `${(us / 1000).toFixed(1)} ms` : `${us.toFixed(1)} µs`);

/** Like store.all(): records parsed one by one in id order (so they also lie in memory in that order). */
function snapshotLike(items) {
  const lines = items.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((g) => JSON.stringify(g));
  items.length = 0;
  return lines.map((line) => JSON.parse(line));
}

/** Heap and array buffers after full collections. */
function heapNow() {
  for (let i = 0; i < 3; i++) gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

const results = {};
for (const n of sizes) {
  const catalog = n === REAL ? loadBundledCatalog() : snapshotLike(generate(n));
  const heapBefore = heapNow();
  const t0 = performance.now();
  const index = GiftIndex.build(catalog);
  const buildMs = performance.now() - t0;
  const heapBytes = heapNow() - heapBefore;
  const stats = index.stats;
  const row = (results[n] = { buildMs, heapBytes, stats, queries: {} });
  console.log(
    `\n${n.toLocaleString('en-US')} items${n === REAL ? ' (the real catalog)' : ''}: index built in ${buildMs.toFixed(1)} ms, ` +
      `heap +${(heapBytes / 2 ** 20).toFixed(1)} MiB (typed arrays ${(stats.bytes / 2 ** 20).toFixed(1)} MiB), ${stats.signatures} signatures, ${stats.runs} (signature, band) runs${stats.linearOnly ? `, LINEAR ONLY: ${stats.linearOnly}` : ''}`,
  );
  // Warm-up: every query shape through the index first (the JIT's tiers, the index's per-phrase and
  // per-(role, occasion) tables), so the first shape measured is not the one that pays for them.
  const warmUntil = clock() + warmMs;
  while (clock() < warmUntil) for (const query of Object.values(QUERIES)) index.rank(query);
  for (const [name, query] of Object.entries(QUERIES)) {
    if (!isDeepStrictEqual(index.rank(query), rankGifts(catalog, query)))
      throw new Error(`${n} items, ${name}: index and rankGifts differ`);
    const refMs = n >= 1_000_000 ? Math.max(burstMs, 400) : burstMs;
    const ix = [],
      ref = [];
    for (let r = 0; r < rounds; r++) {
      ix.push(burst(() => index.rank(query), burstMs, 50));
      ref.push(withReference ? burst(() => rankGifts(catalog, query), refMs) : NaN);
    }
    row.queries[name] = { index: median(ix), rankGifts: median(ref) };
    const vs = withReference
      ? `   rankGifts ${f(median(ref)).padStart(9)}   (${(median(ref) / median(ix)).toFixed(0)}× faster)`
      : '';
    console.log(`  ${name.padEnd(20)} index ${f(median(ix)).padStart(9)}${vs}`);
  }
}

const pairs = [
  [1000, 100_000],
  [10_000, 1_000_000],
].filter(([a, b]) => results[a] && results[b]);
if (pairs.length) {
  console.log(`\n100× more items costs (target ≤ 1.5×; ${cpuClock ? 'CPU' : 'wall'} time):`);
  for (const name of Object.keys(QUERIES)) {
    const cells = pairs.map(([a, b]) => {
      const x = results[b].queries[name],
        y = results[a].queries[name];
      const ref = withReference ? `, rankGifts ${(x.rankGifts / y.rankGifts).toFixed(0)}×` : '';
      return `${a / 1000}k→${b >= 1e6 ? `${b / 1e6}M` : `${b / 1000}k`}: index ${(x.index / y.index).toFixed(2)}×${ref}`;
    });
    console.log(`  ${name.padEnd(20)} ${cells.join('   ')}`);
  }
}
