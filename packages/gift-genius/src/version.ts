import { readFileSync } from 'node:fs';
import { packagePath } from './package-root.js';

/** The package version, read once; kept apart so the CLI can print it without loading the server. */
export const SERVER_VERSION: string = (
  JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string }
).version;
