// The entry of dist/bundle/stdio.cjs (scripts/build-stdio.mjs): the stdio command, and a warm-up the
// build runs inside the bundle before it writes the code cache, so the cache holds a real start.
import './zod-jitless.js';

export { runStdioCommand } from './command.js';
export { warmUp } from './warm-up.js';
