#!/usr/bin/env node
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { openBrowser } from './commands/browser.js';
import { callCommand } from './commands/call.js';
import { checkCommand } from './commands/check.js';
import { collect, EXIT, InternalError, positiveInt } from './commands/common.js';
import { doctorCommand } from './commands/doctor.js';
import { inspectCommand } from './commands/inspect.js';
import { replayAgainstCommand, replayServeCommand } from './commands/replay.js';
import { type DiffSide, diffCommand, snapshotCommand } from './commands/snapshot.js';
import { tapHttpCommand, tapStdioCommand } from './commands/tap.js';
import { watchCommand } from './commands/watch.js';
import { PROFILES } from './findings/hosts.js';
import { login } from './oauth/login.js';
import { TOOL_VERSION } from './protocol.js';
import { jsonText, oneLine, visible } from './report/peer-text.js';
import { CannotWrite, printText, writePrivateFile } from './report/print.js';
import { parseEnv, resolveTarget, type Target, UsageError, urlOf } from './target.js';
import { STARTUP_WAIT_MS } from './timing.js';
import type { Era } from './types.js';

// A reader that went away (`mcp-handshake inspect … | head`): end quietly, not with an EPIPE trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

/**
 * A bug of ours, wherever it surfaces (a command, a stream callback, a promise nobody awaited): said as
 * ours, with the transcript recorded so far kept in a file when there is one, and exit 70.
 */
function reportBug(error: unknown): void {
  let kept = '';
  if (error instanceof InternalError) {
    const file = join(tmpdir(), `mcp-handshake-bug-${process.pid}-${Date.now()}.json`);
    try {
      writePrivateFile(file, `${jsonText(error.transcript, 2)}\n`);
      kept = `\nthe transcript recorded so far is in ${file} (redacted): attach it to the report`;
    } catch {
      // the bug report itself must not fail
    }
  }
  printText(
    process.stderr,
    `mcp-handshake: internal error — this is a bug in mcp-handshake, not in your server; please report it:\n${visible(String((error as Error)?.stack ?? error))}${kept}\n`,
  );
}
for (const event of ['uncaughtException', 'unhandledRejection'] as const)
  process.on(event, (error: unknown) => {
    reportBug(error);
    process.exit(EXIT.internal);
  });

// Everything after the first `--` is the stdio command, untouched by option parsing.
const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
const head = dashes < 0 ? argv : argv.slice(0, dashes);
const command = dashes < 0 ? [] : argv.slice(dashes + 1);

interface TargetOptions {
  header?: string[];
  env?: string[];
  cwd?: string;
  timeout: number;
}

const withTarget = (cmd: Command) =>
  cmd
    .option('-H, --header <header>', 'HTTP header "Name: value" (repeatable)', collect)
    .option('-e, --env <KEY=VALUE>', 'environment variable for the stdio command (repeatable)', collect)
    .option('--cwd <dir>', 'working directory for the stdio command')
    .option('--timeout <ms>', 'how long to wait for each answer', positiveInt('--timeout', 1, 600_000), 5000)
    .option(
      '--startup-timeout <ms>',
      "how long to wait for the server's first answer (its start-up)",
      positiveInt('--startup-timeout', 1, 3_600_000),
      STARTUP_WAIT_MS,
    );

const eraOption = (choices: string[], fallback: string) =>
  new Option('--era <era>', 'which wire to speak').choices(choices).default(fallback);

function targetOf(operands: string[], opts: TargetOptions): Target {
  return resolveTarget(command.length > 0 ? command : operands, opts, process.env);
}

let exitCode: number = EXIT.ok;

const program = new Command()
  .name('mcp-handshake')
  .description('See an MCP handshake as it happened, and diagnose what breaks it')
  .version(TOOL_VERSION)
  .exitOverride()
  .configureOutput({ writeErr: (s) => printText(process.stderr, s) });

withTarget(
  program
    .command('inspect')
    .description('show the handshake and discovery on the wire: inspect <url> | inspect -- <command> [args…]')
    .argument('[url]', 'Streamable HTTP endpoint (or give a stdio command after --)'),
)
  .addOption(eraOption(['auto', 'legacy', 'modern'], 'auto'))
  .option('--protocol-version <version>', 'protocol version to ask for')
  .option('--mermaid', 'print the exchange as a Mermaid sequenceDiagram')
  .option('--json', 'print the result as JSON')
  .option('--dump-wire <file>', 'write the whole exchange (redacted) as JSON')
  .option('--html <file>', 'write a self-contained HTML report (sequence diagram, transcript)')
  .option('-v, --verbose', 'full messages and stderr')
  .action(async (url: string | undefined, opts) => {
    if (url && command.length > 0) throw new UsageError('give either a URL or a command after --, not both');
    exitCode = await inspectCommand(targetOf(url ? [url] : [], opts), {
      era: opts.era,
      protocolVersion: opts.protocolVersion,
      timeoutMs: opts.timeout,
      startupTimeoutMs: opts.startupTimeout,
      json: opts.json,
      mermaid: opts.mermaid,
      verbose: opts.verbose,
      dumpWire: opts.dumpWire,
      html: opts.html,
    });
  });

