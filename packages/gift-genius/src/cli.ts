#!/usr/bin/env node
// The entry (the bin, and what hosts run). Deliberately small: a plain `stdio` start loads the stdio
// command as one prebuilt bundle (stdio/loader.ts), with nothing else loaded before it; every other
// command goes to commands.ts. A user's mistake ends the process with one line on stderr
// (`gift-genius: …`) and nothing on stdout: exit 64 for the command line (usage), 1 for anything else
// (README, "When something is wrong"); a closed stdout (`catalog export | head`) ends quietly, exit 0.
import { userCacheDir } from './startup/cache-dir.js';
import { loadStdioCommand } from './stdio/loader.js';

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
  const { command, loadedFrom, saveCodeCache } = await loadStdioCommand({
    // GIFTGEN_STDIO_BUNDLE=0: the plain modules, as a tsc-only build serves (the tests compare both).
    bundle: process.env.GIFTGEN_STDIO_BUNDLE !== '0',
    // Per user (~/.cache/gift-genius on Linux), asked for only when the build's code cache does not fit this Node.
    cacheDir: async () => userCacheDir(process.env),
  });
  return command.runStdioCommand(argv, loadedFrom, saveCodeCache);
}

main(process.argv).catch(async (error: Error) => {
  // A usage error (or --help, --version) has said its line already: only the status is left (64, or 0).
  const { commanderExit } = await import('./cli-options.js');
  const usage = commanderExit(error);
  if (usage !== undefined) process.exit(usage);
  console.error(`gift-genius: ${error.message}`);
  process.exit(1);
});
