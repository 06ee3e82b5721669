import pg from 'pg';
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

/** Keep this many change rows; a reader further behind is told "everything may have changed" (as SQLite). */
const CHANGE_LOG_KEEP = 100_000;
/** Rows per INSERT … SELECT FROM unnest(…) round trip during a write. */
const WRITE_BATCH = 500;
/** The LISTEN/NOTIFY channel; the payload is the new revision (informational: readers use the log). */
export const NOTIFY_CHANNEL = 'giftgen_catalog';
/**
 * Session advisory lock key held while migrating and seeding, so that two instances
 * starting at once on an empty database do not both run `CREATE TABLE`.
 * (A constant: 'giftgen:migrate' as two int4 would do too; any fixed bigint works.)
 */
const MIGRATION_LOCK_KEY = 0x6769_6674_6765_6e01n; // "giftgen" + 1

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * Versioned, forward-only migrations. Applied in order, each in its own transaction,
 * recorded in `schema_migrations`. Never edit one that has shipped: append a new one.
 *
 * `id` is `COLLATE "C"` so keyset paging orders by bytes exactly as SQLite does; with a
 * linguistic collation, `-` is ignored at the first level and pages would interleave
 * differently from the SQLite store (and from cursors handed out earlier).
 * `record` is the exact JSON text (not jsonb) so "unchanged" is a byte comparison, as in SQLite.
 */
export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'gifts and change log',
    sql: `
      CREATE TABLE gifts (
        id text COLLATE "C" PRIMARY KEY,
        price double precision NOT NULL,
        age_min integer NOT NULL,
        age_max integer NOT NULL,
        record text NOT NULL
      );
      CREATE INDEX gifts_price ON gifts (price);
      CREATE TABLE changes (
        revision bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        gift_id text COLLATE "C" NOT NULL,
        kind text NOT NULL CHECK (kind IN ('added', 'updated', 'removed'))
      );`,
  },
  {
    version: 2,
    name: 'spent request states',
    // requestState nonces spent by any instance (primitives/request-state.ts): single use across instances.
    sql: `
      CREATE TABLE spent_states (
        nonce text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX spent_states_expires ON spent_states (expires_at);`,
  },
  {
    version: 3,
    name: 'catalog identity',
    // What requestStates are bound to (store.ts: identity): the same for every instance on this database.
    sql: `
      CREATE TABLE catalog_meta (key text PRIMARY KEY, value text NOT NULL);
      INSERT INTO catalog_meta (key, value) VALUES ('identity', gen_random_uuid()::text);`,
  },
];

export interface PostgresStoreOptions {
  /** Pool size per process (default 10; the CLI takes GIFTGEN_PG_POOL_MAX). */
  poolMax?: number;
  /** Called with problems that are handled (a dropped idle or LISTEN connection). */
  onError?: (event: string, error: Error) => void;
  /** First LISTEN reconnect delay; doubles up to `reconnectMaxMs`. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** Migrations to apply (tests use this to check upgrades); defaults to MIGRATIONS. */
  migrations?: Migration[];
}

type Queryable = pg.Pool | pg.PoolClient | pg.Client;

/**
 * The catalog on PostgreSQL, for many server instances on one database.
 *
 * Same tables and semantics as the SQLite store: `gifts`, and a `changes` log whose
 * `revision` is the cursor every instance follows with `changesSince`. Writes also send
 * `NOTIFY giftgen_catalog` in the same transaction, so `watch` wakes the other instances
 * as soon as the write commits; the log stays the truth (a notification carries no data,
 * and one that is missed while a LISTEN connection is down is made up for by reading the
 * log on reconnect and by the app's regular poll).
 */
export class PostgresCatalogStore implements CatalogStore {
  readonly kind = 'postgres';
  private readonly pool: pg.Pool;
  private readonly watchers = new Set<() => Promise<void>>();
  private closed = false;

