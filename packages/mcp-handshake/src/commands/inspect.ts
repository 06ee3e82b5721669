import { rootCause } from '../diagnosis/root-cause.js';
import { LIST_METHOD, type ListKind, listRound } from '../probes/listing.js';
import { declaredKinds } from '../probes/main.js';
import { type EraChoice, openSession } from '../probes/session.js';
import { META } from '../protocol.js';
import { explainCapabilities } from '../report/capabilities.js';
import { renderHtmlReport } from '../report/html.js';
import { formatInspectText, type InspectResult, type UiLink } from '../report/inspect-text.js';
import { formatMermaid } from '../report/mermaid.js';
import { jsonText } from '../report/peer-text.js';
import { printJson, printText, writePrivateFile } from '../report/print.js';
import { makeStyle, useColour } from '../report/style.js';
import type { Target } from '../target.js';
import { EXIT, withTranscript } from './common.js';

type Msg = Record<string, unknown>;

export interface InspectOptions {
  era: EraChoice;
  protocolVersion?: string;
  timeoutMs: number;
  /** How long the first request waits for the server to start. */
  startupTimeoutMs?: number;
  json?: boolean;
  mermaid?: boolean;
  verbose?: boolean;
  dumpWire?: string;
  html?: string;
}

const isEntry = (v: unknown): v is Msg => typeof v === 'object' && v !== null && !Array.isArray(v);

export function uiLinks(tools: Msg[]): UiLink[] {
  const links: UiLink[] = [];
  for (const t of tools) {
    const meta = (t._meta ?? {}) as Msg;
    const ui = (meta.ui ?? {}) as Msg;
    const resourceUri =
      typeof ui.resourceUri === 'string'
        ? ui.resourceUri
        : typeof meta['ui/resourceUri'] === 'string'
          ? (meta['ui/resourceUri'] as string)
          : undefined;
    const outputTemplate =
      typeof meta['openai/outputTemplate'] === 'string' ? (meta['openai/outputTemplate'] as string) : undefined;
    if (resourceUri || outputTemplate)
      links.push({
        tool: String(t.name),
        ...(resourceUri && { resourceUri }),
        ...(outputTemplate && { outputTemplate }),
      });
  }
  return links;
}

export async function runInspect(target: Target, options: InspectOptions): Promise<InspectResult> {
  const session = await openSession(target, {
    era: options.era,
    protocolVersion: options.protocolVersion,
    timeoutMs: options.timeoutMs,
    startupTimeoutMs: options.startupTimeoutMs,
    purpose: 'inspect',
  });
  const handshakeMs = Math.round(session.rec.now());
  const capabilities = (session.result?.capabilities ?? {}) as Msg;
  const listing = session.result ? await listRound(session.conn, session.ctx, declaredKinds(capabilities), 1) : {};
  await session.conn.close();
  const transcript = session.rec.transcript();
  const serverInfo =
    session.era === 'legacy'
      ? (session.result?.serverInfo as Msg | undefined)
      : (((session.result?._meta ?? {}) as Msg)[META.serverInfo] as Msg | undefined);
  // A list entry that is not an object (null, a string) is dropped and said, never dereferenced.
  const notes = [...session.notes];
  for (const k of Object.keys(listing) as ListKind[]) {
    const bad = (listing[k] as unknown[]).filter((v) => !isEntry(v));
    if (bad.length > 0)
      notes.push(
        `${LIST_METHOD[k]} listed ${bad.length} ${bad.length === 1 ? 'entry that is not an object' : 'entries that are not objects'} (${bad
          .slice(0, 3)
          .map((v) => JSON.stringify(v))
          .join(', ')}): hosts drop them or reject the whole list`,
      );
  }
  const get = (k: ListKind) => (listing[k] ?? []).filter(isEntry);
  const uiResources = [
    ...get('resources').map((r) => r.uri),
    ...get('resourceTemplates').map((r) => r.uriTemplate),
  ].filter((u): u is string => typeof u === 'string' && u.startsWith('ui://'));
  // Probes read the server's answers as sent; what is shown is redacted like the transcript (a server
  // that echoes a -e secret in its serverInfo or a tool description must not print it).
  const shown = session.rec.redactor;
  return shown.value({
    format: 'mcp-handshake/inspect@1',
    target: transcript.target,
    transport: transcript.transport,
    connected: session.result !== undefined,
    ...(session.result === undefined && { rootCause: rootCause(transcript) }),
    era: session.era,
    ...(session.version && { protocolVersion: session.version }),
    notes,
    ...(serverInfo && { serverInfo }),
    ...(typeof session.result?.instructions === 'string' && { instructions: session.result.instructions }),
    capabilities: explainCapabilities(capabilities),
    discovery: {
      tools: get('tools'),
      resources: get('resources'),
      resourceTemplates: get('resourceTemplates'),
      prompts: get('prompts'),
    },
    ui: { links: uiLinks(get('tools')), resources: uiResources },
    timings: {
      totalMs: transcript.durationMs,
      handshakeMs,
      requests: transcript.exchanges.map((x) => ({
        method: x.method === LIST_METHOD.tools && x.label?.includes('page') ? `${x.method} (${x.label})` : x.method,
        ms: x.ms,
        outcome: x.outcome,
      })),
    },
    transcript,
  } satisfies InspectResult);
}

export async function inspectCommand(target: Target, options: InspectOptions): Promise<number> {
  const result = await runInspect(target, options);
  return withTranscript(result.transcript, () => present(result, options));
}

function present(result: InspectResult, options: InspectOptions): number {
  if (options.dumpWire) writePrivateFile(options.dumpWire, `${jsonText(result.transcript, 2)}\n`);
  if (options.html) {
    const { tools, resources, prompts } = result.discovery;
    const summary = [
      `target: ${result.target}`,
      `${result.connected ? 'connected' : 'could not connect'}, ${result.era} ${result.protocolVersion ?? ''}`,
      `${tools.length} tools, ${resources.length} resources, ${prompts.length} prompts`,
    ];
    const { transcript } = result;
    const title = 'mcp-handshake inspect';
    const verdict = result.connected
      ? { status: 'pass' as const, text: `✔ connected: ${result.era} ${result.protocolVersion ?? ''}` }
      : { status: 'fail' as const, text: `✖ could not connect: ${result.rootCause?.summary ?? 'no answer'}` };
    writePrivateFile(options.html, renderHtmlReport({ title, verdict, summary, transcript, findings: [] }));
  }
  if (options.json) printJson(process.stdout, result);
  else if (options.mermaid) printText(process.stdout, formatMermaid(result.transcript));
  else
    printText(
      process.stdout,
      `${formatInspectText(result, makeStyle(useColour(process.stdout, process.env)), { verbose: options.verbose })}\n`,
    );
  return result.connected ? EXIT.ok : EXIT.noConnection;
}
