// Catalog scale, run in its own process (node --max-old-space-size=…): first the real catalog, then for each
// size, generate the items from the real catalog's records (new ids, varied fields; never shipped), then
//   - ranking in-process over the snapshot the server would load (store.all()): GiftIndex.rank, what the server
//     runs (p50/p99), its build time and retained heap, and the linear rankGifts beside it as the reference,
//   - import into a temp SQLite data dir with the store API (SqliteCatalogStore.write, one transaction) and,
//     up to 100k items, with `gift-genius catalog import FILE --replace` (parse + validate + write),
//   - store.page(first) vs store.page(deep, 50),
//   - a running gift-genius on that data dir: suggest_gifts and resources/list (first page, and a page deep
//     in the catalog through an encoded keyset cursor), sequential requests, bounded in count and time.
// Prints one JSON object on stdout. The generator is in catalog-gen.mjs.

import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SqliteCatalogStore } from '../../packages/gift-genius/dist/catalog/sqlite-store.js';
import { encodeCursor } from '../../packages/gift-genius/dist/primitives/cursor.js';
import { GiftIndex } from '../../packages/gift-genius/dist/recommend/gift-index.js';
import { rankGifts } from '../../packages/gift-genius/dist/recommend/rank.js';
import { base, generate } from './catalog-gen.mjs';
import {
  GG_CLI,
  log,
  modernHeaders,
  nodeCommand,
  post,
  quantile,
  round,
  rpc,
  SERVERS,
  SUGGEST_ARGS,
  startHttp,
  tmp,
} from './common.mjs';

const sizes = JSON.parse(process.env.BENCH_CATALOG_SIZES);
const budgetS = Number(process.env.BENCH_CATALOG_SECONDS ?? 3);
const maxIter = Number(process.env.BENCH_CATALOG_MAX_ITER ?? 200);
const fixtures = process.env.BENCH_FIXTURES;
const cliImportMax = Number(process.env.BENCH_CLI_IMPORT_MAX ?? 100_000);

/** Times fn repeatedly: at least `min` runs, until `budgetS` seconds or `iterations` runs; ms with `digits` decimals. */
async function timeIt(fn, { min = 5, warm = 2, iterations = maxIter, digits = 3 } = {}) {
  // Await only what returns a promise: an await on a plain value would add a microtask turn to µs-scale calls.
  const run = () => {
    const r = fn();
    return typeof r?.then === 'function' ? r : undefined;
  };
  for (let i = 0; i < warm; i++) await run();
  const t = [];
  const end = performance.now() + budgetS * 1000;
  while (t.length < min || (performance.now() < end && t.length < iterations)) {
    const a = performance.now();
    const pending = run();
    if (pending) await pending;
    t.push(performance.now() - a);
  }
  return {
    n: t.length,
    p50: round(quantile(t, 0.5), digits),
    p99: round(quantile(t, 0.99), digits),
    mean: round(t.reduce((x, y) => x + y, 0) / t.length, digits),
  };
}

// A collector to call for the index's heap figure (the worker is not started with --expose-gc).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const heapNow = () => {
  for (let i = 0; i < 3; i++) gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

/**
 * Ranking in-process over a snapshot: GiftIndex (what the server ranks with; built once per snapshot) with its
 * build time and retained heap, and the linear rankGifts (the reference it equals) beside it.
 */
async function rankingFigures(snapshot) {
  const before = heapNow();
  const t = performance.now();
  const index = GiftIndex.build(snapshot);
  const indexBuildMs = round(performance.now() - t, 1);
  const indexHeapBytes = heapNow() - before;
  return {
    rankPath: 'GiftIndex',
    indexBuildMs,
    indexHeapBytes,
    indexStats: index.stats,
    indexEqualsRankGifts: isDeepStrictEqual(index.rank(SUGGEST_ARGS), rankGifts(snapshot, SUGGEST_ARGS)),
    // µs-scale calls: warm the JIT well and take many samples (still bounded by BENCH_CATALOG_SECONDS).
    rankInProcess: await timeIt(() => index.rank(SUGGEST_ARGS), { warm: 1000, iterations: 20_000, digits: 4 }),
    rankGiftsInProcess: await timeIt(() => rankGifts(snapshot, SUGGEST_ARGS), { digits: 4 }),
  };
}

async function httpCall(url, method, params, name) {
  const r = await post(url, rpc(1, method, params), modernHeaders(method, name));
  const m = r.messages.find((x) => x.id === 1);
  if (r.status !== 200 || !m?.result || m.result.isError)
    throw new Error(`${method}: ${r.status} ${r.text.slice(0, 200)}`);
  return m.result;
}

const results = { baseItems: base.length, sizes: [] };

// The raw limit with the same sequential client (a precise baseline for the ratios).
{
  const raw = await startHttp([join(SERVERS, 'raw-http.mjs'), '--fixtures', fixtures], { label: 'raw' });
  results.rawHttpSuggest = await timeIt(() =>
    httpCall(raw.url, 'tools/call', { name: 'suggest_gifts', arguments: SUGGEST_ARGS }, 'suggest_gifts'),
  );
  results.rawHttpToolsList = await timeIt(() => httpCall(raw.url, 'tools/list', {}));
  await raw.stop();
}

