import { cite, finding, findingsOf, verdict } from '../findings/finding.js';
import type { CheckResult, Diagnostic, Transcript } from '../types.js';
import { excerpt, outcome, revisionOf, SPEC, skip } from './lib.js';
import type { Rule } from './rule.js';

export const stdioHygiene: Rule = {
  id: 'stdio-hygiene',
  title: 'stdout carries only JSON-RPC messages',
  why: 'Hosts parse every stdout line as a JSON-RPC message. A banner or a log line there is a parse error in Claude Desktop, VS Code or Cursor: some drop the line, some drop the connection.',
  fix: 'Keep stdout for the transport alone: each JSON-RPC message on one line (never pretty-printed), and logs, banners and progress on stderr (console.error, a logger with destination 2).',
  spec: `${SPEC}/basic/transports#stdio`,
  judges: 'any',
  run(t, view) {
    if (t.transport !== 'stdio') return skip('not a stdio target');
    // A host's own stdin lines too (the doctor writes malformed lines on purpose).
    const hostNoise = view.client === 'host' ? t.events.filter((e) => e.kind === 'noise' && e.dir === 'out') : [];
    const judged = judgeServer(t);
    if (hostNoise.length === 0) return judged;
    const where = cite(revisionOf(t, hostNoise[0].conn), 'basic/transports#stdio');
    const client = finding(
      'stdio-hygiene/client-wrote-non-json-rpc',
      'fail',
      `the client wrote ${hostNoise.length} line${hostNoise.length === 1 ? '' : 's'} that ${hostNoise.length === 1 ? 'is' : 'are'} not JSON-RPC to the server's stdin`,
      where,
      {
        party: 'client',
        args: { lines: hostNoise.length },
        evidence: hostNoise.slice(0, 3).map((e) => `#${e.seq}: ${excerpt(e.raw, 120)}`),
      },
    );
    return verdict([...findingsOf(stdioHygiene, judged), client], {
      summary: judged.summary,
      evidence: judged.evidence,
    });
  },
};

/** The server's stdout: only JSON-RPC, one message per line. */
function judgeServer(t: Transcript): CheckResult {
  const noise = t.events.filter((e) => e.kind === 'noise' && e.dir === 'in');
  const stderr = t.events.filter((e) => e.kind === 'stderr');
  const exits = t.events.filter((e) => e.kind === 'exit' && e.exit && !e.exit.expected);
  const spawnErrors = t.events.filter((e) => e.kind === 'error');
  const evidence: string[] = [];
  // `{` alone on a line, `"jsonrpc": "2.0",` and the like: JSON-RPC pretty-printed over several lines.
  const framing = noise.filter((e) =>
    /^\s*[{}[\]],?\s*$|^\s*"(jsonrpc|id|result|error|method)"\s*:/.test(e.raw ?? ''),
  ).length;
  const multiLine = framing >= 2 && framing * 2 >= noise.length;
  const wroteNothing = !t.events.some((e) => e.dir === 'in' && (e.kind === 'message' || e.kind === 'noise'));
  for (const e of noise.slice(0, 5)) evidence.push(`${e.conn} stdout: ${excerpt(e.raw, 140)}`);
  if (noise.length > 5) evidence.push(`… ${noise.length - 5} more non-JSON-RPC stdout lines`);
  for (const e of exits)
    evidence.push(
      `${e.conn}: the server exited by itself ${e.exit!.signal ? `(signal ${e.exit!.signal})` : `(exit code ${e.exit!.code})`}`,
    );
  for (const e of spawnErrors) evidence.push(`${e.conn}: ${excerpt(e.raw, 140)}`);
  evidence.push(
    stderr.length > 0
      ? `stderr captured: ${stderr.length} lines, first: ${excerpt(stderr[0].raw, 120)}`
      : 'stderr: nothing written',
  );
  // Levels (basic/transports#stdio, every revision): "The server MUST NOT write anything to its stdout that is not
  // a valid MCP message" and "Messages are delimited by newlines, and MUST NOT contain embedded newlines": fail.
  // An exit of its own breaks no sentence of the transport (what it costs is other checks' no-answer): info.
  const mainConn = t.connections.find((c) => c.purpose === 'main') ?? t.connections[0];
  const where = cite(mainConn ? revisionOf(t, mainConn.id) : undefined, 'basic/transports#stdio');
  if (multiLine) {
    const message =
      'JSON-RPC messages are pretty-printed over several lines: stdio framing is one message per line (multi-line JSON)';
    const fix =
      'fix: write each message as one line — JSON.stringify(message) without an indent argument, then "\\n"; no newline may appear inside a message';
    return verdict(
      [
        finding('stdio-hygiene/multi-line-message', 'fail', message, where, {
          args: { lines: noise.length },
          evidence: [...evidence, fix],
        }),
      ],
      { summary: message },
    );
  }
  // Nothing on stdout at all proves nothing about hygiene: the root cause says why it was silent (or, for a
  // command that could not be started, that it never ran).
  if (wroteNothing)
    return outcome(
      'skip',
      spawnErrors.length > 0
        ? 'the server could not be started: nothing on stdout to judge'
        : 'the server wrote nothing on stdout: nothing to judge',
      evidence,
    );
  const findings: Diagnostic[] = [];
  if (noise.length > 0) {
    findings.push(
      finding('stdio-hygiene/not-jsonrpc', 'fail', `${noise.length} stdout line(s) are not JSON-RPC messages`, where, {
        args: { lines: noise.length },
        evidence,
      }),
    );
  } else if (exits.length > 0) {
    findings.push(
      finding('stdio-hygiene/exited', 'info', `the server exited on its own on ${exits.length} connection(s)`, where, {
        args: { connections: exits.length },
        evidence,
      }),
    );
  }
  const ok =
    findings.length === 0
      ? { summary: 'stdout carried only JSON-RPC messages', evidence }
      : { summary: findings[0].message, status: 'info' as const };
  return verdict(findings, ok);
}
