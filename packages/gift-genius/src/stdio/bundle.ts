// The entry of dist/bundle/stdio.cjs (scripts/build-stdio.mjs): the stdio command, and a warm-up the
// build runs inside the bundle before it writes the code cache, so the cache holds a real start.
import './zod-jitless.js';

// In the bundle, the stand-in that loads the SDK's validator on first use (scripts/lazy-shims.cjs):
// exported so test/stdio-bundle.test.ts can hold it to the SDK's own.
export { DefaultJsonSchemaValidator } from '@modelcontextprotocol/server/_shims';
export { runStdioCommand } from './command.js';
export { warmUp } from './warm-up.js';
