import { urlCredentials } from './redact.js';
import type { ConnectionInfo, Era } from './types.js';
import { HttpConnection } from './wire/http.js';
import type { Recorder } from './wire/recorder.js';
import type { RpcConnection } from './wire/rpc.js';
import { StdioConnection } from './wire/stdio.js';

export type Target =
  | { kind: 'http'; url: string; headers: Record<string, string>; secrets?: string[] }
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string; secrets?: string[] };

export class UsageError extends Error {}

/** `-H 'Name: value'` → [name, value]. */
export function parseHeader(spec: string): [string, string] {
  const colon = spec.indexOf(':');
  if (colon <= 0) throw new UsageError(`header "${spec}" is not of the form "Name: value"`);
  return [spec.slice(0, colon).trim(), spec.slice(colon + 1).trim()];
}

/** `-e KEY=VALUE` → [key, value]. */
export function parseEnv(spec: string): [string, string] {
  const eq = spec.indexOf('=');
  if (eq <= 0) throw new UsageError(`environment variable "${spec}" is not of the form KEY=VALUE`);
  return [spec.slice(0, eq), spec.slice(eq + 1)];
}

/**
 * `localhost:3000/mcp`, `127.0.0.1:8080`, `example.com/mcp`: an HTTP endpoint typed without
 * its scheme. A bare dotted word (`server.js`) stays a command: it needs a port or a path.
 */
const SCHEMELESS_URL =
  /^(?:(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])(?::\d{1,5})?|[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{1,5}(?=\/|$)|(?=\/)))(?:\/\S*)?$/i;

/** The URL a single operand names, or undefined when it is a command. */
export function urlOf(operand: string): string | undefined {
  if (/^https?:\/\//i.test(operand)) return operand;
  return SCHEMELESS_URL.test(operand) ? `http://${operand}` : undefined;
}

/**
 * A target is either one URL, or a command given after `--`. `inherited` is the environment
 * the stdio command inherits (the CLI passes its own): its secret-named values are hidden too.
 */
export function resolveTarget(
  positional: string[],
  options: { header?: string[]; env?: string[]; cwd?: string },
  inherited: Record<string, string | undefined> = {},
): Target {
  const headers = Object.fromEntries((options.header ?? []).map(parseHeader));
  const env = Object.fromEntries((options.env ?? []).map(parseEnv));
  if (positional.length === 0) throw new UsageError('give a URL, or a command after --');
  const [first, ...rest] = positional;
  const given = rest.length === 0 ? urlOf(first) : undefined;
  if (given) {
    let url: URL;
    try {
      url = new URL(given);
    } catch {
      throw new UsageError(`"${first}" is not a valid URL`);
    }
    // fetch() refuses URLs with credentials: send them as Basic auth, as curl does, and never print them.
    if (url.username || url.password) {
      const user = decodeURIComponent(url.username);
      const password = decodeURIComponent(url.password);
      const basic = Buffer.from(`${user}:${password}`).toString('base64');
      url.username = '';
      url.password = '';
      const hasAuth = Object.keys(headers).some((h) => h.toLowerCase() === 'authorization');
      return {
        kind: 'http',
        url: url.toString(),
        headers: hasAuth ? headers : { ...headers, authorization: `Basic ${basic}` },
        secrets: [password || user, basic],
      };
    }
    return { kind: 'http', url: url.toString(), headers };
  }
  const secrets = inheritedSecrets(inherited);
  return {
    kind: 'stdio',
    command: first,
    args: rest,
    env,
    ...(options.cwd && { cwd: options.cwd }),
    ...(secrets.length > 0 && { secrets }),
  };
}

export function describeTarget(target: Target): string {
  return target.kind === 'http' ? target.url : [target.command, ...target.args].join(' ');
}

/** Values to hide from every transcript: header values and environment values given on the command line. */
const SECRET_NAME = /(auth|token|secret|password|passwd|key|cookie|credential|session|pat$|dsn$)/i;

/**
 * A value that looks like a key whatever its name: 16+ characters of a token alphabet, letters and
 * digits both (`-e OPENAI=4f9c…`), no spaces, no slashes (a path or a URL is not a key).
 */
const KEY_LIKE = (value: string) =>
  value.length >= 16 && /^[A-Za-z0-9_\-+=.~]+$/.test(value) && /[0-9]/.test(value) && /[A-Za-z]/.test(value);

/** Secret-named values of the environment a stdio command inherits, and any URL's password in it. */
export function inheritedSecrets(inherited: Record<string, string | undefined>): string[] {
  return Object.entries(inherited).flatMap(([name, value]) =>
    value === undefined
      ? []
      : [...(SECRET_NAME.test(name) && value.length >= 8 ? [value] : []), ...urlCredentials(value)],
  );
}

export function secretsOf(target: Target): string[] {
  const all = Object.entries(target.kind === 'http' ? target.headers : target.env);
  // Every -e value that is named like a secret or looks like a key; every -H value of a credential-named header.
  const named = all.filter(([name, value]) => SECRET_NAME.test(name) || (target.kind === 'stdio' && KEY_LIKE(value)));
  return [
    // "Bearer abc…": hide the credential itself too, wherever it is echoed.
    ...named.flatMap(([, value]) => [value, ...value.split(/\s+/).slice(1)]),
    // `-e DATABASE_URL=postgres://app:secret@…`: the password, whatever the variable is called.
    ...all.flatMap(([, value]) => urlCredentials(value)),
    ...(target.secrets ?? []),
  ];
}

/** `firstAnswerWithinMs`: how long the first request may wait for the server to start (see RpcConnection). */
export function openConnection(
  rec: Recorder,
  target: Target,
  info: ConnectionInfo,
  timeoutMs: number,
  firstAnswerWithinMs = 0,
): RpcConnection {
  const conn =
    target.kind === 'stdio'
      ? new StdioConnection(rec, info, timeoutMs, target)
      : new HttpConnection(rec, info, timeoutMs, target, info.era as Era);
  conn.firstAnswerWithinMs = firstAnswerWithinMs;
  return conn;
}