withTarget(
  program
    .command('doctor')
    .description('probe every era with raw JSON-RPC and report checks: doctor <url> | doctor -- <command> [args…]')
    .argument('[url]', 'Streamable HTTP endpoint (or give a stdio command after --)'),
)
  .addOption(eraOption(['auto', 'legacy', 'modern'], 'auto'))
  .option(
    '--protocol-version <version>',
    'legacy version for the main session (default 2025-11-25), or the modern version to probe',
  )
  .option(
    '--drift-window <ms>',
    'time between the two listings compared by list-changed',
    positiveInt('--drift-window', 0, 600_000),
    400,
  )
  .option('--concurrency <n>', 'connections probed at once', positiveInt('--concurrency', 1, 16), 4)
  .addOption(
    new Option(
      '--profile <host>',
      'judge as the named host: its known risks fail (strict: every warning fails)',
    ).choices([...PROFILES]),
  )
  .option('--json', 'print the report as JSON (schema mcp-handshake/doctor@2)')
  .option('--junit <file>', 'write a JUnit XML report')
  .option('--sarif <file>', 'write a SARIF 2.1.0 report')
  .option('--baseline <file>', 'accept the failures of the check ids listed in this file')
  .option('--write-baseline <file>', 'write the ids of the failing checks as a baseline')
  .option('--dump-wire <file>', 'write the whole exchange (redacted) as JSON')
  .option('--mermaid', 'print the main exchanges as a Mermaid sequenceDiagram instead of the report')
  .option('--html <file>', 'write a self-contained HTML report (sequence diagram, findings, transcript)')
  .option('-v, --verbose', 'show evidence of passing checks too')
  .option('--register', 'OAuth: register a throw-away client per host that registers dynamically')
  .option('--token <token>', 'OAuth: a bearer token for the endpoint (checked, and sent with every probe)')
  .option('--login', 'OAuth: log in in the browser (loopback redirect) for a token, and one for another resource')
  .option('--browser <command>', 'with --login: the command that opens the URL (default: the system browser)')
  .action(async (url: string | undefined, opts) => {
    if (url && command.length > 0) throw new UsageError('give either a URL or a command after --, not both');
    const eras: Era[] = opts.era === 'auto' ? ['legacy', 'modern'] : [opts.era];
    let foreignToken: string | undefined;
    if (opts.login) {
      if (!url) throw new UsageError('--login needs the URL of an HTTP endpoint');
      if (opts.token) throw new UsageError('give --token or --login, not both');
      const tokens = await login(url, {
        open: (u) => openBrowser(u, opts.browser),
        loginTimeoutMs: 300_000,
        timeoutMs: opts.timeout,
      }).catch((error: Error) => {
        throw new UsageError(error.message);
      });
      opts.token = tokens.token;
      foreignToken = tokens.foreignToken;
      if (tokens.foreignProblem)
        process.stderr.write(
          `mcp-handshake: no token for another resource (${tokens.foreignProblem}); the audience check is skipped\n`,
        );
    }
    if (opts.token) opts.header = [...(opts.header ?? []), `Authorization: Bearer ${opts.token}`];
    exitCode = await doctorCommand(targetOf(url ? [url] : [], opts), {
      register: opts.register === true,
      token: opts.token,
      foreignToken,
      timeoutMs: opts.timeout,
      startupTimeoutMs: opts.startupTimeout,
      driftWindowMs: opts.driftWindow,
      concurrency: opts.concurrency,
      eras,
      protocolVersion: opts.protocolVersion,
      json: opts.json,
      junit: opts.junit,
      sarif: opts.sarif,
      baseline: opts.baseline,
      writeBaseline: opts.writeBaseline,
      dumpWire: opts.dumpWire,
      mermaid: opts.mermaid,
      verbose: opts.verbose,
      html: opts.html,
      profile: opts.profile,
    });
  });

