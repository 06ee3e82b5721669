import type { Transcript, WireEvent } from '../types.js';
import { oneLine } from './peer-text.js';

type Msg = Record<string, unknown>;

/** Mermaid message text: one line, no semicolons or hashes (they end or escape a statement). */
const clean = (s: string, max = 70) =>
  oneLine(
    s
      .replace(/[ \t\n]+/g, ' ')
      .replace(/;/g, ',')
      .replace(/#/g, ''),
    max,
  );

function label(e: WireEvent, methodsById: Map<string, string>): string {
  const m = e.message as Msg;
  if (typeof m.method === 'string') {
    const params = (m.params ?? {}) as Msg;
    const extra =
      typeof params.protocolVersion === 'string'
        ? ` ${params.protocolVersion}`
        : typeof params.name === 'string'
          ? ` ${params.name}`
          : '';
    return `${m.method}${'id' in m ? ` (id ${String(m.id)})` : ''}${extra}`;
  }
  const method = methodsById.get(`${e.conn}:${JSON.stringify(m.id)}`) ?? 'response';
  if (m.error && typeof m.error === 'object')
    return `error ${String((m.error as Msg).code)} to ${method} ${clean(String((m.error as Msg).message ?? ''), 40)}`;
  const r = (m.result ?? {}) as Msg;
  if (typeof r.protocolVersion === 'string') return `result ${method} ${r.protocolVersion}`;
  for (const key of ['tools', 'resources', 'resourceTemplates', 'prompts'])
    if (Array.isArray(r[key])) return `result ${method}: ${(r[key] as unknown[]).length} ${key}`;
  if (Array.isArray(r.supportedVersions)) return `result ${method} ${(r.supportedVersions as string[]).join(', ')}`;
  return `result ${method}`;
}

/** The observed exchange as a Mermaid sequenceDiagram (one pair of lifelines per connection). */
export function formatMermaid(t: Transcript, conns?: string[]): string {
  const shown = conns ?? [...new Set(t.events.map((e) => e.conn))];
  const multi = shown.length > 1;
  const lines = ['sequenceDiagram', '  participant C as mcp-handshake'];
  for (const c of shown) lines.push(`  participant ${alias(c)} as ${multi ? `server (${clean(c, 40)})` : 'server'}`);
  const methodsById = new Map<string, string>();
  for (const e of t.events) {
    if (!shown.includes(e.conn)) continue;
    const s = alias(e.conn);
    if (e.kind === 'message') {
      const m = e.message as Msg;
      if (e.dir === 'out' && typeof m.method === 'string' && 'id' in m)
        methodsById.set(`${e.conn}:${JSON.stringify(m.id)}`, m.method);
      const isNotification = typeof m.method === 'string' && !('id' in m);
      const arrow = isNotification ? '-)' : e.dir === 'out' ? '->>' : '-->>';
      lines.push(
        e.dir === 'out'
          ? `  C${arrow}${s}: ${clean(label(e, methodsById))}`
          : `  ${s}${arrow}C: ${clean(label(e, methodsById))}`,
      );
    } else if (e.kind === 'noise' && e.dir === 'in')
      lines.push(`  Note over ${s}: stdout noise ${clean(e.raw ?? '', 50)}`);
    else if (
      e.kind === 'http' &&
      e.dir === 'in' &&
      e.http?.status !== undefined &&
      (e.http.status >= 300 || e.http.method !== 'POST')
    )
      lines.push(`  Note over C,${s}: ${clean(e.http.method, 20)} HTTP ${e.http.status}`);
    else if (e.kind === 'exit') lines.push(`  Note over ${s}: exited ${e.exit?.signal ?? `code ${e.exit?.code}`}`);
    else if (e.kind === 'error') lines.push(`  Note over C: ${clean(e.raw ?? 'error', 60)}`);
  }
  return `${lines.join('\n')}\n`;
}

const alias = (conn: string) => `S_${conn.replace(/[^A-Za-z0-9]/g, '_')}`;
