import type { CatalogStore } from './store.js';

/** What a client is told when the catalog cannot be read right now: no host names, ports or driver text. */
export class CatalogUnavailableError extends Error {
  constructor() {
    super('The gift catalog is temporarily unavailable; please try again shortly.');
    this.name = 'CatalogUnavailableError';
  }
}

const READS = ['get', 'page', 'all', 'count', 'stats', 'revision', 'changesSince'] as const;

/**
 * The server's view of a store: a failed read (Postgres down, a dropped connection)
 * reaches clients as one clear, retryable message, and the cause goes to the log. The
 * store's own reconnection brings reads back by themselves.
 */
export interface ReadReport {
  failed(method: string, error: Error): void;
  /** A read succeeded (after failures, the store is back). */
  recovered(): void;
}

export function guardReads(store: CatalogStore, report: ReadReport): CatalogStore {
  const read =
    <A extends unknown[], R>(method: (typeof READS)[number], fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      let result: R;
      try {
        result = await fn.apply(store, args);
      } catch (error) {
        report.failed(method, error as Error);
        throw new CatalogUnavailableError();
      }
      report.recovered();
      return result;
    };
  // Every call lands on the store itself, so its own state (pools, listeners) stays in one place.
  return {
    kind: store.kind,
    get: read('get', store.get),
    page: read('page', store.page),
    all: read('all', store.all),
    count: read('count', store.count),
    stats: read('stats', store.stats),
    revision: read('revision', store.revision),
    changesSince: read('changesSince', store.changesSince),
    write: (...args) => store.write(...args),
    importRows: (...args) => store.importRows(...args),
    remove: (ids) => store.remove(ids),
    ...(store.watch && { watch: (onChange: () => void) => store.watch!(onChange) }),
    ...(store.spendState && { spendState: (nonce: string, expiresAt: number) => store.spendState!(nonce, expiresAt) }),
    ...(store.identity && { identity: () => store.identity!() }),
    close: () => store.close(),
  };
}
