/**
 * Why nothing (or the handshake) worked, read from the transcript alone: connection refused,
 * name not resolved, TLS, 401/403 and what the server asked for, command not found, the
 * child's exit and its last stderr lines, silence. The report puts it first; the doctor stops
 * probing when it is found (see probes/doctor.ts), so every later check would only repeat it.
 * Pure: no I/O.
 */
import type { Transcript, WireEvent } from '../types.js';

export type RootCauseKind =
  | 'ids-not-echoed'
  | 'connection-refused'
  | 'name-not-resolved'
  | 'tls'
  | 'network'
  | 'unauthorized'
  | 'command-not-found'
  | 'not-executable'
  | 'exited'
  | 'no-answer'
  | 'handshake-timeout';

export interface RootCause {
  kind: RootCauseKind;
  /** One line, the first of the report. */
  summary: string;
  /** What to do about it. */
  hint: string;
  /** Wire evidence: the error, the last stderr lines, the HTTP statuses. */
  evidence: string[];
}

const REFUSED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH']);
const UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const TLS =
  /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET|VERIFY)|ERR_OSSL)/;
const STDERR_TAIL = 10;

function hostOf(target: string): string {
  try {
    return new URL(target).host;
  } catch {
    return target;
  }
}

/** An error's own line (`Error [ERR_…]: …`, `TypeError: …`, `error: …`): a stack trace's tail often drops it. */
const ERROR_LINE = /^\s*(\w*Error\b|error\b|fatal\b|panic\b|Traceback\b|Exception\b)/i;

/** The last stderr lines, led by the line that says what went wrong when the tail would cut it off. */
function stderrTail(t: Transcript, conn?: string): string[] {
  const lines = t.events.filter(
    (e) => e.kind === 'stderr' && (conn === undefined || e.conn === conn) && (e.raw ?? '').trim() !== '',
  );
  const tail = lines.slice(-STDERR_TAIL);
  const cause = lines
    .slice(-STDERR_TAIL * 4, -STDERR_TAIL)
    .reverse()
    .find((e) => ERROR_LINE.test(e.raw ?? ''));
  return [...(cause && !tail.includes(cause) ? [cause, { raw: '…' }] : []), ...tail].map((e) => `stderr: ${e.raw}`);
}

/** A stdio child that ended with a failure, even after the doctor gave up on it: its code says what happened. */
function failedExit(t: Transcript): WireEvent | undefined {
  return t.events.find(
    (e) => e.kind === 'exit' && e.exit && (e.exit.code ?? 0) !== 0 && !(e.exit.expected && e.exit.signal !== null),
  );
}

function fromError(t: Transcript, e: WireEvent): RootCause | undefined {
  const code = e.errorCode ?? '';
  const evidence = [`${e.conn}: ${e.raw ?? code}`];
  if (REFUSED.has(code)) {
    return {
      kind: 'connection-refused',
      summary: `connection refused: nothing accepts connections on ${hostOf(t.target)} (${code})`,
      hint: 'Start the server, or check the host and port.',
      evidence,
    };
  }
  if (UNRESOLVED.has(code)) {
    return {
      kind: 'name-not-resolved',
      summary: `the host name ${hostOf(t.target)} could not be resolved (${code})`,
      hint: 'Check the spelling of the host, your DNS, or use an IP address.',
      evidence,
    };
  }
  if (code === 'ERR_BAD_PORT') {
    return {
      kind: 'network',
      summary: `${hostOf(t.target)}: ${e.raw?.replace(/^\w+ \S+: /, '')}`,
      hint: 'Serve MCP on another port: browsers, Node and every fetch-based MCP client refuse this one.',
      evidence,
    };
  }
  if (TLS.test(code)) {
    return {
      kind: 'tls',
      summary: `TLS error talking to ${hostOf(t.target)}: ${code}`,
      hint: 'The certificate is not trusted for this name (self-signed, expired or for another host). Fix the certificate, or use NODE_EXTRA_CA_CERTS for a private CA.',
      evidence,
    };
  }
  if (code === 'ENOENT' && t.transport === 'stdio') {
    return {
      kind: 'command-not-found',
      summary: `command not found: ${t.target.split(' ')[0]}`,
      hint: 'Install it, give its full path, or check PATH (hosts often start servers with a smaller PATH than your shell).',
      evidence,
    };
  }
  if (code === 'EACCES' && t.transport === 'stdio') {
    return {
      kind: 'not-executable',
      summary: `permission denied starting ${t.target.split(' ')[0]}`,
      hint: 'Make the file executable (chmod +x) or run it through its interpreter (node server.js).',
      evidence,
    };
  }
  if (t.transport === 'http') {
    return {
      kind: 'network',
      summary: `the request to ${hostOf(t.target)} failed: ${e.raw?.replace(/^\w+ \S+: /, '') ?? code}`,
      hint: 'Check that the URL is right and the server is reachable from here.',
      evidence,
    };
  }
  return undefined;
}

