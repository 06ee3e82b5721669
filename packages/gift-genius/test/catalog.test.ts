import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadBundledCatalog, openCatalog } from '../dist/catalog/open.js';
import { giftsToCsv, parseCatalogFile } from '../dist/catalog/parse.js';
import { CATEGORIES, OCCASIONS, RELATIONSHIPS } from '../dist/catalog/schema.js';
import { SqliteCatalogStore } from '../dist/catalog/sqlite-store.js';
import { runCli, tempDir } from './harness.js';

const catalog = loadBundledCatalog();
const dirs: Array<{ remove: () => void }> = [];
const dir = () => {
  const d = tempDir();
  dirs.push(d);
  return d.path;
};
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

describe('the authored catalog', () => {
  it('has at least 300 distinct, schema-valid gifts covering every category, relationship and occasion', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(300);
    expect(new Set(catalog.map((g) => g.id)).size).toBe(catalog.length);
    expect(new Set(catalog.map((g) => g.title.toLowerCase())).size).toBe(catalog.length);
    for (const c of CATEGORIES)
      expect(catalog.filter((g) => g.categories.includes(c)).length, c).toBeGreaterThanOrEqual(10);
    for (const r of RELATIONSHIPS)
      expect(catalog.filter((g) => g.relationships.includes(r)).length, r).toBeGreaterThanOrEqual(20);
    for (const o of OCCASIONS)
      expect(catalog.filter((g) => g.occasions.includes(o)).length, o).toBeGreaterThanOrEqual(10);
  });
});

describe('SQLite store', () => {
  it('is created and filled on first start, and keyset pages stay valid while the catalog changes', async () => {
    const store = await openCatalog(dir());
    expect(await store.count()).toBe(catalog.length);
    const first = await store.page(undefined, 50);
    // Changes before and after the cursor position: nothing is skipped or served twice.
    const early = { ...catalog[0]!, id: '0000-early-insert', title: 'Early insert' };
    await store.write([early], 'merge');
    await store.remove([first.items[10]!.id]);
    const seen = new Set(first.items.map((g) => g.id));
    let after = first.nextAfterId;
    while (after !== undefined) {
      const page = await store.page(after, 50);
      for (const g of page.items) {
        expect(seen.has(g.id)).toBe(false);
        seen.add(g.id);
      }
      after = page.nextAfterId;
    }
    expect(seen.size).toBe(catalog.length); // every original id once; the early insert sits before the cursor
    const change = await store.changesSince(catalog.length);
    expect(change).toMatchObject({ listChanged: true });
    expect(change.changedIds.sort()).toEqual([early.id, first.items[10]!.id].sort());
    await store.close();
  });

  it('reports updates that leave the list alone as updates only', async () => {
    const store = await openCatalog(dir());
    const rev = await store.revision();
    const result = await store.write([{ ...catalog[5]!, price: catalog[5]!.price + 1 }, catalog[6]!], 'merge');
    expect(result).toMatchObject({ added: 0, updated: 1, unchanged: 1, removed: 0 });
    expect(await store.changesSince(rev)).toMatchObject({ listChanged: false, changedIds: [catalog[5]!.id] });
    await store.close();
  });
});

