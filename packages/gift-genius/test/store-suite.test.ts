import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadBundledCatalog, openCatalog } from '../dist/catalog/open.js';
import { MIGRATIONS, PostgresCatalogStore } from '../dist/catalog/postgres-store.js';
import type { Gift } from '../dist/catalog/schema.js';
import { MIGRATIONS as SQLITE_MIGRATIONS, SqliteCatalogStore } from '../dist/catalog/sqlite-store.js';
import { summarizeStats } from '../dist/catalog/stats.js';
import type { CatalogStore } from '../dist/catalog/store.js';
import { runCli, tempDir, waitFor } from './harness.js';
import { createTestDatabase, probePostgres, type TestDatabase } from './pg-harness.js';

/**
 * One behaviour, two stores: every test in `storeSuite` runs against SQLite and against
 * Postgres. The Postgres half needs GIFTGEN_TEST_DATABASE_URL and says so when skipped.
 */
const catalog = loadBundledCatalog();
const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sortedIds = catalog.map((g) => g.id).sort(byteOrder);
const fresh = (id: string, base: Gift = catalog[0]!): Gift => ({ ...base, id, title: `Test ${id}` });

interface Backend {
  /** A new, seeded catalog of its own. */
  open(): Promise<Opened>;
}
interface Opened {
  store: CatalogStore;
  /** Another store on the same catalog, as another process would have. */
  second(): Promise<CatalogStore>;
  /** Environment and args for the CLI to reach this catalog. */
  cli: { args: string[]; env: Record<string, string> };
  db?: TestDatabase;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const sqlite: Backend = {
  async open() {
    const dir = tempDir();
    const stores: CatalogStore[] = [];
    cleanups.push(dir.remove, async () => void (await Promise.all(stores.map((s) => s.close()))));
    const store = await openCatalog(dir.path);
    stores.push(store);
    return {
      store,
      second: async () => {
        const s = new SqliteCatalogStore(join(dir.path, 'giftgen.sqlite'));
        stores.push(s);
        return s;
      },
      cli: { args: ['--data', dir.path], env: { DATABASE_URL: '' } },
    };
  },
};

const probe = await probePostgres();
const postgres: Backend = {
  async open() {
    const db = await createTestDatabase();
    const dir = tempDir();
    const stores: CatalogStore[] = [];
    cleanups.push(
      () => db.drop(),
      dir.remove,
      async () => void (await Promise.all(stores.map((s) => s.close()))),
    );
    const store = await openCatalog(dir.path, { databaseUrl: db.url });
    stores.push(store);
    return {
      store,
      db,
      second: async () => {
        const s = await PostgresCatalogStore.open(db.url);
        stores.push(s);
        return s;
      },
      cli: { args: ['--data', dir.path], env: { DATABASE_URL: db.url } },
    };
  },
};

function storeSuite(kind: string, backend: Backend) {
  it('is created and seeded on first start; get returns the stored record', async () => {
    const { store } = await backend.open();
    expect(store.kind).toBe(kind);
    expect(await store.count()).toBe(catalog.length);
    expect(await store.revision()).toBe(catalog.length); // one logged change per seeded gift
    expect(await store.get(catalog[7]!.id)).toEqual(catalog[7]);
    expect(await store.get('no-such-gift')).toBeUndefined();
  });

  it('pages in byte order of ids, with a next cursor only when more follow', async () => {
    const { store } = await backend.open();
    // Ids where byte order and a linguistic collation disagree ('-' < '0' < 'a').
    await store.write(
      ['zz-a', 'zz0', 'zza', 'zz-9', 'zz'].map((id) => fresh(id)),
      'merge',
    );
    const expected = [...sortedIds, 'zz-a', 'zz0', 'zza', 'zz-9', 'zz'].sort(byteOrder);
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await store.page(after, 37);
      expect(page.items.length).toBeLessThanOrEqual(37);
      seen.push(...page.items.map((g) => g.id));
      after = page.nextAfterId;
      if (after !== undefined) expect(after).toBe(page.items[page.items.length - 1]!.id);
      pages++;
    } while (after !== undefined);
    expect(seen).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 37));
    const whole = await store.page(undefined, expected.length);
    expect(whole.items.length).toBe(expected.length);
    expect(whole.nextAfterId).toBeUndefined();
    expect((await store.page(expected[expected.length - 1], 10)).items).toEqual([]);
    expect((await store.all()).map((g) => g.id)).toEqual(expected);
  });

  it('keyset pages stay valid while another process changes the catalog', async () => {
    const { store, second } = await backend.open();
    const other = await second();
    const first = await store.page(undefined, 50);
    const rev = await store.revision();
    // Changes before and after the cursor position: nothing is skipped or served twice.
    const early = fresh('0000-early-insert');
    await other.write([early], 'merge');
    await other.remove([first.items[10]!.id]);
    const late = fresh('zzzz-late-insert');
    await other.write([late], 'merge');
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
    // Every original id once, the late insert after the cursor too; the early one sits before it.
    expect(seen.size).toBe(catalog.length + 1);
    expect(seen.has(late.id)).toBe(true);
    const change = await store.changesSince(rev);
    expect(change).toMatchObject({ revision: rev + 3, listChanged: true });
    expect(change.changedIds.sort()).toEqual([early.id, first.items[10]!.id, late.id].sort());
  });

  it('count, all and stats agree, and stats carries the revision', async () => {
    const { store } = await backend.open();
    await store.remove([catalog[0]!.id, catalog[1]!.id]);
    const all = await store.all();
    expect(await store.count()).toBe(catalog.length - 2);
    expect(all.length).toBe(catalog.length - 2);
    const stats = await store.stats();
    expect(stats).toEqual(summarizeStats(all, await store.revision()));
    expect(stats.revision).toBe(catalog.length + 2);
  });

  it('revision is monotonic: bumped once per changed record, never by an unchanged write', async () => {
    const { store } = await backend.open();
    const r0 = await store.revision();
    const same = await store.write(catalog.slice(0, 20), 'merge');
    expect(same).toEqual({ added: 0, updated: 0, removed: 0, unchanged: 20, revision: r0 });
    expect(await store.revision()).toBe(r0);
    const changed = await store.write(
      [{ ...catalog[3]!, price: catalog[3]!.price + 1 }, fresh('new-one'), catalog[4]!],
      'merge',
    );
    expect(changed).toEqual({ added: 1, updated: 1, removed: 0, unchanged: 1, revision: r0 + 2 });
    expect(await store.revision()).toBe(r0 + 2);
    expect(await store.remove(['new-one', 'never-existed'])).toBe(1);
    expect(await store.revision()).toBe(r0 + 3);
    expect(await store.remove(['never-existed'])).toBe(0);
    expect(await store.revision()).toBe(r0 + 3);
  });

  it('changesSince tells updates from list changes, and reads changes made by another store', async () => {
    const { store, second } = await backend.open();
    const other = await second();
    const r0 = await store.revision();
    expect(await store.changesSince(r0)).toEqual({ revision: r0, listChanged: false, changedIds: [] });
    await other.write([{ ...catalog[5]!, price: catalog[5]!.price + 1 }, catalog[6]!], 'merge');
    const updates = await store.changesSince(r0);
    expect(updates).toEqual({ revision: r0 + 1, listChanged: false, changedIds: [catalog[5]!.id] });
    expect((await store.get(catalog[5]!.id))?.price).toBe(catalog[5]!.price + 1);
    await other.write([fresh('added-by-other')], 'merge');
    expect(await store.changesSince(r0 + 1)).toEqual({
      revision: r0 + 2,
      listChanged: true,
      changedIds: ['added-by-other'],
    });
    await other.remove([catalog[8]!.id]);
    expect(await store.changesSince(r0 + 2)).toEqual({
      revision: r0 + 3,
      listChanged: true,
      changedIds: [catalog[8]!.id],
    });
    const all = await store.changesSince(r0);
    expect(all.revision).toBe(r0 + 3);
    expect(all.changedIds.sort()).toEqual([catalog[5]!.id, 'added-by-other', catalog[8]!.id].sort());
    // A reader ahead of the log (or at it) learns nothing new and keeps its cursor.
    expect(await store.changesSince(r0 + 10)).toEqual({ revision: r0 + 10, listChanged: false, changedIds: [] });
  });

  it('write replace removes what the set lacks, in the same transaction', async () => {
    const { store } = await backend.open();
    const r0 = await store.revision();
    const keep = [...catalog.slice(0, 10).map((g) => ({ ...g, price: g.price + 1 })), fresh('replacement-new')];
    const progress: Array<[number, number]> = [];
    const result = await store.write(keep, 'replace', (done, total) => progress.push([done, total]));
    expect(result).toEqual({
      added: 1,
      updated: 10,
      removed: catalog.length - 10,
      unchanged: 0,
      revision: r0 + 11 + catalog.length - 10,
    });
    expect(progress.at(-1)).toEqual([keep.length, keep.length]);
    expect((await store.all()).map((g) => g.id)).toEqual(keep.map((g) => g.id).sort(byteOrder));
    const change = await store.changesSince(r0);
    expect(change.listChanged).toBe(true);
    expect(change.changedIds.length).toBe(catalog.length + 1);
    // Replacing with the same set is a no-op.
    expect(await store.write(keep, 'replace')).toMatchObject({
      added: 0,
      updated: 0,
      removed: 0,
      unchanged: keep.length,
    });
  });

  it('a write that fails part-way changes nothing (one transaction)', async () => {
    const { store } = await backend.open();
    const r0 = await store.revision();
    const big = Array.from({ length: 1200 }, (_, i) => fresh(`bulk-${String(i).padStart(4, '0')}`));
    const changedOld = { ...catalog[0]!, title: 'Should never land' };
    let calls = 0;
    await expect(
      store.write([changedOld, ...big], 'replace', (done) => {
        calls++;
        // At least the first 500 rows were written inside the transaction by now.
        if (done > 500) throw new Error('disk full (simulated)');
      }),
    ).rejects.toThrow('disk full (simulated)');
    expect(calls).toBeGreaterThan(0);
    expect(await store.revision()).toBe(r0);
    expect(await store.count()).toBe(catalog.length);
    expect(await store.get(big[0]!.id)).toBeUndefined();
    expect(await store.get(catalog[0]!.id)).toEqual(catalog[0]);
    expect(await store.changesSince(r0)).toEqual({ revision: r0, listChanged: false, changedIds: [] });
    // And the store is still fine to use. (A rolled-back write may leave a gap in Postgres's
    // identity sequence: harmless, as readers rely only on order, never on density.)
    const after = await store.write([big[0]!], 'merge');
    expect(after).toMatchObject({ added: 1 });
    expect(after.revision).toBeGreaterThan(r0);
    expect(await store.changesSince(r0)).toEqual({
      revision: after.revision,
      listChanged: true,
      changedIds: [big[0]!.id],
    });
  });

  it('concurrent writers from two stores: revisions are gap-safe, so a polling reader sees every change exactly once', async () => {
    const { store, second } = await backend.open();
    const a = await second();
    const b = await second();
    let cursor = await store.revision();
    const start = cursor;
    const seen = new Map<string, number>();
    let writing = true;
    const poller = (async () => {
      while (writing) {
        const change = await store.changesSince(cursor);
        for (const id of change.changedIds) seen.set(id, (seen.get(id) ?? 0) + 1);
        expect(change.revision).toBeGreaterThanOrEqual(cursor);
        cursor = change.revision;
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    const ids: string[] = [];
    const jobs: Array<Promise<unknown>> = [];
    for (let i = 0; i < 30; i++) {
      const id = `concurrent-${String(i).padStart(2, '0')}`;
      ids.push(id);
      jobs.push((i % 2 ? a : b).write([fresh(id)], 'merge'));
    }
    const results = (await Promise.all(jobs)) as Array<{ revision: number }>;
    writing = false;
    await poller;
    const last = await store.changesSince(cursor);
    for (const id of last.changedIds) seen.set(id, (seen.get(id) ?? 0) + 1);
    expect(new Set(results.map((r) => r.revision)).size).toBe(30);
    expect(await store.revision()).toBe(start + 30);
    for (const id of ids) expect(seen.get(id), id).toBe(1);
  });

  it('watch: pushes "something changed" where the store can (Postgres), else servers poll (SQLite)', async () => {
    const { store, second } = await backend.open();
    if (!store.watch) {
      expect(kind).toBe('sqlite');
      return;
    }
    const other = await second();
    let calls = 0;
    const stop = await store.watch(() => calls++);
    await other.write([fresh('watched-write')], 'merge');
    await waitFor('a change notification', () => calls > 0);
    const before = calls;
    await other.write(catalog.slice(0, 3), 'merge'); // unchanged: nothing committed, nothing sent
    await other.remove(['watched-write']);
    await waitFor('a second notification', () => calls > before);
    await stop();
    const after = calls;
    await other.write([fresh('after-stop')], 'merge');
    await new Promise((r) => setTimeout(r, 300));
    expect(calls).toBe(after);
  });

  it('gift-genius catalog import writes through the CLI, atomically', async () => {
    const { store, cli } = await backend.open();
    const dir = tempDir();
    cleanups.push(dir.remove);
    const r0 = await store.revision();
    const bad = join(dir.path, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify([
        { ...catalog[0]!, price: 1 },
        { ...catalog[1]!, price: -5 },
      ]),
    );
    const rejected = await runCli(['catalog', 'import', bad, ...cli.args], cli.env);
    expect(rejected.code).toBe(1);
    expect(rejected.stderr).toContain('Nothing was imported');
    expect(await store.revision()).toBe(r0);
    const good = join(dir.path, 'good.json');
    writeFileSync(good, JSON.stringify([{ ...catalog[0]!, price: 1 }, fresh('cli-imported')]));
    const imported = await runCli(['catalog', 'import', good, ...cli.args], cli.env);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`1 added, 1 updated, 0 unchanged, 0 removed (revision ${r0 + 2})`);
    expect((await store.get(catalog[0]!.id))?.price).toBe(1);
    const stats = await runCli(['catalog', 'stats', ...cli.args], cli.env);
    expect(stats.stdout).toContain(`${catalog.length + 1} gifts (store ${kind}, revision ${r0 + 2})`);
  });
}

describe('catalog store: sqlite', () => storeSuite('sqlite', sqlite));

if (probe.ok) {
  describe('catalog store: postgres', () => {
    storeSuite('postgres', postgres);

    describe('postgres only', () => {
      const dbs: TestDatabase[] = [];
      afterAll(async () => void (await Promise.all(dbs.map((d) => d.drop()))));
      const emptyDb = async () => {
        const db = await createTestDatabase();
        dbs.push(db);
        return db;
      };

      it('concurrent first starts migrate once (advisory lock) and seed once', async () => {
        const db = await emptyDb();
        const stores = await Promise.all(
          Array.from({ length: 4 }, () => PostgresCatalogStore.open(db.url, { seed: () => catalog })),
        );
        try {
          for (const s of stores) expect(await s.schemaVersions()).toEqual(MIGRATIONS.map((m) => m.version));
          expect(await stores[0]!.count()).toBe(catalog.length);
          expect(await stores[0]!.revision()).toBe(catalog.length);
          const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM changes');
          expect(rows[0]!.n).toBe(catalog.length);
        } finally {
          await Promise.all(stores.map((s) => s.close()));
        }
      });

      it('applies new migrations on the next start, and refuses a database migrated by a newer release', async () => {
        const db = await emptyDb();
        await (await PostgresCatalogStore.open(db.url)).close();
        const next = Math.max(...MIGRATIONS.map((m) => m.version)) + 1;
        const v2 = { version: next, name: 'test column', sql: 'ALTER TABLE gifts ADD COLUMN note text' };
        const upgraded = await PostgresCatalogStore.open(db.url, { migrations: [...MIGRATIONS, v2] });
        expect(await upgraded.schemaVersions()).toEqual([...MIGRATIONS.map((m) => m.version), next]);
        await upgraded.close();
        await expect(PostgresCatalogStore.open(db.url)).rejects.toThrow(
          new RegExp(`migrations this version does not know \\(${next}\\)`),
        );
      });

      it('a failed migration is rolled back whole and reported', async () => {
        const db = await emptyDb();
        const next = Math.max(...MIGRATIONS.map((m) => m.version)) + 1;
        const broken = {
          version: next,
          name: 'broken',
          sql: 'ALTER TABLE gifts ADD COLUMN ok text; SELECT no_such_function()',
        };
        await expect(PostgresCatalogStore.open(db.url, { migrations: [...MIGRATIONS, broken] })).rejects.toThrow(
          new RegExp(`schema migration ${next} \\(broken\\) failed`),
        );
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'gifts' AND column_name = 'ok'`,
        );
        expect(rows[0]!.n).toBe(0);
        const store = await PostgresCatalogStore.open(db.url);
        expect(await store.schemaVersions()).toEqual(MIGRATIONS.map((m) => m.version));
        await store.close();
      });

      it('watch reconnects after its LISTEN connection drops, and calls onChange once to catch up', async () => {
        const db = await emptyDb();
        const problems: string[] = [];
        const store = await PostgresCatalogStore.open(db.url, {
          seed: () => catalog,
          reconnectMinMs: 50,
          reconnectMaxMs: 200,
          onError: (event) => problems.push(event),
        });
        const writer = await PostgresCatalogStore.open(db.url);
        try {
          let calls = 0;
          const stop = await store.watch(() => calls++);
          const killed = await db.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'gift-genius-listen' AND datname = current_database()`,
          );
          expect(killed.rowCount).toBe(1);
          // A write while the listener is down: its NOTIFY is lost, the catch-up call is not.
          await writer.write([fresh('written-while-down')], 'merge');
          await waitFor('the catch-up call after reconnecting', () => calls >= 1);
          expect(problems).toContain('pg_listen_lost');
          await waitFor(
            'a new listener',
            async () =>
              (
                await db.query(
                  `SELECT 1 FROM pg_stat_activity WHERE application_name = 'gift-genius-listen' AND datname = current_database()`,
                )
              ).rowCount === 1,
          );
          const before = calls;
          await writer.write([fresh('written-after')], 'merge');
          await waitFor('a notification on the new connection', () => calls > before);
          await stop();
          await waitFor(
            'the listener to close',
            async () =>
              (
                await db.query(
                  `SELECT 1 FROM pg_stat_activity WHERE application_name = 'gift-genius-listen' AND datname = current_database()`,
                )
              ).rowCount === 0,
          );
        } finally {
          await store.close();
          await writer.close();
        }
      });
    });
  });
} else {
  console.warn(`SKIPPED Postgres half of the store suite: ${probe.reason}`);
  describe(`catalog store: postgres — SKIPPED: ${probe.reason}`, () => {
    it.skip('needs Postgres', () => undefined);
  });
}

