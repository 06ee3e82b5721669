#!/usr/bin/env node
// The entry (the bin, and what hosts run). Deliberately small, and importing nothing heavy: for a
// plain `stdio` start it reads the opening line and may answer it before the server is loaded
// (transports/early-stdin.ts), once its options, data folder and tools config are checked
// (startup/preflight.ts); every other command goes to commands.ts. A user's mistake ends the
// process with one line on stderr (`gift-genius: …`, exit 1) and nothing on stdout; so does a
// closed stdout (`catalog export | head`), quietly, with exit 0.
import { fileURLToPath } from 'node:url';
import { bundleIsCurrent, loadStdioCommand } from './bundle-loader.js';
import { syncLineLog } from './observe/sync-line-log.js';
import { checkStartOptions } from './startup/preflight.js';
import { parseStdioOptions } from './startup/stdio-options.js';
import { readEarlyAnswers } from './transports/early-answers.js';
import { type StdioHandoff, takeOpeningLine } from './transports/early-stdin.js';

const HELP_OR_VERSION = new Set(['-h', '--help', '-V', '--version']);

async function main(argv: string[]): Promise<void> {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0); // the reader went away (`| head`, a host that quit): nothing left to say
  });
  if (argv[2] !== 'stdio' || argv.slice(3).some((a) => HELP_OR_VERSION.has(a))) {
    const { runCommands } = await import('./commands.js');
    return runCommands(argv);
  }
  // The early answers come from the same build step as the bundle: stale with it (a tsc-only rebuild), so unused then.
  // GIFTGEN_STDIO_EARLY=0: no early answer, stdin read by the server only (as before; the tests compare both).
  await checkStartOptions(parseStdioOptions(argv), process.env.DATABASE_URL);
  const current = bundleIsCurrent();
  const answers =
    process.env.GIFTGEN_STDIO_EARLY === '0' || !current
      ? undefined
      : readEarlyAnswers(fileURLToPath(new URL('./early-answers.json', import.meta.url)));
  const earlyLog = syncLineLog(process.env.LOG_LEVEL);
  const handoff: StdioHandoff = answers
    ? await takeOpeningLine(process.stdin, process.stdout, answers, undefined, earlyLog)
    : { input: process.stdin, openingAnswered: () => undefined };
  const { command, loadedFrom } = await loadStdioCommand(current, process.env.GIFTGEN_STDIO_BUNDLE !== '0');
  return command.runStdioCommand(argv, handoff, loadedFrom);
}

main(process.argv).catch((error: Error) => {
  console.error(`gift-genius: ${error.message}`);
  process.exit(1);
});
