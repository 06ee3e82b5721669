import { createRequire } from 'node:module';

/** The package version, read once; kept apart so the CLI can print it without loading the server. */
export const SERVER_VERSION: string = createRequire(import.meta.url)('../package.json').version;
