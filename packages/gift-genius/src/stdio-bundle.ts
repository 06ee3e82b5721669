// The entry of dist/bundle/stdio.cjs (scripts/build-stdio.mjs): the stdio command, and the capture
// of its early answers, which the build runs inside the bundle so its code cache holds a real start.
export { runStdioCommand } from './stdio-command.js';
export { captureEarlyAnswers } from './transports/early-capture.js';
