/**
 * Everything the environment can set, read once where the program starts (cli.ts, cli-common.ts,
 * commands.ts) and handed down as values: nothing below the CLI reads process.env, so a server
 * built in a test or embedded in another program is configured by its arguments alone.
 */

/**
 * Who sees the app-only tools and the ui:// resource in `tools/list` / `resources/list`:
 * `negotiated` (default) — only clients that declared the MCP Apps extension
 * (`capabilities.extensions["io.modelcontextprotocol/ui"]`); `always` — every client
 * (for a host that renders MCP Apps without declaring the extension).
 */
export type AppListing = 'negotiated' | 'always';

/** What the server itself takes from the environment (the CLI's own options are commander's). */
export interface ServerSettings {
  /** LOG_LEVEL (pino's levels; default info). */
  logLevel: string;
  /** LOG_FORMAT: `json` or `pretty`; unset: pretty on a terminal, JSON otherwise. */
  logFormat?: 'json' | 'pretty';
  /** DATABASE_URL: the shared Postgres catalog, when --database-url is not given. */
  databaseUrl?: string;
  /** GIFTGEN_SEED_FILE: a deployment's own first-start catalog (JSON) instead of the bundled one. */
  seedFile?: string;
  /** GIFTGEN_PG_POOL_MAX: Postgres connections per instance (default 10, at least 2). */
  pgPoolMax?: number;
  /** GIFTGEN_STATE_KEY: the requestState sealing key shared by every instance (≥ 32 bytes). */
  stateKey?: string;
  /** GIFTGEN_WIDGET_DOMAIN: where the widget's sandbox origin lives (host-specific format). */
  widgetDomain?: string;
  /** GIFTGEN_APP_TOOLS=always: list the widget's tools and resource to every client. */
  appListing: AppListing;
}

type Env = Readonly<Record<string, string | undefined>>;

const nonEmpty = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

export function readServerSettings(env: Env): ServerSettings {
  const poolMax = Number(env.GIFTGEN_PG_POOL_MAX);
  return {
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    ...((env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') && { logFormat: env.LOG_FORMAT }),
    databaseUrl: env.DATABASE_URL || undefined,
    seedFile: env.GIFTGEN_SEED_FILE || undefined,
    pgPoolMax: Number.isFinite(poolMax) && poolMax > 0 ? poolMax : undefined,
    // As given, not trimmed: a key is bytes.
    stateKey: env.GIFTGEN_STATE_KEY || undefined,
    widgetDomain: nonEmpty(env.GIFTGEN_WIDGET_DOMAIN),
    appListing: env.GIFTGEN_APP_TOOLS?.trim().toLowerCase() === 'always' ? 'always' : 'negotiated',
  };
}

/** The settings of a server given nothing: what tests and embedders get by default. */
export const DEFAULT_SERVER_SETTINGS: ServerSettings = Object.freeze(readServerSettings({}));