// The real catalog, as the server's snapshot of it: the bundled records through a store, in id order.
{
  const dir = tmp('catreal');
  const store = new SqliteCatalogStore(join(dir, 'giftgen.sqlite'));
  await store.write(base, 'replace');
  results.realCatalog = { items: base.length, ...(await rankingFigures(await store.all())) };
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  const r = results.realCatalog;
  log(
    `catalog real (${r.items}): GiftIndex p50 ${r.rankInProcess.p50} ms, rankGifts p50 ${r.rankGiftsInProcess.p50} ms, index built in ${r.indexBuildMs} ms`,
  );
}

for (const n of sizes) {
  const row = { items: n };
  log(`catalog ${n}: generating`);
  let t = performance.now();
  let items = generate(n);
  row.generateMs = round(performance.now() - t, 1);
  const dir = tmp(`cat${n}`);
  const store = new SqliteCatalogStore(join(dir, 'giftgen.sqlite'));
  t = performance.now();
  await store.write(items, 'replace');
  row.importStoreMs = round(performance.now() - t, 1);
  log(`catalog ${n}: store import ${row.importStoreMs} ms`);
  // What later steps need of the generated items, taken now: a server holds one copy of its catalog (the
  // snapshot), so the index is built without a second million objects on the heap beside it (with them,
  // every collection during the build walks twice the heap: 3.4 s instead of 2.5 s at 1M, measured).
  const ids = items.map((g) => g.id).sort();
  const cliFile = n <= cliImportMax ? join(tmp(`cli${n}`), 'items.json') : undefined;
  if (cliFile) writeFileSync(cliFile, JSON.stringify(items));
  items = undefined;
  // Ranking over exactly what a server ranks: the snapshot store.all() loads (parsed records, id order).
  t = performance.now();
  let snapshot = await store.all();
  row.loadAllMs = round(performance.now() - t, 1);
  Object.assign(row, await rankingFigures(snapshot));
  snapshot = undefined;
  log(
    `catalog ${n}: GiftIndex p50 ${row.rankInProcess.p50} ms (rankGifts ${row.rankGiftsInProcess.p50} ms), index built in ${row.indexBuildMs} ms, ` +
      `heap +${round(row.indexHeapBytes / 2 ** 20, 1)} MiB (store.all ${row.loadAllMs} ms)${row.indexEqualsRankGifts ? '' : ' ⚠ INDEX ≠ rankGifts'}`,
  );
  const deepAfter = ids[Math.floor(ids.length * 0.9)];
  row.deepAfterIndex = Math.floor(ids.length * 0.9);
  row.storePageFirst = await timeIt(() => store.page(undefined, 50));
  row.storePageDeep = await timeIt(() => store.page(deepAfter, 50));
  await store.close();

  if (cliFile) {
    const dir2 = dirname(cliFile);
    const [cmd, argv] = nodeCommand([GG_CLI, 'catalog', 'import', cliFile, '--replace', '--data', dir2], { core: 0 });
    t = performance.now();
    const r = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 600_000 });
    row.importCliMs = round(performance.now() - t, 1);
    if (r.status !== 0) row.importCliError = (r.stderr || r.stdout).slice(0, 300);
    log(`catalog ${n}: CLI import ${row.importCliMs} ms`);
    rmSync(dir2, { recursive: true, force: true });
  }

  log(`catalog ${n}: starting gift-genius`);
  t = performance.now();
  const gg = await startHttp([GG_CLI, 'serve', '--data', dir], {
    label: `gift-genius ${n}`,
    timeoutMs: 600_000,
    nodeFlags: ['--max-old-space-size=8192'],
  });
  row.serverStartMs = round(performance.now() - t, 1);
  try {
    row.httpSuggest = await timeIt(() =>
      httpCall(gg.url, 'tools/call', { name: 'suggest_gifts', arguments: SUGGEST_ARGS }, 'suggest_gifts'),
    );
    const first = await httpCall(gg.url, 'resources/list', {});
    if (!first.resources?.length || !first.nextCursor) throw new Error('resources/list: no first page / cursor');
    row.httpListFirst = await timeIt(() => httpCall(gg.url, 'resources/list', {}));
    const cursor = encodeCursor(deepAfter);
    const deep = await httpCall(gg.url, 'resources/list', { cursor });
    row.deepFirstUri = deep.resources?.[0]?.uri;
    row.httpListDeep = await timeIt(() => httpCall(gg.url, 'resources/list', { cursor }));
  } catch (e) {
    row.error = e.message;
  }
  log(
    `catalog ${n}: HTTP suggest p50 ${row.httpSuggest?.p50} ms, list first ${row.httpListFirst?.p50} deep ${row.httpListDeep?.p50}`,
  );
  await gg.stop();
  rmSync(dir, { recursive: true, force: true });
  results.sizes.push(row);
}
process.stdout.write(JSON.stringify(results));
process.exit(0);