describe('catalog store: sqlite file layout', () => {
  const tableSql = (path: string) => {
    const db = new Database(path, { readonly: true });
    try {
      return {
        gifts: db.prepare<[], { sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'gifts'").get()!.sql,
        priceIndex: db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = 'gifts_price'").get(),
        version: db.pragma('user_version', { simple: true }),
      };
    } finally {
      db.close();
    }
  };

  it('keeps gifts in a rowid table (~1 KB records: a WITHOUT ROWID lookup by id cost 3× as much)', async () => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const store = await openCatalog(dir.path);
    await store.close();
    const made = tableSql(join(dir.path, 'giftgen.sqlite'));
    expect(made.gifts).not.toMatch(/WITHOUT ROWID/i);
    expect(made.priceIndex).toBeTruthy();
    expect(made.version).toBe(SQLITE_MIGRATIONS.length);
  });

  it('rebuilds a file of the earlier layout in place: every gift, the change log and the identity kept', async () => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const path = join(dir.path, 'giftgen.sqlite');
    const old = new Database(path);
    old.pragma('journal_mode = WAL');
    for (const sql of SQLITE_MIGRATIONS.slice(0, 2)) old.exec(sql);
    old.pragma('user_version = 2');
    const insert = old.prepare('INSERT INTO gifts (id, price, age_min, age_max, record) VALUES (?, ?, ?, ?, ?)');
    const kept = catalog.slice(0, 40);
    for (const g of kept) insert.run(g.id, g.price, g.ageMin, g.ageMax, JSON.stringify(g));
    old.prepare("INSERT INTO changes (gift_id, kind) VALUES ('x', 'added'), ('y', 'added')").run();
    const identity = old.prepare("SELECT value FROM catalog_meta WHERE key = 'identity'").pluck().get();
    old.close();
    expect(tableSql(path).gifts).toMatch(/WITHOUT ROWID/i);

    const store = new SqliteCatalogStore(path);
    cleanups.push(() => store.close());
    const after = tableSql(path);
    expect(after.gifts).not.toMatch(/WITHOUT ROWID/i);
    expect(after.priceIndex).toBeTruthy();
    expect(after.version).toBe(SQLITE_MIGRATIONS.length);
    expect((await store.all()).map((g) => g.id)).toEqual(kept.map((g) => g.id).sort(byteOrder));
    expect(await store.get(kept[7]!.id)).toEqual(kept[7]);
    expect(await store.revision()).toBe(2);
    expect(await store.identity()).toBe(identity);
  });
});
