/**
 * The stdio room's entry: `gift-genius stdio`, one client over stdin/stdout (Claude Desktop, VS Code…).
 * Contract: stdout carries JSON-RPC lines only (logs go to stderr); every revision is answered
 * (legacy initialize with its counter-offer, 2026-07-28 without a handshake); a bad line gets its
 * JSON-RPC error (line-guard.ts); the process leaves when stdin closes or, under npm, when its
 * parent goes. A plain start reaches this through cli.ts → loader.ts, as one bundle (bundle.ts).
 */
import { performance } from 'node:perf_hooks';
import type { Command } from 'commander';
import { type CommonOptions, newProgram, startApp, withCommon } from '../cli-common.js';
import { onParentGone } from '../startup/parent-watch.js';
import type { LoadedFrom } from './loaded-from.js';

/**
 * How long after ready the work no first answer needs is done: the ranking index, and the code cache
 * for the next start (stdio/loader.ts). Past the first answers, and long before a user's first question.
 */
const AFTER_READY_MS = 1000;

/**
 * `loadedFrom`: how cli.ts loaded this (logged); absent when commands.ts runs it (`stdio --help`).
 * `saveCodeCache`: writes a code cache for the next start, called once the first answers are out.
 */
export function defineStdioCommand(program: Command, loadedFrom?: LoadedFrom, saveCodeCache?: () => void): Command {
  const command = program
    .command('stdio')
    .description('serve one client over stdin/stdout (Claude Desktop, VS Code, …)');
  return withCommon(command).action(async (opts: CommonOptions) => {
    const { serveGiftStdio } = await import('./serve.js');
    const { app } = await startApp(opts);
    const handle = serveGiftStdio(app);
    const ready = { event: 'stdio_ready', ...loadedFrom, msSinceStart: Math.round(performance.now()) };
    if (loadedFrom?.bundleSkipped) app.log.warn(ready, 'stdio server ready (served from the modules, not the bundle)');
    else app.log.info(ready, 'stdio server ready');
    // The code cache first: it holds what a start runs, not the ranking code the index build compiles.
    const afterReady = () => {
      saveCodeCache?.();
      app.rankingIndex();
    };
    setTimeout(afterReady, AFTER_READY_MS).unref();
    // The client closing stdin ends the connection; leave promptly, as the stdio binding asks.
    const leave = () => void handle.close().finally(() => app.close().finally(() => process.exit(0)));
    process.stdin.once('close', leave);
    onParentGone(process.env, leave);
  });
}

/** A plain `gift-genius stdio …` start (cli.ts): a program with this one command. */
export async function runStdioCommand(
  argv: string[],
  loadedFrom?: LoadedFrom,
  saveCodeCache?: () => void,
): Promise<void> {
  const program = newProgram();
  defineStdioCommand(program, loadedFrom, saveCodeCache);
  await program.parseAsync(argv);
}
