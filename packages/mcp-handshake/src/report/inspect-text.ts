import type { RootCause } from '../diagnosis/root-cause.js';
import type { Transcript, WireEvent } from '../types.js';
import type { CapabilityLine } from './capabilities.js';
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

const one = (v: unknown, max: number) => {
  const s = (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).replace(/\s+/g, ' ');
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

export function wireLine(e: WireEvent, style: Style, max: number, showHeaders = false): string | undefined {
  const at = style.dim(`${e.at.toFixed(1).padStart(8)} ms`);
  const http = e.http
    ? style.dim(
        ` ${e.http.method}${e.http.status !== undefined ? ` ${e.http.status}` : ''}${e.http.contentType ? ` ${e.http.contentType.split(';')[0]}` : ''}`,
      )
    : '';
  switch (e.kind) {
    case 'message':
      return `${at} ${e.dir === 'out' ? style.blue('→') : style.green('←')}${e.dir === 'out' && e.http ? `${http} ` : ' '}${one(e.message, max)}${showHeaders && e.http?.headers ? style.dim(`\n${' '.repeat(13)}headers ${JSON.stringify(e.http.headers)}`) : ''}`;
    case 'http':
      return e.dir === 'in'
        ? `${at} ${style.dim('←')}${http}${e.http?.headers?.['mcp-session-id'] ? style.dim(` session ${e.http.headers['mcp-session-id']}`) : ''}`
        : `${at} ${style.dim('→')}${http}`;
    case 'noise':
      return `${at} ${style.red('! stdout, not JSON-RPC:')} ${one(e.raw, max)}`;
    case 'stderr':
      return `${at} ${style.dim(`stderr: ${one(e.raw, max)}`)}`;
    case 'exit':
      return `${at} ${style.dim(`process exited ${e.exit?.signal ?? `with code ${e.exit?.code}`}`)}`;
    case 'error':
      return `${at} ${style.red(`error: ${e.raw}`)}`;
    case 'note':
      return `${at} ${style.dim(`(${e.note})`)}`;
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
    return `${name}: ${type}${required.has(name) ? ' (required)' : ''}${p.description ? ` — ${one(p.description, 70)}` : ''}`;
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
  out.push(style.bold(`mcp-handshake inspect ${r.target}`));
  out.push(
    `era: ${style.bold(r.era)}${r.protocolVersion ? ` ${r.protocolVersion}` : ''} over ${r.transport}${r.connected ? '' : style.red(' — not connected')}`,
  );
  if (r.rootCause) {
    out.push(style.red(style.bold(`✖ could not connect: ${r.rootCause.summary}`)));
    for (const e of r.rootCause.evidence) out.push(style.dim(`      ${e}`));
    out.push(`      ${r.rootCause.hint}`);
  }
  for (const n of r.notes) out.push(style.dim(`note: ${n}`));
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
      `  ${String(r.serverInfo.name)} ${String(r.serverInfo.version)}${r.serverInfo.title ? ` (${String(r.serverInfo.title)})` : ''}`,
    );
  if (r.instructions) out.push(`  instructions: ${one(r.instructions, options.verbose ? 100_000 : 300)}`);
  out.push('', style.bold('Capabilities'));
  if (r.capabilities.length === 0) out.push('  (none declared)');
  const width = Math.max(0, ...r.capabilities.map((c) => c.path.length));
  for (const c of r.capabilities)
    out.push(`  ${c.path.padEnd(width)}  ${style.dim(one(c.value, 30).padEnd(16))} ${c.meaning}`);
  const d = r.discovery;
  out.push('', style.bold(`Tools (${d.tools.length})`));
  for (const t of d.tools) {
    out.push(`  ${style.bold(String(t.name))}${t.title ? ` — ${String(t.title)}` : ''}`);
    if (t.description) out.push(style.dim(`    ${one(t.description, 160)}`));
    for (const line of describeSchema(t.inputSchema)) out.push(`    ${line}`);
    if (t.outputSchema) out.push(style.dim(`    returns: ${one(t.outputSchema, 120)}`));
  }
  out.push('', style.bold(`Resources (${d.resources.length}, first page)`));
  for (const res of d.resources)
    out.push(
      `  ${String(res.uri)}  ${style.dim(`${String(res.name ?? '')}${res.mimeType ? ` ${String(res.mimeType)}` : ''}`)}`,
    );
  out.push('', style.bold(`Resource templates (${d.resourceTemplates.length})`));
  for (const rt of d.resourceTemplates) out.push(`  ${String(rt.uriTemplate)}  ${style.dim(String(rt.name ?? ''))}`);
  out.push('', style.bold(`Prompts (${d.prompts.length})`));
  for (const p of d.prompts) {
    const args = Array.isArray(p.arguments)
      ? (p.arguments as Msg[]).map((a) => `${String(a.name)}${a.required ? '' : '?'}`).join(', ')
      : '';
    out.push(`  ${String(p.name)}(${args})${p.description ? style.dim(` — ${one(p.description, 100)}`) : ''}`);
  }
  if (r.ui.links.length || r.ui.resources.length) {
    out.push('', style.bold('UI'));
    for (const l of r.ui.links)
      out.push(
        `  tool ${l.tool} → ${[l.resourceUri && `_meta.ui.resourceUri ${l.resourceUri}`, l.outputTemplate && `openai/outputTemplate ${l.outputTemplate}`].filter(Boolean).join(', ')}`,
      );
    for (const u of r.ui.resources) out.push(`  resource ${u}`);
  }
  out.push('', style.bold('Timings'));
  out.push(
    `  total ${r.timings.totalMs} ms${r.timings.handshakeMs !== undefined ? `, handshake ${r.timings.handshakeMs} ms` : ''}`,
  );
  for (const q of r.timings.requests)
    out.push(
      style.dim(`  ${q.method.padEnd(28)} ${String(q.ms).padStart(8)} ms ${q.outcome === 'reply' ? '' : q.outcome}`),
    );
  return out.join('\n');
}
