import type { Check } from '../types.js';
import { excerpt, outcome, skip, SPEC, worst } from './lib.js';

export const stdioHygiene: Check = {
  id: 'stdio-hygiene',
  title: 'stdout carries only JSON-RPC messages',
  why: 'Hosts parse every stdout line as a JSON-RPC message. A banner or a log line there is a parse error in Claude Desktop, VS Code or Cursor: some drop the line, some drop the connection.',
  fix: 'Write logs, banners and progress to stderr (console.error, a logger with destination 2); keep stdout for the transport alone.',
  spec: `${SPEC}/basic/transports#stdio`,
  run(t) {
    if (t.transport !== 'stdio') return skip('not a stdio target');
    const noise = t.events.filter((e) => e.kind === 'noise' && e.dir === 'in');
    const stderr = t.events.filter((e) => e.kind === 'stderr');
    const exits = t.events.filter((e) => e.kind === 'exit' && e.exit && !e.exit.expected);
    const spawnErrors = t.events.filter((e) => e.kind === 'error');
    const evidence: string[] = [];
    for (const e of noise.slice(0, 5)) evidence.push(`${e.conn} stdout: ${excerpt(e.raw, 140)}`);
    if (noise.length > 5) evidence.push(`… ${noise.length - 5} more non-JSON-RPC stdout lines`);
    for (const e of exits) evidence.push(`${e.conn}: the server exited by itself ${e.exit!.signal ? `(signal ${e.exit!.signal})` : `(exit code ${e.exit!.code})`}`);
    for (const e of spawnErrors) evidence.push(`${e.conn}: ${excerpt(e.raw, 140)}`);
    evidence.push(stderr.length > 0 ? `stderr captured: ${stderr.length} lines, first: ${excerpt(stderr[0].raw, 120)}` : 'stderr: nothing written');
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
