// Catalog scale, run in its own process (node --max-old-space-size=…): for each size, generate the items
// from the real catalog's records (new ids, varied fields; never shipped), then
//   - rankGifts in-process (p50/p99),
//   - import into a temp SQLite data dir with the store API (SqliteCatalogStore.write, one transaction) and,
//     up to 100k items, with `gift-genius catalog import FILE --replace` (parse + validate + write),
//   - store.page(first) vs store.page(deep, 50),
//   - a running gift-genius on that data dir: suggest_gifts and resources/list (first page, and a page deep
//     in the catalog through an encoded keyset cursor), sequential requests, bounded in count and time.
// Prints one JSON object on stdout.
import { writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import { loadBundledCatalog } from '../../packages/gift-genius/dist/catalog/open.js';
import { rankGifts } from '../../packages/gift-genius/dist/recommend/rank.js';
import { SqliteCatalogStore } from '../../packages/gift-genius/dist/catalog/sqlite-store.js';
import { encodeCursor } from '../../packages/gift-genius/dist/primitives/cursor.js';
import { startHttp, post, rpc, modernHeaders, GG_CLI, SERVERS, SUGGEST_ARGS, quantile, round, tmp, log, nodeCommand } from './common.mjs';

const sizes = JSON.parse(process.env.BENCH_CATALOG_SIZES);
const budgetS = Number(process.env.BENCH_CATALOG_SECONDS ?? 3);
const maxIter = Number(process.env.BENCH_CATALOG_MAX_ITER ?? 200);
const fixtures = process.env.BENCH_FIXTURES;
const cliImportMax = Number(process.env.BENCH_CLI_IMPORT_MAX ?? 100_000);

const base = loadBundledCatalog();

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
}

export function generate(n) {
  const r = rng(n);
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const b = base[i % base.length];
    const price = Math.max(1, Math.round(b.price * (0.5 + r()) * 100) / 100);
    const shift = Math.floor(r() * 7) - 3;
    const ageMin = Math.min(120, Math.max(0, b.ageMin + shift));
    const ageMax = Math.min(120, Math.max(ageMin, b.ageMax + shift));
    out[i] = {
      ...b,
      id: `${b.id.slice(0, 48)}-v${i.toString(36)}`,
      title: `${b.title.slice(0, 70)} v${i.toString(36)}`,
      description: `${b.description.slice(0, 280)} (${i})`,
      price, ageMin, ageMax,
      // rotate list fields a little so records differ beyond ids
      occasions: r() < 0.5 ? [...b.occasions].reverse() : b.occasions,
    };
  }
  return out;
}

/** Times fn repeatedly: at least `min` runs, until `budgetS` seconds or `maxIter` runs. */
async function timeIt(fn, { min = 5, warm = 2 } = {}) {
  for (let i = 0; i < warm; i++) await fn();
  const t = [];
  const end = performance.now() + budgetS * 1000;
  while (t.length < min || (performance.now() < end && t.length < maxIter)) {
    const a = performance.now();
    await fn();
    t.push(performance.now() - a);
  }
  return { n: t.length, p50: round(quantile(t, 0.5), 3), p99: round(quantile(t, 0.99), 3), mean: round(t.reduce((x, y) => x + y, 0) / t.length, 3) };
}

async function httpCall(url, method, params, name) {
  const r = await post(url, rpc(1, method, params), modernHeaders(method, name));
  const m = r.messages.find((x) => x.id === 1);
  if (r.status !== 200 || !m?.result || m.result.isError) throw new Error(`${method}: ${r.status} ${r.text.slice(0, 200)}`);
  return m.result;
}

const results = { sizes: [] };

// The raw limit with the same sequential client (a precise baseline for the ratios).
{
  const raw = await startHttp([join(SERVERS, 'raw-http.mjs'), '--fixtures', fixtures], { label: 'raw' });
  results.rawHttpSuggest = await timeIt(() => httpCall(raw.url, 'tools/call', { name: 'suggest_gifts', arguments: SUGGEST_ARGS }, 'suggest_gifts'));
  results.rawHttpToolsList = await timeIt(() => httpCall(raw.url, 'tools/list', {}));
  await raw.stop();
}

for (const n of sizes) {
  const row = { items: n };
  log(`catalog ${n}: generating`);
  let t = performance.now();
  const items = generate(n);
  row.generateMs = round(performance.now() - t, 1);
  const dir = tmp(`cat${n}`);
  const store = new SqliteCatalogStore(join(dir, 'giftgen.sqlite'));
  t = performance.now();
  await store.write(items, 'replace');
  row.importStoreMs = round(performance.now() - t, 1);
  log(`catalog ${n}: store import ${row.importStoreMs} ms`);
  // rankGifts over exactly what a server ranks: the snapshot store.all() loads (parsed records, id order).
  t = performance.now();
  let snapshot = await store.all();
  row.loadAllMs = round(performance.now() - t, 1);
  row.rankInProcess = await timeIt(() => rankGifts(snapshot, SUGGEST_ARGS));
  snapshot = undefined;
  log(`catalog ${n}: rankGifts p50 ${row.rankInProcess.p50} ms (store.all ${row.loadAllMs} ms)`);
  const ids = items.map((g) => g.id).sort();
  const deepAfter = ids[Math.floor(ids.length * 0.9)];
  row.deepAfterIndex = Math.floor(ids.length * 0.9);
  row.storePageFirst = await timeIt(() => store.page(undefined, 50));
  row.storePageDeep = await timeIt(() => store.page(deepAfter, 50));
  await store.close();

  if (n <= cliImportMax) {
    const dir2 = tmp(`cli${n}`);
    const file = join(dir2, 'items.json');
    writeFileSync(file, JSON.stringify(items));
    const [cmd, argv] = nodeCommand([GG_CLI, 'catalog', 'import', file, '--replace', '--data', dir2], { core: 0 });
    t = performance.now();
    const r = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 600_000 });
    row.importCliMs = round(performance.now() - t, 1);
    if (r.status !== 0) row.importCliError = (r.stderr || r.stdout).slice(0, 300);
    log(`catalog ${n}: CLI import ${row.importCliMs} ms`);
    rmSync(dir2, { recursive: true, force: true });
  }

  log(`catalog ${n}: starting gift-genius`);
  t = performance.now();
  const gg = await startHttp([GG_CLI, 'serve', '--data', dir], { label: `gift-genius ${n}`, timeoutMs: 600_000, nodeFlags: ['--max-old-space-size=8192'] });
  row.serverStartMs = round(performance.now() - t, 1);
  try {
    row.httpSuggest = await timeIt(() => httpCall(gg.url, 'tools/call', { name: 'suggest_gifts', arguments: SUGGEST_ARGS }, 'suggest_gifts'));
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
  log(`catalog ${n}: HTTP suggest p50 ${row.httpSuggest?.p50} ms, list first ${row.httpListFirst?.p50} deep ${row.httpListDeep?.p50}`);
  await gg.stop();
  rmSync(dir, { recursive: true, force: true });
  results.sizes.push(row);
}
process.stdout.write(JSON.stringify(results));
process.exit(0);