withTarget(
  program
    .command('call')
    .description(
      "validate arguments against a tool's inputSchema, call it, show the result: call <url> <tool> | call <tool> -- <command>",
    )
    .argument('<operands...>', '[url] tool'),
)
  .requiredOption('--args <json>', 'the tool arguments as a JSON object', '{}')
  .addOption(eraOption(['auto', 'legacy', 'modern'], 'auto'))
  .option('--protocol-version <version>', 'protocol version to ask for')
  .option('--json', 'print the outcome as JSON')
  .action(async (operands: string[], opts) => {
    const [a, b, ...extra] = operands;
    const isUrl = urlOf(a) !== undefined;
    if (extra.length > 0 || (isUrl && !b) || (!isUrl && b !== undefined))
      throw new UsageError('usage: call <url> <tool> --args JSON, or call <tool> --args JSON -- <command>');
    const tool = isUrl ? b : a;
    if (!isUrl && command.length === 0) throw new UsageError('give a URL, or a command after --');
    exitCode = await callCommand(targetOf(isUrl ? [a] : [], opts), tool, {
      era: opts.era,
      protocolVersion: opts.protocolVersion,
      timeoutMs: opts.timeout,
      startupTimeoutMs: opts.startupTimeout,
      args: opts.args,
      json: opts.json,
    });
  });

withTarget(
  program
    .command('watch')
    .description(
      'stay connected, print notifications and the diff of each refreshed list: watch <url> | watch -- <command>',
    )
    .argument('[url]', 'Streamable HTTP endpoint (or give a stdio command after --)'),
)
  .addOption(eraOption(['auto', 'legacy', 'modern'], 'auto'))
  .option('--protocol-version <version>', 'protocol version to ask for')
  .option('--duration <seconds>', 'how long to watch', positiveInt('--duration', 1, 86_400), 30)
  .option('--json', 'one JSON object per event')
  .action(async (url: string | undefined, opts) => {
    if (url && command.length > 0) throw new UsageError('give either a URL or a command after --, not both');
    exitCode = await watchCommand(targetOf(url ? [url] : [], opts), {
      era: opts.era,
      protocolVersion: opts.protocolVersion,
      timeoutMs: opts.timeout,
      startupTimeoutMs: opts.startupTimeout,
      durationMs: opts.duration * 1000,
      json: opts.json,
    });
  });

program
  .command('check')
  .description(
    'passive checks on a recorded session, with whose fault each finding is: check TRANSCRIPT (a file, or a directory)',
  )
  .argument('<transcript>', 'tap --out, doctor/inspect --dump-wire')
  .option('--json', 'print the report as JSON (mcp-handshake/check@1)')
  .option('--html <file>', 'write a self-contained HTML report')
  .action(async (file: string, opts) => {
    exitCode = await checkCommand(file, { json: opts.json, html: opts.html });
  });

program
  .command('tap')
  .description(
    "record a host's real session: tap [--out FILE] -- <server command…> | tap --listen HOST:PORT --target URL",
  )
  .option('-o, --out <file>', 'where to write the transcript (default: a new file in the temp directory)')
  .option('--live', 'print each message as it passes (stdio: on stderr)')
  .option('-e, --env <KEY=VALUE>', 'environment variable for the server command (repeatable)', collect)
  .option('--cwd <dir>', 'working directory for the server command')
  .option('--listen <host:port>', 'HTTP: where the proxy listens (port 0: any free port)')
  .option('--target <url>', "HTTP: the server's endpoint the proxy forwards to")
  .action(async (opts) => {
    if (opts.listen || opts.target) {
      if (!opts.listen || !opts.target || command.length > 0) {
        throw new UsageError('HTTP: give both --listen HOST:PORT and --target URL (and no command)');
      }
      exitCode = await tapHttpCommand(opts.listen, opts.target, { out: opts.out, live: opts.live });
      return;
    }
    if (command.length === 0) throw new UsageError('give the server command after --, or --listen and --target');
    const env = Object.fromEntries((opts.env ?? []).map(parseEnv));
    const [cmd, ...args] = command;
    const server = { command: cmd, args, env, ...(opts.cwd && { cwd: opts.cwd }) };
    exitCode = await tapStdioCommand(server, { out: opts.out, live: opts.live });
  });

