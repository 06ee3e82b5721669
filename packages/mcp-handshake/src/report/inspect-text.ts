import type { RootCause } from '../diagnosis/root-cause.js';
import type { Transcript, WireEvent } from '../types.js';
import type { CapabilityLine } from './capabilities.js';
import { oneLine } from './peer-text.js';
import type { Style } from './style.js';

type Msg = Record<string, unknown>;

export interface UiLink {
  tool: string;
  resourceUri?: string;
  outputTemplate?: string;
}

/** The documented `inspect --json` shape. */
export interface InspectResult {
  format: 'mcp-handshake/inspect@1';
  target: string;
  transport: 'stdio' | 'http';
  connected: boolean;
  /** Why it could not connect, when it could not (see diagnosis/root-cause.ts). */
  rootCause?: RootCause;
  era: 'legacy' | 'modern';
  protocolVersion?: string;
  notes: string[];
  serverInfo?: Msg;
  instructions?: string;
  capabilities: CapabilityLine[];
  discovery: { tools: Msg[]; resources: Msg[]; resourceTemplates: Msg[]; prompts: Msg[] };
  ui: { links: UiLink[]; resources: string[] };
  timings: { totalMs: number; handshakeMs?: number; requests: Array<{ method: string; ms: number; outcome: string }> };
  transcript: Transcript;
}

/** Peer text on one line: runs of spaces, tabs and newlines become one space; anything else dangerous is shown. */
const one = (v: unknown, max: number) => oneLine(typeof v === 'string' ? v.replace(/[ \t\n]+/g, ' ') : v, max);

export function wireLine(e: WireEvent, style: Style, max: number, showHeaders = false): string | undefined {
  const at = style.dim(`${e.at.toFixed(1).padStart(8)} ms`);
  const http = e.http
    ? style.dim(
        ` ${one(e.http.method, 20)}${e.http.status !== undefined ? ` ${e.http.status}` : ''}${e.http.contentType ? ` ${one(e.http.contentType.split(';')[0], 60)}` : ''}`,
      )
    : '';
  switch (e.kind) {
    case 'message':
      return `${at} ${e.dir === 'out' ? style.blue('→') : style.green('←')}${e.dir === 'out' && e.http ? `${http} ` : ' '}${one(e.message, max)}${showHeaders && e.http?.headers ? style.dim(`\n${' '.repeat(13)}headers ${one(e.http.headers, max)}`) : ''}`;
    case 'http':
      return e.dir === 'in'
        ? `${at} ${style.dim('←')}${http}${e.http?.headers?.['mcp-session-id'] ? style.dim(` session ${one(e.http.headers['mcp-session-id'], 40)}`) : ''}`
        : `${at} ${style.dim('→')}${http}`;
    case 'noise':
      return `${at} ${style.red('! stdout, not JSON-RPC:')} ${one(e.raw, max)}`;
    case 'stderr':
      return `${at} ${style.dim(`stderr: ${one(e.raw, max)}`)}`;
    case 'exit':
      return `${at} ${style.dim(`process exited ${e.exit?.signal ?? `with code ${e.exit?.code}`}`)}`;
    case 'error':
      return `${at} ${style.red(`error: ${one(e.raw, max)}`)}`;
    case 'note':
      return `${at} ${style.dim(`(${one(e.note, max)})`)}`;
  }
}

function describeSchema(schema: unknown): string[] {
  const s = (schema ?? {}) as Msg;
  const props = (s.properties ?? {}) as Record<string, Msg>;
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const lines = Object.entries(props).map(([name, p]) => {
    const type = Array.isArray(p.type)
      ? p.type.join('|')
      : ((p.type as string | undefined) ?? (p.enum ? `enum ${JSON.stringify(p.enum)}` : p.anyOf ? 'anyOf' : 'any'));
    return `${one(name, 60)}: ${one(type, 60)}${required.has(name) ? ' (required)' : ''}${p.description ? ` — ${one(p.description, 70)}` : ''}`;
  });
  return lines.length ? lines : ['(no arguments)'];
}