/** The root cause when the doctor could not talk to the server, or could not complete a handshake. */
export function rootCause(t: Transcript): RootCause | undefined {
  const answered = t.exchanges.filter((x) => x.outcome === 'reply');
  if (answered.length === 0) {
    const error =
      t.events.find((e) => e.kind === 'error' && e.errorCode !== undefined) ?? t.events.find((e) => e.kind === 'error');
    const fromErr = error && fromError(t, error);
    if (fromErr) return fromErr;

    const heads = t.events.filter((e) => e.kind === 'http' && e.dir === 'in' && e.http?.status !== undefined);
    const denied = heads.filter((e) => e.http!.status === 401 || e.http!.status === 403);
    if (denied.length > 0 && denied.length === heads.filter((e) => e.http!.method === 'POST').length) {
      const status = denied[0].http!.status!;
      const challenge = denied.find((e) => e.http?.headers?.['www-authenticate'])?.http?.headers?.['www-authenticate'];
      return {
        kind: 'unauthorized',
        summary: `HTTP ${status}: the server ${status === 401 ? 'wants credentials' : 'refuses these credentials'}${challenge ? ` — it asked for: WWW-Authenticate: ${challenge}` : ' (no WWW-Authenticate header says how)'}`,
        hint:
          status === 401
            ? "Hosts get a token through OAuth: the oauth-* checks below walk its discovery as each host does. To probe the server itself, pass one with --token (or -H 'Authorization: Bearer …')."
            : 'The token is valid but not allowed here: check its scopes or audience.',
        evidence: denied.slice(0, 3).map((e) => `${e.conn}: ${e.http!.method} → HTTP ${e.http!.status}`),
      };
    }

    // The server answered, only never under the id of the request: hosts drop such answers and time out.
    // Not an answer that came late under the right id: only ids that no request on that connection carried.
    const sentIds = new Set(
      t.events
        .filter((e) => e.dir === 'out' && e.kind === 'message')
        .map((e) => `${e.conn} ${JSON.stringify((e.message as { id?: unknown } | undefined)?.id)}`),
    );
    const answers = t.events.filter((e) => {
      const m = e.message as Record<string, unknown> | undefined;
      return (
        e.dir === 'in' &&
        e.kind === 'message' &&
        m &&
        !('method' in m) &&
        ('result' in m || 'error' in m) &&
        m.id !== null &&
        !sentIds.has(`${e.conn} ${JSON.stringify(m.id)}`)
      );
    });
    if (answers.length > 0) {
      const sent = t.events.find((e) => e.dir === 'out' && e.kind === 'message' && e.conn === answers[0].conn);
      const sentId = (sent?.message as { id?: unknown } | undefined)?.id;
      const gotId = (answers[0].message as { id?: unknown }).id;
      return {
        kind: 'ids-not-echoed',
        summary: `the server answered, but never with the id of the request (sent ${JSON.stringify(sentId)}, got ${JSON.stringify(gotId)}): clients match answers by id, with its type, so every request timed out`,
        hint: 'Echo the request id exactly as it came, same type and value: 1 is not "1" (see jsonrpc-envelope).',
        evidence: answers.slice(0, 3).map((e) => `${e.conn}: ${JSON.stringify(e.message).slice(0, 200)}`),
      };
    }

    const exit = t.events.find((e) => e.kind === 'exit' && e.exit && !e.exit.expected) ?? failedExit(t);
    if (exit?.exit) {
      const how = exit.exit.signal ? `was killed by ${exit.exit.signal}` : `exited with code ${exit.exit.code}`;
      const stderr = stderrTail(t, exit.conn);
      // What it wrote on stdout instead of JSON-RPC (a program that is no server prints and leaves).
      const stdout = t.events
        .filter((e) => e.conn === exit.conn && e.dir === 'in' && e.kind === 'noise')
        .slice(0, STDERR_TAIL)
        .map((e) => `stdout: ${e.raw}`);
      const hint = [
        stderr.length > 0
          ? 'Its last stderr lines usually say why (a missing environment variable, a port in use, a crash).'
          : 'It wrote nothing on stderr.',
        stdout.length > 0
          ? 'What it wrote on stdout is no JSON-RPC: an MCP stdio server keeps running and answers on stdout.'
          : '',
        'Run the command by hand to see it.',
      ];
      return {
        kind: 'exited',
        summary: `the server ${how} before answering anything`,
        hint: hint.filter(Boolean).join(' '),
        evidence: [...stderr, ...stdout],
      };
    }

    if (t.exchanges.length > 0) {
      const waited = Math.max(...t.exchanges.map((x) => x.ms));
      const statuses = [...new Set(heads.map((e) => e.http!.status!))];
      const stdout = t.events.some((e) => e.dir === 'in' && (e.kind === 'message' || e.kind === 'noise'));
      const detail =
        t.transport === 'http'
          ? statuses.length > 0
            ? `; every POST got HTTP ${statuses.join('/')} without a JSON-RPC answer${statuses.includes(404) ? ' (is the path of the URL right?)' : ''}`
            : ''
          : stdout
            ? '; what it wrote on stdout was not JSON-RPC (see stdio-hygiene)'
            : '; it wrote nothing on stdout';
      const secs = `${(waited / 1000).toFixed(1)} s`;
      return {
        kind: 'no-answer',
        summary: `no answer: ${t.exchanges.length} request(s) went unanswered (waited up to ${Math.round(waited)} ms)${detail}`,
        hint:
          t.transport === 'stdio'
            ? `A stdio server must read JSON-RPC from stdin and answer on stdout. It stayed silent for ${secs}: if it is still starting (npx fetching a package, a large bundle), give it longer with --startup-timeout (hosts give up sooner, so make it start faster too); otherwise it may be waiting for something (a flag, an environment variable, a database), or serving HTTP instead.`
            : statuses.length > 0 && statuses.every((s) => s >= 500)
              ? `The server answered HTTP ${statuses.join('/')}: it is there but fails; its own logs say why.`
              : 'Check the URL: it must be the MCP endpoint itself (often /mcp), served over Streamable HTTP or HTTP+SSE.',
        evidence: stderrTail(t),
      };
    }
    return undefined;
  }

  // Connected, but the handshake itself timed out while another probe was answered.
  const init = t.exchanges.find(
    (x) =>
      x.method === 'initialize' &&
      x.label === 'initialize' &&
      t.connections.some((c) => c.id === x.conn && c.purpose === 'main'),
  );
  if (init?.outcome === 'timeout') {
    const other = answered[0];
    return {
      kind: 'handshake-timeout',
      summary: `initialize was not answered within ${Math.round(init.ms)} ms, while ${other.method} was answered in ${Math.round(other.ms)} ms`,
      hint: 'The server is up but slow (or stuck) in its initialize handler: hosts give up after 10–60 s. Run again with a longer --timeout to see the rest, and make initialize answer without waiting on slow work.',
      evidence: [...stderrTail(t, init.conn)],
    };
  }
  return undefined;
}