withTarget(
  program
    .command('snapshot')
    .description(
      'record tools, resources, templates, prompts and widget metadata: ' +
        'snapshot <url> -o mcp.lock.json | snapshot -o FILE -- <command>',
    )
    .argument('[url]', 'Streamable HTTP endpoint (or give a stdio command after --)'),
)
  .option('-o, --out <file>', 'write the snapshot here (default: stdout)')
  .addOption(eraOption(['auto', 'legacy', 'modern'], 'auto'))
  .option('--protocol-version <version>', 'protocol version to ask for')
  .action(async (url: string | undefined, opts) => {
    if (url && command.length > 0) throw new UsageError('give either a URL or a command after --, not both');
    const options = {
      era: opts.era,
      protocolVersion: opts.protocolVersion,
      timeoutMs: opts.timeout,
      startupTimeoutMs: opts.startupTimeout,
    };
    exitCode = await snapshotCommand(targetOf(url ? [url] : [], opts), opts.out, options);
  });

withTarget(
  program
    .command('diff')
    .description(
      'classify every change between two snapshots (files or live URLs; NEW may be a command after --); ' +
        'exit 1 on a breaking one',
    )
    .argument('<old>', 'snapshot file or URL')
    .argument('[new]', 'snapshot file or URL (or give a stdio command after --)'),
)
  .addOption(eraOption(['auto', 'legacy', 'modern'], 'auto'))
  .option('--protocol-version <version>', 'protocol version to ask for (live targets)')
  .option('--json', 'print the changes as JSON (mcp-handshake/diff@1)')
  .action(async (before: string, after: string | undefined, opts) => {
    if ((after === undefined) === (command.length === 0)) {
      throw new UsageError('usage: diff OLD NEW, or diff OLD -- <command>');
    }
    const side = (spec: string): DiffSide =>
      /^https?:\/\//i.test(spec) ? { target: resolveTarget([spec], opts) } : { file: spec };
    const newSide: DiffSide = after === undefined ? { target: resolveTarget(command, opts) } : side(after);
    const options = {
      era: opts.era,
      protocolVersion: opts.protocolVersion,
      timeoutMs: opts.timeout,
      startupTimeoutMs: opts.startupTimeout,
      json: opts.json,
    };
    exitCode = await diffCommand(side(before), newSide, options);
  });

withTarget(
  program
    .command('replay')
    .description(
      'replay a transcript: replay FILE --serve stdio|http [PORT] | replay FILE --against <url> | ' +
        'replay FILE --against -- <command>',
    )
    .argument('<transcript>', 'a transcript (tap --out, doctor/inspect --dump-wire)')
    .argument('[port]', 'with --serve http: the port (default: any free one)'),
)
  .addOption(new Option('--serve <transport>', 'serve the recorded server side').choices(['stdio', 'http']))
  .option('--against [url]', 're-send the recorded client side to this server (or a command after --) and compare')
  .option('--conn <id>', 'which recorded connection (default: the first with client messages)')
  .option('--json', 'with --against: print the comparison as JSON')
  .action(async (file: string, port: string | undefined, opts) => {
    if (!opts.serve === !opts.against) throw new UsageError('give --serve stdio|http or --against <target>');
    if (opts.serve) {
      const p = port === undefined ? 0 : positiveInt('port', 0, 65_535)(port);
      exitCode = await replayServeCommand(file, opts.serve, p, opts.conn);
      return;
    }
    const url = typeof opts.against === 'string' ? opts.against : undefined;
    if (url && command.length > 0) throw new UsageError('give either --against URL or a command after --, not both');
    const options = { timeoutMs: opts.timeout, startupTimeoutMs: opts.startupTimeout, json: opts.json };
    exitCode = await replayAgainstCommand(file, targetOf(url ? [url] : [], opts), opts.conn, options);
  });

program.addHelpText(
  'after',
  `
Exit codes: 0 no failure, 1 a check (or the call) failed, 2 could not connect, 64 usage error, 70 a bug in mcp-handshake.
Examples:
  mcp-handshake inspect http://127.0.0.1:3000/mcp
  mcp-handshake doctor --json -- node server.js --stdio
  mcp-handshake call http://127.0.0.1:3000/mcp suggest_gifts --args '{"age":30,"relationship":"friend"}'`,
);

try {
  await program.parseAsync(head, { from: 'user' });
} catch (error) {
  if (error instanceof CommanderError) {
    exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else if (error instanceof UsageError || error instanceof CannotWrite) {
    printText(process.stderr, `mcp-handshake: ${oneLine(error.message)}\n`);
    exitCode = EXIT.usage;
  } else {
    reportBug(error);
    exitCode = EXIT.internal;
  }
}
// Leave promptly even if a server keeps a socket open, but only once stdout and stderr are
// flushed: on a pipe (`| jq`) writes are asynchronous, and exiting earlier cuts them at 64 KiB.
const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()));
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(exitCode);