export function formatInspectText(
  r: InspectResult,
  style: Style,
  options: { verbose?: boolean; showStderr?: boolean } = {},
): string {
  const max = options.verbose ? 100_000 : 180;
  const out: string[] = [];
  out.push(style.bold(`mcp-handshake inspect ${one(r.target, 300)}`));
  out.push(
    `era: ${style.bold(r.era)}${r.protocolVersion ? ` ${one(r.protocolVersion, 40)}` : ''} over ${r.transport}${r.connected ? '' : style.red(' — not connected')}`,
  );
  if (r.rootCause) {
    out.push(style.red(style.bold(`✖ could not connect: ${one(r.rootCause.summary, 400)}`)));
    for (const e of r.rootCause.evidence) out.push(style.dim(`      ${one(e, max)}`));
    out.push(`      ${one(r.rootCause.hint, 2000)}`);
  }
  for (const n of r.notes) out.push(style.dim(`note: ${one(n, 2000)}`));
  out.push(
    '',
    style.bold(
      `Wire (${r.transcript.events.filter((e) => e.kind === 'message').length} messages; credentials redacted)`,
    ),
  );
  for (const e of r.transcript.events) {
    if (e.kind === 'stderr' && !options.showStderr && !options.verbose) continue;
    const line = wireLine(e, style, max, options.verbose);
    if (line) out.push(line);
  }
  const stderr = r.transcript.events.filter((e) => e.kind === 'stderr').length;
  if (stderr && !options.showStderr && !options.verbose)
    out.push(style.dim(`          (${stderr} stderr lines hidden; --verbose shows them)`));
  if (!r.connected) return out.join('\n');
  out.push('', style.bold('Server'));
  if (r.serverInfo)
    out.push(
      `  ${one(r.serverInfo.name, 100)} ${one(r.serverInfo.version, 60)}${r.serverInfo.title ? ` (${one(r.serverInfo.title, 100)})` : ''}`,
    );
  if (r.instructions) out.push(`  instructions: ${one(r.instructions, options.verbose ? 100_000 : 300)}`);
  out.push('', style.bold('Capabilities'));
  if (r.capabilities.length === 0) out.push('  (none declared)');
  const width = Math.max(0, ...r.capabilities.map((c) => c.path.length));
  for (const c of r.capabilities)
    out.push(`  ${one(c.path, 80).padEnd(width)}  ${style.dim(one(c.value, 30).padEnd(16))} ${one(c.meaning, 200)}`);
  const d = r.discovery;
  out.push('', style.bold(`Tools (${d.tools.length})`));
  for (const t of d.tools) {
    out.push(`  ${style.bold(one(t.name, 100))}${t.title ? ` — ${one(t.title, 100)}` : ''}`);
    if (t.description) out.push(style.dim(`    ${one(t.description, 160)}`));
    for (const line of describeSchema(t.inputSchema)) out.push(`    ${line}`);
    if (t.outputSchema) out.push(style.dim(`    returns: ${one(t.outputSchema, 120)}`));
  }
  out.push('', style.bold(`Resources (${d.resources.length}, first page)`));
  for (const res of d.resources)
    out.push(
      `  ${one(res.uri, 200)}  ${style.dim(`${one(res.name ?? '', 100)}${res.mimeType ? ` ${one(res.mimeType, 60)}` : ''}`)}`,
    );
  out.push('', style.bold(`Resource templates (${d.resourceTemplates.length})`));
  for (const rt of d.resourceTemplates)
    out.push(`  ${one(rt.uriTemplate, 200)}  ${style.dim(one(rt.name ?? '', 100))}`);
  out.push('', style.bold(`Prompts (${d.prompts.length})`));
  for (const p of d.prompts) {
    const args = Array.isArray(p.arguments)
      ? (p.arguments as Msg[]).map((a) => `${one(a?.name, 60)}${a?.required ? '' : '?'}`).join(', ')
      : '';
    out.push(`  ${one(p.name, 100)}(${args})${p.description ? style.dim(` — ${one(p.description, 100)}`) : ''}`);
  }
  if (r.ui.links.length || r.ui.resources.length) {
    out.push('', style.bold('UI'));
    for (const l of r.ui.links)
      out.push(
        `  tool ${one(l.tool, 100)} → ${[l.resourceUri && `_meta.ui.resourceUri ${one(l.resourceUri, 200)}`, l.outputTemplate && `openai/outputTemplate ${one(l.outputTemplate, 200)}`].filter(Boolean).join(', ')}`,
      );
    for (const u of r.ui.resources) out.push(`  resource ${one(u, 200)}`);
  }
  out.push('', style.bold('Timings'));
  out.push(
    `  total ${r.timings.totalMs} ms${r.timings.handshakeMs !== undefined ? `, handshake ${r.timings.handshakeMs} ms` : ''}`,
  );
  for (const q of r.timings.requests)
    out.push(
      style.dim(
        `  ${one(q.method, 60).padEnd(28)} ${String(q.ms).padStart(8)} ms ${q.outcome === 'reply' ? '' : q.outcome}`,
      ),
    );
  return out.join('\n');
}
