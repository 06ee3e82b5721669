import type { Diagnostic, WireEvent } from '../types.js';
import { oneLine } from './peer-text.js';

type Msg = Record<string, unknown>;

/** One line per recorded event for `--live`: direction, time, connection and what it was. */
export function formatLiveEvent(e: WireEvent): string | undefined {
  const at = `${(e.at / 1000).toFixed(3).padStart(8)}s`;
  const arrow = e.dir === 'out' ? 'host → server' : e.dir === 'in' ? 'server → host' : '       local';
  const head = `${at} ${oneLine(e.conn, 40).padEnd(8)} ${arrow}`;
  switch (e.kind) {
    case 'message': {
      const m = (e.message ?? {}) as Msg;
      const id = 'id' in m ? ` #${JSON.stringify(m.id)}` : '';
      if (typeof m.method === 'string')
        return `${head} ${oneLine(m.method, 100)}${oneLine(id, 100)}${'id' in m ? '' : ' (notification)'}`;
      if (m.error && typeof m.error === 'object') {
        const err = m.error as Msg;
        return `${head} error${oneLine(id, 100)} ${oneLine(err.code, 20)} ${oneLine(err.message ?? '', 80)}`;
      }
      return `${head} result${oneLine(id, 100)} ${oneLine(m.result ?? '', 100)}`;
    }
    case 'http':
      return `${head} HTTP ${oneLine(e.http?.method ?? '', 20)} ${oneLine(e.http?.status ?? e.http?.url ?? '', 200)}`;
    case 'stderr':
      return undefined; // already on the tap's stderr, passed through
    case 'noise':
      return `${head} not JSON-RPC: ${oneLine(e.raw ?? '', 100)}`;
    case 'exit':
      return `${head} server exited (code ${e.exit?.code ?? '–'}, signal ${e.exit?.signal ?? '–'})`;
    default:
      return `${head} ${e.kind}: ${oneLine(e.note ?? e.raw ?? '', 120)}`;
  }
}

/** A passive finding the moment it first appears (`--live`). */
export function formatLiveFinding(f: Diagnostic): string {
  return `finding ${f.severity.toUpperCase()} [${f.party ?? 'server'}] ${oneLine(f.message, 400)} (${f.code})`;
}

/** A request the HTTP tap refused to forward: method and target are the peer's. */
export function formatRefusal(r: { method: string; target: string; reason: string; from: string }, n: number): string {
  return `mcp-handshake tap: refused ${oneLine(r.method, 20)} ${oneLine(r.target, 200)} from ${oneLine(r.from, 60)}: ${r.reason}${n >= 20 ? ` (${n} refused so far; further ones are counted, not shown)` : ''}`;
}
