import { newProgram, withCommon, type CommonOptions } from '../cli-options.js';

/**
 * A stdio start's options, parsed with the same definitions as the `stdio` command but without
 * loading the server. A mistake (unknown option, bad number) makes commander print one line on
 * stderr and exit 1, before anything is written to stdout.
 */
export function parseStdioOptions(argv: string[]): CommonOptions {
  const program = newProgram();
  const stdio = withCommon(program.command('stdio')).action(() => undefined);
  program.parse(argv);
  return stdio.opts<CommonOptions>();
}
