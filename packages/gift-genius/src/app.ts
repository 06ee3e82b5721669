import { unwatchFile, watchFile } from 'node:fs';
import type { Logger } from 'pino';
import { CatalogUnavailableError, guardReads } from './catalog/guarded-store.js';
import type { Gift } from './catalog/schema.js';
import type { CatalogStore } from './catalog/store.js';
import { LiveUpdates } from './live/live-updates.js';
import { RateLimitedLog } from './observe/rate-limited-log.js';
import { RequestStateGuard } from './primitives/request-state.js';
import { DEFAULT_TOOL_CONFIG, readToolConfig, type ToolConfig } from './primitives/tool-config.js';
import { giftUri } from './primitives/uris.js';
import { GiftIndex, type IndexRankOptions } from './recommend/gift-index.js';
import type { GiftQuery, Ranking } from './recommend/rank.js';
import { type AppListing, DEFAULT_SERVER_SETTINGS, type ServerSettings } from './settings.js';

export interface AppOptions {
  store: CatalogStore;
  log: Logger;
  toolConfigPath?: string;
  /** How often to look for catalog changes made by other processes. */
  pollMs?: number;
  pageSize?: number;
  /** Legacy `resources/subscribe` URIs per connection or session. */
  maxSubscriptions?: number;
  /** What the environment set (the CLI reads it); defaults when embedded or in a test. */
  settings?: Pick<ServerSettings, 'stateKey' | 'widgetDomain' | 'appListing'>;
  /** OAuth scopes a tool needs (`--auth-scopes tool=scope`); a call without them gets 403 insufficient_scope. */
  toolScopes?: ReadonlyMap<string, readonly string[]>;
}

/**
 * The process-wide state behind every server instance: the catalog, an in-memory
 * snapshot of it and its ranking index, the tool configuration, and the change feed lanes
 * subscribe to. Instances themselves are cheap and per-connection or per-request.
 */
export class GiftGenApp {
  readonly store: CatalogStore;
  readonly log: Logger;
  readonly pageSize: number;
  readonly maxSubscriptions: number;
  /** Seals and checks input_required round trips; one key per process (or one for all, GIFTGEN_STATE_KEY). */
  readonly stateGuard: RequestStateGuard;
  /** The one fan-out of changes: kept answers, stdio connections, legacy GET streams, listen streams (live/live-updates.ts). */
  readonly live = new LiveUpdates();
  /** Where the widget's sandbox origin lives, when set (GIFTGEN_WIDGET_DOMAIN). */
  readonly widgetDomain?: string;
  readonly appListing: AppListing;
  /** OAuth scopes per tool, by tool name (empty: none asked). */
  readonly toolScopes: ReadonlyMap<string, readonly string[]>;
  private snapshot: Gift[] = [];
  private snapshotIds: string[] = [];
  private snapshotById = new Map<string, Gift>();
  /** A snapshot was read at least once (until then an outage has nothing to serve from). */
  private loaded = false;
  /** The snapshot's ranking index, built at the first rank (a stdio start answers tools/list without it). */
  private index?: GiftIndex;
  private seenRevision = 0;
  private toolConfigValue: ToolConfig = DEFAULT_TOOL_CONFIG;
  private timer?: NodeJS.Timeout;
  private unwatchStore?: () => Promise<void>;
  private polling?: Promise<void>;
  private readonly toolConfigPath?: string;
  private readonly pollMs: number;
  private readonly outage: RateLimitedLog;

  constructor(options: AppOptions) {
    // A store that is down fails every read and every poll (300 ms): one line per 30 s says so, and one its return.
    const outage = new RateLimitedLog(options.log, 30_000);
    let failingSince: number | undefined;
    this.store = guardReads(options.store, {
      failed: (method, error) => {
        failingSince ??= Date.now();
        outage.error({ event: 'catalog_unavailable', method, err: error.message }, 'catalog read failed');
      },
      recovered: () => {
        if (failingSince === undefined) return;
        const unavailableMs = Date.now() - failingSince;
        failingSince = undefined;
        const failuresNotLogged = outage.reset();
        options.log.info({ event: 'catalog_recovered', unavailableMs, failuresNotLogged }, 'catalog readable again');
      },
    });
    this.outage = outage;
    // Spent states go where every instance on the store sees them (Postgres, or the SQLite file).
    const shared = this.store.spendState?.bind(this.store);
    const settings = options.settings ?? DEFAULT_SERVER_SETTINGS;
    this.stateGuard = new RequestStateGuard(settings.stateKey, shared);
    this.widgetDomain = settings.widgetDomain;
    this.appListing = settings.appListing;
    this.toolScopes = options.toolScopes ?? new Map();
    this.log = options.log;
    this.toolConfigPath = options.toolConfigPath;
    this.pollMs = options.pollMs ?? 300;
    this.pageSize = options.pageSize ?? 50;
    this.maxSubscriptions = options.maxSubscriptions ?? 100;
  }

