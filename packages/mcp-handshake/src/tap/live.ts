import type { WireEvent } from '../types.js';

type Msg = Record<string, unknown>;

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** One line per recorded event for `--live`: direction, time, connection and what it was. */
export function formatLiveEvent(e: WireEvent): string | undefined {
  const at = `${(e.at / 1000).toFixed(3).padStart(8)}s`;
  const arrow = e.dir === 'out' ? 'host → server' : e.dir === 'in' ? 'server → host' : '       local';
  const head = `${at} ${e.conn.padEnd(8)} ${arrow}`;
  switch (e.kind) {
    case 'message': {
      const m = (e.message ?? {}) as Msg;
      const id = 'id' in m ? ` #${JSON.stringify(m.id)}` : '';
      if (typeof m.method === 'string') return `${head} ${m.method}${id}${'id' in m ? '' : ' (notification)'}`;
      if (m.error && typeof m.error === 'object') {
        const err = m.error as Msg;
        return `${head} error${id} ${String(err.code)} ${clip(String(err.message ?? ''), 80)}`;
      }
      return `${head} result${id} ${clip(JSON.stringify(m.result) ?? '', 100)}`;
    }
    case 'http':
      return `${head} HTTP ${e.http?.method ?? ''} ${e.http?.status ?? e.http?.url ?? ''}`;
    case 'stderr':
      return undefined; // already on the tap's stderr, passed through
    case 'noise':
      return `${head} not JSON-RPC: ${clip(e.raw ?? '', 100)}`;
    case 'exit':
      return `${head} server exited (code ${e.exit?.code ?? '–'}, signal ${e.exit?.signal ?? '–'})`;
    default:
      return `${head} ${e.kind}: ${clip(e.note ?? e.raw ?? '', 120)}`;
  }
}
