import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_SETTINGS, readServerSettings } from '../dist/settings.js';

/**
 * The environment is read once, at the CLI (src/settings.ts): the table of variables, and a scan
 * of the sources that fails when a file below the CLI starts reading process.env again.
 */
const SRC = fileURLToPath(new URL('../src/', import.meta.url));
/** The CLI: the entry and the files that build its commands. Everything else takes values. */
const CLI_FILES = new Set(['cli.ts', 'cli-common.ts', 'cli-options.ts', 'commands.ts', 'stdio/command.ts']);

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

describe('settings', () => {
  it('reads each variable, and defaults without any', () => {
    expect(DEFAULT_SERVER_SETTINGS).toEqual({
      logLevel: 'info',
      databaseUrl: undefined,
      seedFile: undefined,
      pgPoolMax: undefined,
      stateKey: undefined,
      widgetDomain: undefined,
      appListing: 'negotiated',
    });
    expect(
      readServerSettings({
        LOG_LEVEL: ' debug ',
        DATABASE_URL: 'postgres://u@h/db',
        GIFTGEN_SEED_FILE: '/srv/seed.json',
        GIFTGEN_PG_POOL_MAX: '24',
        GIFTGEN_STATE_KEY: ` ${'k'.repeat(40)}`,
        GIFTGEN_WIDGET_DOMAIN: ' gifts.example.com ',
        GIFTGEN_APP_TOOLS: 'Always',
      }),
    ).toEqual({
      logLevel: 'debug',
      databaseUrl: 'postgres://u@h/db',
      seedFile: '/srv/seed.json',
      pgPoolMax: 24,
      stateKey: ` ${'k'.repeat(40)}`, // a key is bytes: as given
      widgetDomain: 'gifts.example.com',
      appListing: 'always',
    });
  });

  it('ignores empty and nonsense values rather than half-applying them', () => {
    const s = readServerSettings({ LOG_LEVEL: ' ', GIFTGEN_PG_POOL_MAX: 'many', GIFTGEN_APP_TOOLS: 'sometimes' });
    expect(s.logLevel).toBe('info');
    expect(s.pgPoolMax).toBeUndefined();
    expect(s.appListing).toBe('negotiated');
    expect(readServerSettings({ GIFTGEN_PG_POOL_MAX: '-3' }).pgPoolMax).toBeUndefined();
  });

  it('no source below the CLI reads process.env', () => {
    const offenders = sources(SRC)
      .map((file) => relative(SRC, file))
      .filter((file) => !CLI_FILES.has(file))
      .filter((file) =>
        /process\.env\b/.test(readFileSync(join(SRC, file), 'utf8').replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')),
      );
    expect(offenders).toEqual([]);
  });
});
