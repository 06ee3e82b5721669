import type { Check } from '../types.js';
import { excerpt, outcome, skip, SPEC, worst } from './lib.js';

export const stdioHygiene: Check = {
  id: 'stdio-hygiene',
  title: 'stdout carries only JSON-RPC messages',
  why: 'Hosts parse every stdout line as a JSON-RPC message. A banner or a log line there is a parse error in Claude Desktop, VS Code or Cursor: some drop the line, some drop the connection.',
  fix: 'Keep stdout for the transport alone: each JSON-RPC message on one line (never pretty-printed), and logs, banners and progress on stderr (console.error, a logger with destination 2).',
  spec: `${SPEC}/basic/transports#stdio`,
  run(t) {
    if (t.transport !== 'stdio') return skip('not a stdio target');
    const noise = t.events.filter((e) => e.kind === 'noise' && e.dir === 'in');
    const stderr = t.events.filter((e) => e.kind === 'stderr');
    const exits = t.events.filter((e) => e.kind === 'exit' && e.exit && !e.exit.expected);
    const spawnErrors = t.events.filter((e) => e.kind === 'error');
    const evidence: string[] = [];
    // `{` alone on a line, `"jsonrpc": "2.0",` and the like: JSON-RPC pretty-printed over several lines.
    const framing = noise.filter((e) => /^\s*[{}[\]],?\s*$|^\s*"(jsonrpc|id|result|error|method)"\s*:/.test(e.raw ?? '')).length;
    const multiLine = framing >= 2 && framing * 2 >= noise.length;
    const wroteNothing = !t.events.some((e) => e.dir === 'in' && (e.kind === 'message' || e.kind === 'noise'));
    for (const e of noise.slice(0, 5)) evidence.push(`${e.conn} stdout: ${excerpt(e.raw, 140)}`);
    if (noise.length > 5) evidence.push(`… ${noise.length - 5} more non-JSON-RPC stdout lines`);
    for (const e of exits) evidence.push(`${e.conn}: the server exited by itself ${e.exit!.signal ? `(signal ${e.exit!.signal})` : `(exit code ${e.exit!.code})`}`);
    for (const e of spawnErrors) evidence.push(`${e.conn}: ${excerpt(e.raw, 140)}`);
    evidence.push(stderr.length > 0 ? `stderr captured: ${stderr.length} lines, first: ${excerpt(stderr[0].raw, 120)}` : 'stderr: nothing written');
    if (multiLine) {
      return outcome('fail', 'JSON-RPC messages are pretty-printed over several lines: stdio framing is one message per line (multi-line JSON)', [
        ...evidence,
        'fix: write each message as one line — JSON.stringify(message) without an indent argument, then "\\n"; no newline may appear inside a message',
      ]);
    }
    // Nothing on stdout at all proves nothing about hygiene: the root cause says why it was silent.
    if (wroteNothing && spawnErrors.length === 0) return outcome('skip', 'the server wrote nothing on stdout: nothing to judge', evidence);
    const status = worst([noise.length > 0 || spawnErrors.length > 0 ? 'fail' : 'pass', exits.length > 0 ? 'warn' : 'pass']);
    const summary =
      noise.length > 0
        ? `${noise.length} stdout line(s) are not JSON-RPC messages`
        : spawnErrors.length > 0
          ? 'the server could not be started'
          : exits.length > 0
            ? `the server exited on its own on ${exits.length} connection(s)`
            : 'stdout carried only JSON-RPC messages';
    return outcome(status, summary, evidence);
  },
};