  async start(): Promise<void> {
    const identity = await this.store.identity?.();
    if (identity !== undefined) this.stateGuard.useStore(identity);
    this.seenRevision = await this.store.revision();
    await this.reloadSnapshot();
    this.toolConfigValue = readToolConfig(this.toolConfigPath);
    this.timer = setInterval(() => void this.pollCatalog(), this.pollMs);
    this.timer.unref();
    // A store that can push (Postgres LISTEN/NOTIFY) cuts the delay; polling stays as the safety net.
    this.unwatchStore = await this.store.watch?.(() => void this.pollCatalog());
    if (this.toolConfigPath) {
      // watchFile polls: it survives editors that replace the file instead of writing it.
      watchFile(this.toolConfigPath, { interval: 250, persistent: false }, () => this.reloadToolConfig('file change'));
    }
  }

  get toolConfig(): ToolConfig {
    return this.toolConfigValue;
  }

  get gifts(): readonly Gift[] {
    return this.snapshot;
  }

  /** Ranks the current snapshot: exactly rankGifts(gifts without options.skipIds, query), through its index. */
  rank(query: GiftQuery, options?: IndexRankOptions): Ranking {
    // Before the first snapshot (a store still being waited for) there is nothing to rank: say so, not "no match".
    if (!this.loaded) throw new CatalogUnavailableError();
    return this.rankingIndex().rank(query, options);
  }

  /**
   * The current snapshot's index, built now if it is not yet (~60 ms for the real catalog): a start
   * calls this once its first answers are out, so the first suggest_gifts rarely pays for it.
   */
  rankingIndex(): GiftIndex {
    this.index ??= GiftIndex.build(this.snapshot);
    return this.index;
  }

  /** Ids in catalog order, for completion of `gift://catalog/{id}`. */
  get giftIds(): readonly string[] {
    return this.snapshotIds;
  }

  /**
   * One gift, from the store (the freshest), or from the last snapshot while the store cannot be
   * read: reads keep working through an outage, as the README promises.
   */
  async gift(id: string): Promise<Gift | undefined> {
    try {
      return await this.store.get(id);
    } catch (error) {
      if (!this.loaded) throw error;
      return this.snapshotById.get(id);
    }
  }

  /** Whether the current snapshot has a gift by this id. */
  hasGift(id: string): boolean {
    return this.snapshotById.has(id);
  }

  reloadToolConfig(reason: string): void {
    if (!this.toolConfigPath) return;
    try {
      const next = readToolConfig(this.toolConfigPath);
      if (JSON.stringify(next) === JSON.stringify(this.toolConfigValue)) return;
      this.toolConfigValue = next;
      this.log.info(
        { event: 'tools_config_reloaded', reason, path: this.toolConfigPath },
        'tool configuration changed',
      );
      this.live.publish({ kind: 'toolsChanged' });
    } catch (error) {
      // A half-written or invalid file keeps the last good configuration.
      this.log.warn(
        { event: 'tools_config_rejected', reason, err: (error as Error).message },
        'tool configuration rejected',
      );
    }
  }

  /** Looks for committed catalog changes (from this or any other process) and announces them. */
  pollCatalog(): Promise<void> {
    this.polling ??= this.checkChanges().finally(() => (this.polling = undefined));
    return this.polling;
  }

  private async checkChanges(): Promise<void> {
    try {
      const change = await this.store.changesSince(this.seenRevision);
      if (change.revision === this.seenRevision) return;
      this.seenRevision = change.revision;
      await this.reloadSnapshot();
      this.log.info(
        {
          event: 'catalog_changed',
          revision: change.revision,
          listChanged: change.listChanged,
          changed: change.changedIds.length,
        },
        'catalog changed',
      );
      // The one fan-out: kept answers (registered first) are dropped, then clients are told.
      if (change.listChanged) this.live.publish({ kind: 'resourcesListChanged' });
      for (const id of change.changedIds) this.live.publish({ kind: 'resourceUpdated', uri: giftUri(id) });
    } catch (error) {
      this.outage.error({ event: 'catalog_poll_failed', err: (error as Error).message }, 'catalog poll failed');
    }
  }

  private async reloadSnapshot(): Promise<void> {
    const snapshot = await this.store.all();
    // Dropped with its snapshot in the same step, so no call ever ranks one snapshot with another's index.
    this.index = undefined;
    this.snapshot = snapshot;
    this.snapshotIds = snapshot.map((g) => g.id);
    this.snapshotById = new Map(snapshot.map((g) => [g.id, g]));
    this.loaded = true;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.unwatchStore?.();
    if (this.toolConfigPath) unwatchFile(this.toolConfigPath);
    await this.polling;
    await this.store.close();
  }
}
