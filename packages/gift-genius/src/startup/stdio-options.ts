import type { Command } from 'commander';
import { type CommonOptions, newProgram, withCommon } from '../cli-options.js';

/**
 * The `stdio` command's options, in one place for both parses: cli.ts checks them before it answers
 * anything (here, without loading the server), and stdio-command.ts runs the command. An option added
 * anywhere else would be refused here as unknown (test/readme.test.ts compares the two with --help).
 */
export const defineStdioOptions = (program: Command) =>
  withCommon(program.command('stdio').description('serve one client over stdin/stdout (Claude Desktop, VS Code, …)'));

/** A mistake (unknown option, bad number) makes commander print one line on stderr and exit 1, before anything is written to stdout. */
export function parseStdioOptions(argv: string[]): CommonOptions {
  const program = newProgram();
  const stdio = defineStdioOptions(program).action(() => undefined);
  program.parse(argv);
  return stdio.opts<CommonOptions>();
}

/** The option names the check before the early answer knows (`--data`, …). */
export const stdioOptionNames = () => defineStdioOptions(newProgram()).options.map((o) => o.long ?? o.short!);
