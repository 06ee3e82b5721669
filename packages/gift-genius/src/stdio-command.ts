import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import type { LoadedFrom } from './bundle-loader.js';
import { type CommonOptions, newProgram, startApp } from './cli-common.js';
import { defineStdioOptions } from './startup/stdio-options.js';
import type { StdioHandoff } from './transports/early-stdin.js';

/**
 * The `stdio` command. `handoff` is what cli.ts read (and perhaps answered) before this was
 * loaded; without it (e.g. `gift-genius stdio` reached through commands.ts) stdin is read directly.
 */
export function defineStdioCommand(program: Command, handoff?: StdioHandoff, loadedFrom?: LoadedFrom): Command {
  return defineStdioOptions(program).action(async (opts: CommonOptions) => {
    const { serveGiftStdio } = await import('./transports/stdio.js');
    const { app } = await startApp(opts);
    const input = handoff?.input ?? process.stdin;
    const handle = serveGiftStdio(app, undefined, {
      input,
      early: handoff?.early,
      onEarlyChecked: handoff?.openingAnswered,
    });
    const ready = {
      event: 'stdio_ready',
      earlyAnswer: handoff?.early?.method ?? null,
      ...loadedFrom,
      msSinceStart: Math.round(performance.now()),
    };
    if (loadedFrom?.bundleSkipped) app.log.warn(ready, 'stdio server ready (served from the modules, not the bundle)');
    else app.log.info(ready, 'stdio server ready');
    // The client closing stdin ends the connection; leave promptly, as the stdio binding asks.
    input.once('close', () => void handle.close().finally(() => app.close().finally(() => process.exit(0))));
  });
}

/** A plain `gift-genius stdio …` start (cli.ts): a program with this one command. */
export async function runStdioCommand(argv: string[], handoff: StdioHandoff, loadedFrom?: LoadedFrom): Promise<void> {
  const program = newProgram();
  defineStdioCommand(program, handoff, loadedFrom);
  await program.parseAsync(argv);
}
