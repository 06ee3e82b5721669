import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Gift } from './schema.js';
import { summarizeStats } from './stats.js';
import type {
  CatalogChange,
  CatalogStats,
  CatalogStore,
  GiftPage,
  ImportHooks,
  ImportResult,
  ImportRow,
} from './store.js';

/** How long an open waits for another process's lock on the same file. */
const BUSY_WAIT_MS = 5000;

/** Runs `step` again, after a short sleep, while SQLite answers SQLITE_BUSY, up to BUSY_WAIT_MS. */
function whileBusy<T>(step: () => T): T {
  const deadline = Date.now() + BUSY_WAIT_MS;
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    try {
      return step();
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
      // Opening is synchronous (the store's constructor); this sleep happens only on a contended first open.
      Atomics.wait(sleeper, 0, 0, pause);
    }
  }
}

/** Keep this many change rows; a reader further behind is told "everything may have changed". */
const CHANGE_LOG_KEEP = 100_000;

export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE gifts (
     id TEXT PRIMARY KEY,
     price REAL NOT NULL,
     age_min INTEGER NOT NULL,
     age_max INTEGER NOT NULL,
     record TEXT NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX gifts_price ON gifts(price);
   CREATE TABLE changes (
     revision INTEGER PRIMARY KEY AUTOINCREMENT,
     gift_id TEXT NOT NULL,
     kind TEXT NOT NULL CHECK (kind IN ('added', 'updated', 'removed'))
   );`,
  // requestState nonces spent by any process on this file, and the file's identity (store.ts: identity).
  `CREATE TABLE spent_states (nonce TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) WITHOUT ROWID;
   CREATE INDEX spent_states_expires ON spent_states(expires_at);
   CREATE TABLE catalog_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
   INSERT INTO catalog_meta (key, value) VALUES ('identity', lower(hex(randomblob(16))));`,
  // gifts as a rowid table. WITHOUT ROWID keeps whole rows in the B-tree's interior pages, which SQLite
  // advises against for rows over ~1/20 of a page: records are ~1.1 KB (up to 2 KB) on 4 KB pages, and a
  // lookup by id took 15.6 µs against 5.6 µs in a rowid table (833 gifts, Node 20, one core): ~10 % of
  // a get_gift call's CPU (bench/results). test/store-suite.test.ts holds the shape and the migration.
  `CREATE TABLE gifts_rowid (
     id TEXT PRIMARY KEY,
     price REAL NOT NULL,
     age_min INTEGER NOT NULL,
     age_max INTEGER NOT NULL,
     record TEXT NOT NULL
   );
   INSERT INTO gifts_rowid (id, price, age_min, age_max, record) SELECT id, price, age_min, age_max, record FROM gifts;
   DROP TABLE gifts;
   ALTER TABLE gifts_rowid RENAME TO gifts;
   CREATE INDEX gifts_price ON gifts(price);`,
];

/**
 * The embedded catalog: one SQLite file in WAL mode, so a `gift-genius catalog import`
 * in another process can write while servers read, and the servers learn of it
 * through the `changes` log (see `changesSince`).
 */
export class SqliteCatalogStore implements CatalogStore {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly stmts;

  constructor(readonly path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new Database(path);
    // First: another process opening the same new file right now (two servers starting, an import
    // while a server starts) then makes this one wait for its locks instead of failing.
    this.db.pragma(`busy_timeout = ${BUSY_WAIT_MS}`);
    // Switching a new file to WAL needs its write lock, and SQLite answers SQLITE_BUSY at once, without
    // calling the busy handler, where waiting could deadlock (another process holds that lock while
    // this one holds a read lock): so wait here, as long as the busy timeout would.
    whileBusy(() => this.db.pragma('journal_mode = WAL'));
    this.db.pragma('synchronous = NORMAL');
    this.migrate();
    this.stmts = {
      get: this.db.prepare<[string], { record: string }>('SELECT record FROM gifts WHERE id = ?'),
      pageFirst: this.db.prepare<[number], { id: string; record: string }>(
        'SELECT id, record FROM gifts ORDER BY id LIMIT ?',
      ),
      pageAfter: this.db.prepare<[string, number], { id: string; record: string }>(
        'SELECT id, record FROM gifts WHERE id > ? ORDER BY id LIMIT ?',
      ),
      all: this.db.prepare<[], { record: string }>('SELECT record FROM gifts ORDER BY id'),
      count: this.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM gifts'),
      revision: this.db.prepare<[], { r: number | null }>('SELECT max(revision) AS r FROM changes'),
      oldestRevision: this.db.prepare<[], { r: number | null }>('SELECT min(revision) AS r FROM changes'),
      changesSince: this.db.prepare<[number], { revision: number; gift_id: string; kind: string }>(
        'SELECT revision, gift_id, kind FROM changes WHERE revision > ? ORDER BY revision',
      ),
      upsert: this.db.prepare(
        `INSERT INTO gifts (id, price, age_min, age_max, record) VALUES (@id, @price, @ageMin, @ageMax, @record)
         ON CONFLICT(id) DO UPDATE SET price = excluded.price, age_min = excluded.age_min,
           age_max = excluded.age_max, record = excluded.record`,
      ),
      remove: this.db.prepare<[string]>('DELETE FROM gifts WHERE id = ?'),
      ids: this.db.prepare<[], { id: string }>('SELECT id FROM gifts'),
      logChange: this.db.prepare<[string, string]>('INSERT INTO changes (gift_id, kind) VALUES (?, ?)'),
      prune: this.db.prepare<[number]>('DELETE FROM changes WHERE revision <= ?'),
      spend: this.db.prepare<[string, number]>('INSERT OR IGNORE INTO spent_states (nonce, expires_at) VALUES (?, ?)'),
      forgetSpent: this.db.prepare<[number]>('DELETE FROM spent_states WHERE expires_at < ?'),
      identity: this.db.prepare<[], { value: string }>("SELECT value FROM catalog_meta WHERE key = 'identity'"),
    };
  }

  private migrate(): void {
    const version = () => this.db.pragma('user_version', { simple: true }) as number;
    if (version() >= MIGRATIONS.length) return;
    // IMMEDIATE takes the write lock before the version is read again: of two processes
    // migrating a new file at once, the second finds the work done.
    this.db
      .transaction(() => {
        for (let v = version(); v < MIGRATIONS.length; v++) {
          this.db.exec(MIGRATIONS[v]!);
          this.db.pragma(`user_version = ${v + 1}`);
        }
      })
      .immediate();
  }

  /**
   * Fills a catalog that never had any gift (revision 0, no rows) — a first start. Checked again
   * under the write lock, so two first starts on one folder seed once, and a seed never replaces
   * what another process imported in between. `load` runs only when seeding.
   */
  async seedIfEmpty(load: () => Gift[]): Promise<boolean> {
    const empty = () => (this.stmts.revision.get()!.r ?? 0) === 0 && this.stmts.count.get()!.n === 0;
    if (!empty()) return false;
    return this.db
      .transaction(() => {
        if (!empty()) return false;
        this.writeInTransaction(load(), 'replace');
        return true;
      })
      .immediate();
  }

  async get(id: string): Promise<Gift | undefined> {
    const row = this.stmts.get.get(id);
    return row ? (JSON.parse(row.record) as Gift) : undefined;
  }

  async page(afterId: string | undefined, limit: number): Promise<GiftPage> {
    // One extra row tells whether another page follows without a count query.
    const rows =
      afterId === undefined ? this.stmts.pageFirst.all(limit + 1) : this.stmts.pageAfter.all(afterId, limit + 1);
    const items = rows.slice(0, limit).map((r) => JSON.parse(r.record) as Gift);
    return rows.length > limit ? { items, nextAfterId: items[items.length - 1]!.id } : { items };
  }

  async all(): Promise<Gift[]> {
    return this.stmts.all.all().map((r) => JSON.parse(r.record) as Gift);
  }

  async count(): Promise<number> {
    return this.stmts.count.get()!.n;
  }

  async revision(): Promise<number> {
    return this.stmts.revision.get()!.r ?? 0;
  }

  async stats(): Promise<CatalogStats> {
    return summarizeStats(await this.all(), await this.revision());
  }

  async changesSince(revision: number): Promise<CatalogChange> {
    const oldest = this.stmts.oldestRevision.get()!.r;
    const rows = this.stmts.changesSince.all(revision);
    const latest = rows.length ? rows[rows.length - 1]!.revision : Math.max(revision, await this.revision());
    // The log was pruned past this reader: all it can know is that anything may have changed.
    if (oldest !== null && revision > 0 && oldest > revision + 1) {
      return { revision: latest, listChanged: true, changedIds: [...new Set(rows.map((r) => r.gift_id))] };
    }
    return {
      revision: latest,
      listChanged: rows.some((r) => r.kind !== 'updated'),
      changedIds: [...new Set(rows.map((r) => r.gift_id))],
    };
  }

  async write(
    gifts: Gift[],
    mode: 'merge' | 'replace',
    onProgress?: (done: number, total: number) => void,
  ): Promise<ImportResult> {
    return this.db.transaction(() => this.writeInTransaction(gifts, mode, onProgress)).immediate();
  }

  private writeInTransaction(
    gifts: Gift[],
    mode: 'merge' | 'replace',
    onProgress?: (done: number, total: number) => void,
  ): ImportResult {
    const result = { added: 0, updated: 0, removed: 0, unchanged: 0, revision: 0 };
    const keep = new Set<string>();
    gifts.forEach((gift, i) => {
      keep.add(gift.id);
      this.writeOne(gift, result);
      if (onProgress && (i % 500 === 0 || i === gifts.length - 1)) onProgress(i + 1, gifts.length);
    });
    if (mode === 'replace') {
      for (const { id } of this.stmts.ids.all()) {
        if (keep.has(id)) continue;
        this.stmts.remove.run(id);
        this.stmts.logChange.run(id, 'removed');
        result.removed++;
      }
    }
    return this.finish(result);
  }

  private writeOne(gift: Gift, result: ImportResult): void {
    const record = JSON.stringify(gift);
    const before = this.stmts.get.get(gift.id);
    if (before?.record === record) result.unchanged++;
    else {
      this.stmts.upsert.run({ id: gift.id, price: gift.price, ageMin: gift.ageMin, ageMax: gift.ageMax, record });
      this.stmts.logChange.run(gift.id, before ? 'updated' : 'added');
      if (before) result.updated++;
      else result.added++;
    }
  }

  private finish(result: ImportResult): ImportResult {
    const revision = this.stmts.revision.get()!.r ?? 0;
    if (revision > CHANGE_LOG_KEEP) this.stmts.prune.run(revision - CHANGE_LOG_KEEP);
    result.revision = revision;
    return result;
  }

  /**
   * The ids seen so far live in a temporary table (SQLite's temp store, not the JS heap), so an import
   * holds one record at a time whatever the file's size. The write lock is held from the first row to
   * the commit; readers (the servers, in WAL mode) are not held up.
   */
  async importRows(rows: AsyncIterable<ImportRow>, mode: 'merge' | 'replace', hooks: ImportHooks = {}) {
    const result = { added: 0, updated: 0, removed: 0, unchanged: 0, revision: 0 };
    this.db.exec('BEGIN IMMEDIATE');
    try {
      this.db.exec('CREATE TEMP TABLE import_ids (id TEXT PRIMARY KEY, row INTEGER NOT NULL) WITHOUT ROWID');
      const seen = this.db.prepare<[string, number]>('INSERT OR IGNORE INTO temp.import_ids (id, row) VALUES (?, ?)');
      const firstRow = this.db.prepare<[string], { row: number }>('SELECT row FROM temp.import_ids WHERE id = ?');
      let written = 0;
      for await (const { row, gift } of rows) {
        if (seen.run(gift.id, row).changes === 0) {
          hooks.duplicate?.(gift.id, row, firstRow.get(gift.id)!.row);
          continue;
        }
        this.writeOne(gift, result);
        if (++written % 500 === 0) hooks.progress?.(written);
      }
      hooks.progress?.(written);
      if (mode === 'replace') {
        const gone = 'FROM gifts WHERE id NOT IN (SELECT id FROM temp.import_ids)';
        this.db.exec(`INSERT INTO changes (gift_id, kind) SELECT id, 'removed' ${gone} ORDER BY id`);
        result.removed = this.db.prepare(`DELETE ${gone}`).run().changes;
      }
      hooks.beforeCommit?.();
      this.finish(result);
      this.db.exec('DROP TABLE temp.import_ids');
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      this.db.exec('DROP TABLE IF EXISTS temp.import_ids');
      throw error;
    }
  }

  async remove(ids: string[]): Promise<number> {
    let removed = 0;
    this.db
      .transaction(() => {
        for (const id of ids) {
          if (this.stmts.remove.run(id).changes > 0) {
            this.stmts.logChange.run(id, 'removed');
            removed++;
          }
        }
      })
      .immediate();
    return removed;
  }

  private spends = 0;

  async spendState(nonce: string, expiresAtMs: number): Promise<boolean> {
    // Expired nonces can never verify again (the seal has a TTL): cleared now and then, not on every call.
    if (++this.spends % 100 === 1) this.stmts.forgetSpent.run(Date.now());
    return this.stmts.spend.run(nonce, expiresAtMs).changes === 1;
  }

  async identity(): Promise<string> {
    return this.stmts.identity.get()!.value;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
