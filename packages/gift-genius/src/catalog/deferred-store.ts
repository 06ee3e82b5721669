import type { CatalogStore } from './store.js';

/**
 * A store that is not open yet (Postgres down when the instance starts): every call fails, as a
 * read of a store that went away does, until `attach` hands it the real one. Lets the server
 * listen (and /healthz say 503) while it waits for its database, instead of exiting.
 */
export class DeferredStore implements CatalogStore {
  private inner?: CatalogStore;

  constructor(readonly kind: string) {}

  attach(store: CatalogStore): void {
    this.inner = store;
  }

  get attached(): boolean {
    return this.inner !== undefined;
  }

  private get store(): CatalogStore {
    if (!this.inner) throw new Error(`the ${this.kind} catalog is not open yet`);
    return this.inner;
  }

  get: CatalogStore['get'] = async (...a) => this.store.get(...a);
  page: CatalogStore['page'] = async (...a) => this.store.page(...a);
  all: CatalogStore['all'] = async () => this.store.all();
  count: CatalogStore['count'] = async () => this.store.count();
  stats: CatalogStore['stats'] = async () => this.store.stats();
  revision: CatalogStore['revision'] = async () => this.store.revision();
  changesSince: CatalogStore['changesSince'] = async (...a) => this.store.changesSince(...a);
  write: CatalogStore['write'] = async (...a) => this.store.write(...a);
  importRows: CatalogStore['importRows'] = async (...a) => this.store.importRows(...a);
  remove: CatalogStore['remove'] = async (...a) => this.store.remove(...a);
  watch = async (onChange: () => void): Promise<() => Promise<void>> =>
    this.store.watch ? this.store.watch(onChange) : async () => undefined;
  spendState = async (nonce: string, expiresAtMs: number): Promise<boolean> => {
    if (!this.store.spendState) throw new Error(`the ${this.kind} catalog cannot record spent states`);
    return this.store.spendState(nonce, expiresAtMs);
  };
  identity = async (): Promise<string> => {
    if (!this.store.identity) throw new Error(`the ${this.kind} catalog has no identity`);
    return this.store.identity();
  };
  close = async (): Promise<void> => this.inner?.close();
}