describe('gift-genius catalog (CLI)', () => {
  it('import names every bad row and changes nothing', async () => {
    const data = dir();
    const file = join(data, 'bad.json');
    const rows = [
      catalog[0],
      { ...catalog[1], price: -5 },
      { ...catalog[2], categories: ['spaceships'] },
      { ...catalog[3], ageMin: 50, ageMax: 10 },
      catalog[0], // duplicate id
      { ...catalog[4], id: 'Not A Slug' },
    ];
    writeFileSync(file, JSON.stringify(rows));
    const before = await runCli(['catalog', 'stats', '--json', '--data', data]);
    const result = await runCli(['catalog', 'import', file, '--data', data]);
    expect(result.code).toBe(1);
    for (const row of [2, 3, 4, 5, 6]) expect(result.stderr).toContain(`row ${row}`);
    expect(result.stderr).toContain('Nothing was imported');
    const after = await runCli(['catalog', 'stats', '--json', '--data', data]);
    expect(JSON.parse(after.stdout)).toEqual(JSON.parse(before.stdout));
  });

  it('import of a file that is not JSON fails clearly', async () => {
    const data = dir();
    const file = join(data, 'broken.json');
    writeFileSync(file, '[{"id": ');
    const result = await runCli(['catalog', 'import', file, '--data', data]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/cannot parse JSON/);
  });

  it('CSV export → edit → import round-trips, and --replace removes what the file lacks', async () => {
    const data = dir();
    const csvFile = join(data, 'catalog.csv');
    expect((await runCli(['catalog', 'export', '--format', 'csv', '-o', csvFile, '--data', data])).code).toBe(0);
    const parsed = parseCatalogFile(readFileSync(csvFile, 'utf8'), 'csv');
    expect(parsed.ok && parsed.gifts).toEqual(catalog.map((g) => g).sort((a, b) => (a.id < b.id ? -1 : 1)));
    writeFileSync(csvFile, giftsToCsv(catalog.slice(0, 10).map((g) => ({ ...g, price: g.price + 1 }))));
    const imported = await runCli(['catalog', 'import', csvFile, '--replace', '--data', data]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`0 added, 10 updated, 0 unchanged, ${catalog.length - 10} removed`);
    const stats = JSON.parse((await runCli(['catalog', 'stats', '--json', '--data', data])).stdout);
    expect(stats.items).toBe(10);
  });

  it('CSV export neutralises formulas (=, +, -, @, tab, CR) behind a quote, and import takes it off again', async () => {
    const data = dir();
    const risky = [
      "=cmd|' /C calc'!A0 gift",
      '@SUM(A1:A9) gift',
      '+1+1 gift title',
      '-2+3 gift title',
      '\tTabbed title',
      '\rCarriage title',
    ];
    const gifts = risky.map((title, i) => ({
      ...catalog[i]!,
      title,
      description: `${title} — a description long enough`,
    }));
    const csv = giftsToCsv(gifts);
    for (const line of csv.split('\n').slice(1).filter(Boolean)) {
      for (const cell of line.split(',')) expect(cell.replace(/^"/, ''), cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(csv).toContain(`'=cmd|`);
    expect(csv).toContain(`'@SUM(`);
    const file = join(data, 'risky.csv');
    writeFileSync(file, csv);
    const parsed = parseCatalogFile(readFileSync(file, 'utf8'), 'csv');
    expect(parsed.ok && parsed.gifts.map((g) => g.title)).toEqual(risky.map((t) => t.trim()));
  });

  it('stats prints counts by category', async () => {
    const result = await runCli(['catalog', 'stats', '--data', dir()]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`${catalog.length} gifts (store sqlite`);
    expect(result.stdout).toMatch(/kitchen\s+\d+/);
  });

  it('processes opening a new data folder at the same moment all start, and it is seeded once', async () => {
    // A host starting two stdio servers at once, or a `catalog import` while a server starts.
    for (let round = 0; round < 4; round++) {
      const data = dir();
      const runs = await Promise.all(
        Array.from({ length: 4 }, () => runCli(['catalog', 'stats', '--json', '--data', data])),
      );
      for (const r of runs) expect(r.stderr).toBe('');
      expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0]);
      expect(runs.map((r) => JSON.parse(r.stdout).revision)).toEqual(Array(4).fill(catalog.length));
    }
  });

  it('opens a new catalog file whose write lock another process holds while it is still in rollback mode', async () => {
    // The race the test above hits now and then: switching a new file to WAL needs its write lock, and
    // SQLite answers SQLITE_BUSY at once, without the busy handler, when waiting could deadlock.
    const data = dir();
    const file = join(data, 'giftgen.sqlite');
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import Database from 'better-sqlite3';
         const db = new Database(${JSON.stringify(file)});
         db.exec('BEGIN IMMEDIATE; CREATE TABLE held (x);');
         process.stdout.write('held\\n');
         setTimeout(() => { db.exec('COMMIT'); db.close(); }, 400);`,
      ],
      { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await once(holder.stdout!, 'data');
    const store = await openCatalog(data);
    expect(await store.count()).toBe(catalog.length);
    await store.close();
    await once(holder, 'exit');
  });

  it('a seed never replaces what another process imported into the new catalog first', async () => {
    const data = dir();
    const importer = new SqliteCatalogStore(join(data, 'giftgen.sqlite'));
    const extra = { ...catalog[0]!, id: 'imported-first', title: 'Imported first' };
    await importer.write([extra], 'merge');
    const server = await openCatalog(data);
    expect(await server.get(extra.id)).toMatchObject({ title: 'Imported first' });
    expect(await server.count()).toBe(1);
    await importer.close();
    await server.close();
  });

  it('a SQLite file written by another process is read by a second store', async () => {
    const data = dir();
    const a = await openCatalog(data);
    const b = new SqliteCatalogStore(join(data, 'giftgen.sqlite'));
    const rev = await b.revision();
    await a.write([{ ...catalog[0]!, title: 'Renamed by A' }], 'merge');
    expect((await b.get(catalog[0]!.id))?.title).toBe('Renamed by A');
    expect((await b.changesSince(rev)).changedIds).toEqual([catalog[0]!.id]);
    await a.close();
    await b.close();
  });
});
