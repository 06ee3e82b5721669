import type { Gift } from './schema.js';

/** A position in the id-ordered catalog; opaque to clients (see primitives/cursor.ts). */
export interface GiftPage {
  items: Gift[];
  /** The id of the last item, when more items follow. */
  nextAfterId?: string;
}

export interface CatalogStats {
  items: number;
  byCategory: Record<string, number>;
  price: { min: number; max: number; median: number };
  revision: number;
}

/** What changed since a revision, so a server can tell its clients exactly that. */
export interface CatalogChange {
  revision: number;
  /** Items added or removed: the list itself changed. */
  listChanged: boolean;
  /** Ids whose record changed (updated, added or removed). */
  changedIds: string[];
}

export interface ImportResult {
  added: number;
  updated: number;
  removed: number;
  unchanged: number;
  revision: number;
}

/** One valid record of an import file, and where it was (1-based record number). */
export interface ImportRow {
  row: number;
  gift: Gift;
}

export interface ImportHooks {
  /** Records written so far (after each batch). */
  progress?(rows: number): void;
  /** `row` repeats the id first seen at `firstRow`; the repeat is not written. */
  duplicate?(id: string, row: number, firstRow: number): void;
  /** Last, in the transaction: throw to write nothing. */
  beforeCommit?(): void;
}

/**
 * The catalog behind every lane. SQLite is the embedded default; a Postgres
 * implementation plugs in here for scale-out. Implementations must make
 * `replaceAll` atomic: either every row lands or none does.
 */
export interface CatalogStore {
  readonly kind: string;
  get(id: string): Promise<Gift | undefined>;
  /** Keyset page in id order, starting strictly after `afterId`. */
  page(afterId: string | undefined, limit: number): Promise<GiftPage>;
  all(): Promise<Gift[]>;
  count(): Promise<number>;
  stats(): Promise<CatalogStats>;
  /** Monotonic counter, bumped by every committed change. */
  revision(): Promise<number>;
  /** Changes committed after `revision` (by this process or any other). */
  changesSince(revision: number): Promise<CatalogChange>;
  /** Insert or update the given records; `replace` also removes records not in the set. */
  write(
    gifts: Gift[],
    mode: 'merge' | 'replace',
    onProgress?: (done: number, total: number) => void,
  ): Promise<ImportResult>;
  /**
   * Writes records as they come, in one transaction: for an import file of any size, with memory
   * bounded by a batch, not the file. A repeated id is not written again: `hooks.duplicate` hears of
   * it. `hooks.beforeCommit` runs last, inside the transaction: when it throws (the file had a bad
   * row, the user pressed Ctrl-C), or the rows themselves throw, nothing is written.
   */
  importRows(rows: AsyncIterable<ImportRow>, mode: 'merge' | 'replace', hooks?: ImportHooks): Promise<ImportResult>;
  remove(ids: string[]): Promise<number>;
  /**
   * Optional push of "something changed" (e.g. Postgres LISTEN/NOTIFY), so servers need
   * not wait for their next poll. Returns the function that stops watching.
   */
  watch?(onChange: () => void): Promise<() => Promise<void>>;
  /**
   * Records a requestState nonce as spent: true the first time it is called for that nonce by any
   * instance on this store, false after. Optional (a store without it: spent in process memory).
   */
  spendState?(nonce: string, expiresAtMs: number): Promise<boolean>;
  /**
   * What tells this store from every other: made once when the store is created, the same for every
   * instance on it. requestStates are bound to it, so one minted on another store (which cannot know
   * what this one spent) is refused here.
   */
  identity?(): Promise<string>;
  close(): Promise<void>;
}