  private constructor(
    private readonly connectionString: string,
    private readonly options: PostgresStoreOptions,
  ) {
    this.pool = new pg.Pool({
      connectionString,
      // At least 2: first-start seeding writes through the pool while one connection holds the migration lock.
      max: Math.max(2, options.poolMax ?? 10),
      application_name: 'gift-genius',
      idleTimeoutMillis: 30_000,
      // Fail a request rather than hang it when the database cannot be reached.
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    // An idle pooled connection that dies (server restart, failover) must not crash the process.
    this.pool.on('error', (error) => this.report('pg_pool_error', error));
  }

  /**
   * Connects, applies pending migrations and, on an empty catalog, writes `seed()` — all
   * under one advisory lock, so concurrent first starts neither race on DDL nor seed twice.
   */
  static async open(
    connectionString: string,
    options: PostgresStoreOptions & { seed?: () => Gift[] } = {},
  ): Promise<PostgresCatalogStore> {
    const store = new PostgresCatalogStore(connectionString, options);
    try {
      await store.migrate(options.migrations ?? MIGRATIONS, options.seed);
    } catch (error) {
      await store.pool.end().catch(() => undefined);
      throw error;
    }
    return store;
  }

  private report(event: string, error: Error): void {
    if (this.options.onError) this.options.onError(event, error);
  }

  private async migrate(migrations: Migration[], seed?: () => Gift[]): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
      try {
        await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
          version integer PRIMARY KEY,
          name text NOT NULL,
          applied_at timestamptz NOT NULL DEFAULT now()
        )`);
        const applied = new Set(
          (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
        );
        const known = new Set(migrations.map((m) => m.version));
        const unknown = [...applied].filter((v) => !known.has(v));
        if (unknown.length) {
          // A newer release migrated this database; running old code against it is not safe.
          throw new Error(
            `the database has schema migrations this version does not know (${unknown.join(', ')}); upgrade gift-genius`,
          );
        }
        for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
          if (applied.has(m.version)) continue;
          await client.query('BEGIN');
          try {
            await client.query(m.sql);
            await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
            await client.query('COMMIT');
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw new Error(`schema migration ${m.version} (${m.name}) failed: ${(error as Error).message}`);
          }
        }
        if (seed && (await this.revisionOn(client)) === 0 && (await this.count()) === 0) {
          await this.write(seed(), 'replace');
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => undefined);
      }
    } finally {
      client.release();
    }
  }

  /** Applied migration versions, for tests and diagnostics. */
  async schemaVersions(): Promise<number[]> {
    const { rows } = await this.pool.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    return rows.map((r) => r.version);
  }

  async get(id: string): Promise<Gift | undefined> {
    const { rows } = await this.pool.query<{ record: string }>('SELECT record FROM gifts WHERE id = $1', [id]);
    return rows[0] ? (JSON.parse(rows[0].record) as Gift) : undefined;
  }

  async page(afterId: string | undefined, limit: number): Promise<GiftPage> {
    // One extra row tells whether another page follows without a count query.
    const { rows } =
      afterId === undefined
        ? await this.pool.query<{ record: string }>('SELECT record FROM gifts ORDER BY id LIMIT $1', [limit + 1])
        : await this.pool.query<{ record: string }>('SELECT record FROM gifts WHERE id > $1 ORDER BY id LIMIT $2', [
            afterId,
            limit + 1,
          ]);
    const items = rows.slice(0, limit).map((r) => JSON.parse(r.record) as Gift);
    return rows.length > limit ? { items, nextAfterId: items[items.length - 1]!.id } : { items };
  }

  async all(): Promise<Gift[]> {
    const { rows } = await this.pool.query<{ record: string }>('SELECT record FROM gifts ORDER BY id');
    return rows.map((r) => JSON.parse(r.record) as Gift);
  }

  async count(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>('SELECT count(*)::integer AS n FROM gifts');
    return rows[0]!.n;
  }

  async revision(): Promise<number> {
    return this.revisionOn(this.pool);
  }

  private async revisionOn(db: Queryable): Promise<number> {
    const { rows } = await db.query<{ r: string | null }>('SELECT max(revision) AS r FROM changes');
    return Number(rows[0]!.r ?? 0);
  }

  async stats(): Promise<CatalogStats> {
    // One snapshot, so the counts and the revision describe the same catalog.
    const { rows } = await this.pool.query<{ record: string; r: string | null }>(
      'SELECT g.record, (SELECT max(revision) FROM changes) AS r FROM gifts g ORDER BY g.id',
    );
    if (rows.length === 0) return summarizeStats([], await this.revision());
    return summarizeStats(
      rows.map((row) => JSON.parse(row.record) as Gift),
      Number(rows[0]!.r ?? 0),
    );
  }

  async changesSince(revision: number): Promise<CatalogChange> {
    // One statement is one snapshot: the oldest/latest revisions and the rows agree, so a
    // commit landing between two queries can never be skipped by moving the cursor past it.
    const { rows } = await this.pool.query<{
      oldest: string | null;
      latest: string | null;
      changes: Array<{ r: number; id: string; kind: string }> | null;
    }>(
      `SELECT (SELECT min(revision) FROM changes) AS oldest,
              (SELECT max(revision) FROM changes) AS latest,
              (SELECT json_agg(json_build_object('r', revision, 'id', gift_id, 'kind', kind) ORDER BY revision)
                 FROM changes WHERE revision > $1) AS changes`,
      [revision],
    );
    const row = rows[0]!;
    const changes = row.changes ?? [];
    const oldest = row.oldest === null ? null : Number(row.oldest);
    const latest = changes.length ? changes[changes.length - 1]!.r : Math.max(revision, Number(row.latest ?? 0));
    const changedIds = [...new Set(changes.map((c) => c.id))];
    // The log was pruned past this reader: all it can know is that anything may have changed.
    if (oldest !== null && revision > 0 && oldest > revision + 1)
      return { revision: latest, listChanged: true, changedIds };
    return { revision: latest, listChanged: changes.some((c) => c.kind !== 'updated'), changedIds };
  }

  /**
   * Runs `body` in one transaction that holds the writers' lock.
   *
   * Why the lock: `revision` comes from an identity (a sequence), and sequence values are
   * handed out when rows are inserted, not when transactions commit. Two unserialized
   * writers could take revisions 41 and 42, and 42 could commit first; a reader polling
   * right then would see 42, move its cursor to 42, and never see 41 when it commits —
   * a lost notification. `LOCK TABLE changes IN EXCLUSIVE MODE` (taken before any
   * revision is drawn and held until commit) makes writers run one at a time, so revisions
   * become visible in order: once a reader sees N, every revision below N has committed or
   * rolled back for good (a rollback leaves a harmless gap). EXCLUSIVE still admits plain
   * SELECTs, so readers and `changesSince` never wait; it also holds off any other writer
   * that inserts into `changes` directly, which an advisory lock would not.
   */
  private async writeTransaction<T>(
    body: (client: pg.PoolClient) => Promise<{ result: T; changed: boolean }>,
  ): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      try {
        await client.query('LOCK TABLE changes IN EXCLUSIVE MODE');
        const { result, changed } = await body(client);
        if (changed) {
          const revision = await this.revisionOn(client);
          if (revision > CHANGE_LOG_KEEP)
            await client.query('DELETE FROM changes WHERE revision <= $1', [revision - CHANGE_LOG_KEEP]);
          // Delivered only if, and when, this transaction commits.
          await client.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, String(revision)]);
        }
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    } finally {
      client.release();
    }
  }

  async write(
    gifts: Gift[],
    mode: 'merge' | 'replace',
    onProgress?: (done: number, total: number) => void,
  ): Promise<ImportResult> {
    return this.writeTransaction(async (client) => {
      const result = { added: 0, updated: 0, removed: 0, unchanged: 0, revision: 0 };
      // Under the writers' lock nothing else changes `gifts`, so this read stays true.
      const ids = [...new Set(gifts.map((g) => g.id))];
      const current = new Map<string, string>();
      for (let i = 0; i < ids.length; i += 10_000) {
        const { rows } = await client.query<{ id: string; record: string }>(
          'SELECT id, record FROM gifts WHERE id = ANY($1::text[])',
          [ids.slice(i, i + 10_000)],
        );
        for (const row of rows) current.set(row.id, row.record);
      }
      let changed = false;
      for (let start = 0; start < gifts.length; start += WRITE_BATCH) {
        const upserts = new Map<string, Gift & { record: string }>();
        const log: Array<[string, string]> = [];
        for (const gift of gifts.slice(start, start + WRITE_BATCH)) {
          const record = JSON.stringify(gift);
          const before = current.get(gift.id);
          if (before === record) {
            result.unchanged++;
            continue;
          }
          upserts.set(gift.id, { ...gift, record });
          log.push([gift.id, before !== undefined ? 'updated' : 'added']);
          if (before !== undefined) result.updated++;
          else result.added++;
          current.set(gift.id, record);
        }
        if (upserts.size) {
          const rows = [...upserts.values()];
          await client.query(
            `INSERT INTO gifts (id, price, age_min, age_max, record)
             SELECT * FROM unnest($1::text[], $2::float8[], $3::int[], $4::int[], $5::text[])
             ON CONFLICT (id) DO UPDATE SET price = excluded.price, age_min = excluded.age_min,
               age_max = excluded.age_max, record = excluded.record`,
            [
              rows.map((g) => g.id),
              rows.map((g) => g.price),
              rows.map((g) => g.ageMin),
              rows.map((g) => g.ageMax),
              rows.map((g) => g.record),
            ],
          );
          await this.logChanges(client, log);
          changed = true;
        }
        onProgress?.(Math.min(start + WRITE_BATCH, gifts.length), gifts.length);
      }
      if (mode === 'replace') {
        const { rows } = await client.query<{ id: string }>(
          'DELETE FROM gifts WHERE NOT (id = ANY($1::text[])) RETURNING id',
          [ids],
        );
        const removed = rows.map((r) => r.id).sort();
        if (removed.length) {
          await this.logChanges(
            client,
            removed.map((id) => [id, 'removed']),
          );
          result.removed = removed.length;
          changed = true;
        }
      }
      result.revision = await this.revisionOn(client);
      return { result, changed };
    });
  }

  /**
   * As `write`, a batch at a time into a temporary table (on the server, dropped at commit), applied in
   * two statements once every row is in and `beforeCommit` passed: the process holds one batch whatever
   * the file's size, and a rejected file draws no revision (an identity value drawn is gone even when
   * rolled back: a bad file would leave a gap before the next import's revisions).
   */
  async importRows(rows: AsyncIterable<ImportRow>, mode: 'merge' | 'replace', hooks: ImportHooks = {}) {
    return this.writeTransaction(async (client) => {
      await client.query(
        `CREATE TEMP TABLE import_rows (id text COLLATE "C" PRIMARY KEY, row integer NOT NULL, price float8,
           age_min integer, age_max integer, record text) ON COMMIT DROP`,
      );
      let staged = 0;
      let batch: ImportRow[] = [];
      const flush = async () => {
        const records = batch.map((r) => JSON.stringify(r.gift));
        const fresh = await client.query<{ id: string }>(
          `INSERT INTO import_rows (id, row, price, age_min, age_max, record)
           SELECT * FROM unnest($1::text[], $2::int[], $3::float8[], $4::int[], $5::int[], $6::text[])
           ON CONFLICT DO NOTHING RETURNING id`,
          [
            batch.map((r) => r.gift.id),
            batch.map((r) => r.row),
            batch.map((r) => r.gift.price),
            batch.map((r) => r.gift.ageMin),
            batch.map((r) => r.gift.ageMax),
            records,
          ],
        );
        const isNew = new Set(fresh.rows.map((r) => r.id));
        for (const { row, gift } of batch) {
          if (isNew.delete(gift.id)) staged++;
          else {
            const first = await client.query<{ row: number }>('SELECT row FROM import_rows WHERE id = $1', [gift.id]);
            hooks.duplicate?.(gift.id, row, first.rows[0]!.row);
          }
        }
        batch = [];
        hooks.progress?.(staged);
      };
      for await (const row of rows) {
        batch.push(row);
        if (batch.length >= WRITE_BATCH) await flush();
      }
      if (batch.length) await flush();
      hooks.beforeCommit?.();
      const { rows: counts } = await client.query<{ added: number; updated: number; unchanged: number }>(
        `SELECT count(*) FILTER (WHERE g.id IS NULL)::int AS added,
                count(*) FILTER (WHERE g.id IS NOT NULL AND g.record <> i.record)::int AS updated,
                count(*) FILTER (WHERE g.record = i.record)::int AS unchanged
           FROM import_rows i LEFT JOIN gifts g ON g.id = i.id`,
      );
      const result = { ...counts[0]!, removed: 0, revision: 0 };
      // In file order, as a batch-by-batch write logged them.
      await client.query(
        `INSERT INTO changes (gift_id, kind)
         SELECT i.id, CASE WHEN g.id IS NULL THEN 'added' ELSE 'updated' END
           FROM import_rows i LEFT JOIN gifts g ON g.id = i.id
          WHERE g.record IS DISTINCT FROM i.record ORDER BY i.row`,
      );
      await client.query(
        `INSERT INTO gifts (id, price, age_min, age_max, record)
         SELECT id, price, age_min, age_max, record FROM import_rows
         ON CONFLICT (id) DO UPDATE SET price = excluded.price, age_min = excluded.age_min,
           age_max = excluded.age_max, record = excluded.record
         WHERE gifts.record <> excluded.record`,
      );
      if (mode === 'replace') {
        const { rowCount } = await client.query(
          `WITH gone AS (DELETE FROM gifts g WHERE NOT EXISTS (SELECT 1 FROM import_rows i WHERE i.id = g.id) RETURNING id)
           INSERT INTO changes (gift_id, kind) SELECT id, 'removed' FROM gone ORDER BY id`,
        );
        result.removed = rowCount ?? 0;
      }
      result.revision = await this.revisionOn(client);
      return { result, changed: result.added + result.updated + result.removed > 0 };
    });
  }

  async remove(ids: string[]): Promise<number> {
    return this.writeTransaction(async (client) => {
      const { rows } = await client.query<{ id: string }>('DELETE FROM gifts WHERE id = ANY($1::text[]) RETURNING id', [
        [...new Set(ids)],
      ]);
      const removed = new Set(rows.map((r) => r.id));
      // Logged in the caller's order, as the SQLite store does.
      const log = [...new Set(ids)].filter((id) => removed.has(id)).map((id): [string, string] => [id, 'removed']);
      if (log.length) await this.logChanges(client, log);
      return { result: log.length, changed: log.length > 0 };
    });
  }

  private async logChanges(client: pg.PoolClient, entries: Array<[string, string]>): Promise<void> {
    await client.query(
      `INSERT INTO changes (gift_id, kind)
       SELECT id, kind FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(id, kind, n) ORDER BY n`,
      [entries.map((e) => e[0]), entries.map((e) => e[1])],
    );
  }

  /**
   * LISTEN on a dedicated connection (a pooled one would be handed to queries). When the
   * connection drops, reconnect with exponential back-off and jitter, and call `onChange`
   * once after each reconnect: whatever was committed meanwhile is then read from the log.
   */
  async watch(onChange: () => void): Promise<() => Promise<void>> {
    let stopped = false;
    let client: pg.Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    let delay = this.options.reconnectMinMs ?? 100;
    const maxDelay = this.options.reconnectMaxMs ?? 5_000;

    const connect = async (): Promise<void> => {
      const next = new pg.Client({
        connectionString: this.connectionString,
        application_name: 'gift-genius-listen',
        keepAlive: true,
        connectionTimeoutMillis: 5_000,
      });
      let dropped = false;
      const lost = (error?: Error) => {
        if (dropped) return;
        dropped = true;
        if (client === next) client = undefined;
        next.removeAllListeners('notification');
        void next.end().catch(() => undefined);
        if (stopped) return;
        this.report('pg_listen_lost', error ?? new Error('LISTEN connection ended'));
        schedule();
      };
      next.on('error', lost);
      next.on('end', () => lost());
      next.on('notification', (message) => {
        if (message.channel === NOTIFY_CHANNEL) onChange();
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${NOTIFY_CHANNEL}`);
      } catch (error) {
        dropped = true; // the caller retries; the listeners above must not schedule too
        void next.end().catch(() => undefined);
        throw error;
      }
      if (stopped) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
    };

    const schedule = () => {
      if (stopped || timer) return;
      const wait = Math.round(delay * (0.5 + Math.random() / 2));
      delay = Math.min(delay * 2, maxDelay);
      timer = setTimeout(() => {
        timer = undefined;
        connect().then(
          () => {
            if (stopped) return;
            delay = this.options.reconnectMinMs ?? 100;
            onChange(); // catch up on anything committed while we were not listening
          },
          (error: Error) => {
            this.report('pg_listen_reconnect_failed', error);
            schedule();
          },
        );
      }, wait);
      timer.unref();
    };

    try {
      await connect();
    } catch (error) {
      // The database may be briefly away at start: keep trying rather than fail the server.
      this.report('pg_listen_failed', error as Error);
      schedule();
    }
    const stop = async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const c = client;
      client = undefined;
      this.watchers.delete(stop);
      await c?.end().catch(() => undefined);
    };
    this.watchers.add(stop);
    return stop;
  }

  private spends = 0;

  /** Records a requestState nonce as spent; false when some instance spent it already. */
  async spendState(nonce: string, expiresAtMs: number): Promise<boolean> {
    // Expired nonces can never verify again (the seal has a TTL): cleared now and then, not on every call.
    if (++this.spends % 100 === 1) await this.pool.query('DELETE FROM spent_states WHERE expires_at < now()');
    const { rowCount } = await this.pool.query(
      'INSERT INTO spent_states (nonce, expires_at) VALUES ($1, to_timestamp($2 / 1000.0)) ON CONFLICT DO NOTHING',
      [nonce, expiresAtMs],
    );
    return rowCount === 1;
  }

  async identity(): Promise<string> {
    const { rows } = await this.pool.query<{ value: string }>("SELECT value FROM catalog_meta WHERE key = 'identity'");
    return rows[0]!.value;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.watchers].map((stop) => stop()));
    await this.pool.end();
  }
}
