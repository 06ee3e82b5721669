import { rootCause } from '../diagnosis/root-cause.js';
import { LABEL } from '../labels.js';
import { listRound, paramsFor, resultOf } from '../probes/listing.js';
import { type EraChoice, openSession, type Session } from '../probes/session.js';
import { formatCallText } from '../report/call-text.js';
import { printJson, printText } from '../report/print.js';
import { makeStyle, useColour } from '../report/style.js';
import { compileSchema, formatAjvErrors } from '../schema.js';
import { type Target, UsageError } from '../target.js';
import { EXIT } from './common.js';

type Msg = Record<string, unknown>;

export interface CallOptions {
  era: EraChoice;
  protocolVersion?: string;
  timeoutMs: number;
  /** How long the first request waits for the server to start. */
  startupTimeoutMs?: number;
  args: string;
  json?: boolean;
}

export interface CallOutcome {
  exitCode: number;
  tool?: Msg;
  arguments: unknown;
  validationErrors?: string;
  result?: Msg;
  error?: Msg;
  problem?: string;
}

/**
 * Validate the arguments against the tool's own inputSchema before anything is sent:
 * a host would reject them too, and the server's error is usually less clear.
 */
export async function callTool(target: Target, toolName: string, options: CallOptions): Promise<CallOutcome> {
  let args: unknown;
  try {
    args = JSON.parse(options.args);
  } catch (error) {
    throw new UsageError(`--args is not JSON: ${(error as Error).message}`);
  }
  if (!args || typeof args !== 'object' || Array.isArray(args)) throw new UsageError('--args must be a JSON object');
  const session = await openSession(target, {
    era: options.era,
    protocolVersion: options.protocolVersion,
    timeoutMs: options.timeoutMs,
    startupTimeoutMs: options.startupTimeoutMs,
    purpose: 'call',
  });
  try {
    // What is shown is redacted like the transcript: a tool that echoes a -e secret must not print it.
    return session.rec.redactor.value(await attemptCall(session, toolName, args));
  } finally {
    await session.conn.close();
  }
}

async function attemptCall(session: Session, toolName: string, args: object): Promise<CallOutcome> {
  if (!session.result) {
    const cause = rootCause(session.rec.transcript());
    const why = cause ? `${cause.summary}. ${cause.hint}` : session.notes.join('; ') || 'no answer';
    return { exitCode: EXIT.noConnection, arguments: args, problem: `could not connect: ${why}` };
  }
  const tools = (await listRound(session.conn, session.ctx, ['tools'], 1)).tools ?? [];
  const tool = tools.find((t) => t.name === toolName);
  if (!tool)
    return {
      exitCode: EXIT.failed,
      arguments: args,
      problem: `no tool named "${toolName}" (the server lists: ${tools.map((t) => String(t.name)).join(', ') || 'none'})`,
    };
  const compiled = compileSchema(tool.inputSchema);
  if (compiled.error)
    return {
      exitCode: EXIT.failed,
      tool,
      arguments: args,
      problem: `the tool's inputSchema is not a valid JSON Schema: ${compiled.error}`,
    };
  if (!compiled.validate!(args))
    return { exitCode: EXIT.failed, tool, arguments: args, validationErrors: formatAjvErrors(compiled.validate!) };
  const reply = await session.conn.request('tools/call', paramsFor(session.ctx, { name: toolName, arguments: args }), {
    label: LABEL.call,
  });
  const result = resultOf(reply);
  if (result) return { exitCode: result.isError === true ? EXIT.failed : EXIT.ok, tool, arguments: args, result };
  const error = reply.message?.error as Msg | undefined;
  return {
    exitCode: error ? EXIT.failed : EXIT.noConnection,
    tool,
    arguments: args,
    ...(error && { error }),
    problem: error ? `error ${String(error.code)}: ${String(error.message)}` : `no answer (${reply.outcome})`,
  };
}

export async function callCommand(target: Target, toolName: string, options: CallOptions): Promise<number> {
  const outcome = await callTool(target, toolName, options);
  if (options.json) {
    printJson(process.stdout, { format: 'mcp-handshake/call@1', tool: toolName, ...outcome });
    return outcome.exitCode;
  }
  const text = formatCallText(outcome, makeStyle(useColour(process.stdout, process.env)));
  if (text) printText(process.stdout, `${text}\n`);
  return outcome.exitCode;
}
