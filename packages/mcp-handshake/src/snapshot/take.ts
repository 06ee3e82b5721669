import { createHash } from 'node:crypto';
import { listRound, paramsFor } from '../probes/listing.js';
import { declaredKinds } from '../probes/main.js';
import { openSession } from '../probes/session.js';
import { META } from '../protocol.js';
import type { Target } from '../target.js';
import { buildSnapshot, type Msg, type Snapshot, templateOf, type WidgetSnapshot } from './snapshot.js';

export interface SnapshotOptions {
  era: 'auto' | 'legacy' | 'modern';
  protocolVersion?: string;
  timeoutMs: number;
  /** How long the first request waits for the server to start. */
  startupTimeoutMs?: number;
}

/**
 * Connect like a host (the same session and listing probes as `inspect`), list everything,
 * and read each widget template a tool links to or a `ui://` resource names.
 */
export async function takeSnapshot(target: Target, options: SnapshotOptions): Promise<Snapshot> {
  const session = await openSession(target, {
    era: options.era,
    protocolVersion: options.protocolVersion,
    timeoutMs: options.timeoutMs,
    startupTimeoutMs: options.startupTimeoutMs,
    purpose: 'inspect',
  });
  try {
    if (!session.result)
      throw new Error(`could not connect: ${session.notes.join('; ') || 'no answer to the handshake'}`);
    const capabilities = (session.result.capabilities ?? {}) as Msg;
    const listing = await listRound(session.conn, session.ctx, declaredKinds(capabilities), 1);
    const tools = listing.tools ?? [];
    const resources = listing.resources ?? [];
    const uris = new Set<string>();
    for (const t of tools) {
      const uri = templateOf(t);
      if (uri) uris.add(uri);
    }
    for (const r of resources) if (typeof r.uri === 'string' && r.uri.startsWith('ui://')) uris.add(r.uri);
    const widgets: WidgetSnapshot[] = [];
    for (const uri of uris) {
      const reply = await session.conn.request('resources/read', paramsFor(session.ctx, { uri }));
      const contents = ((reply.message?.result as Msg | undefined)?.contents ?? []) as Msg[];
      const first = contents.find((c) => c.uri === uri) ?? contents[0];
      const listed = resources.find((r) => r.uri === uri);
      const text =
        typeof first?.text === 'string' ? first.text : typeof first?.blob === 'string' ? first.blob : undefined;
      const meta = (first?._meta ?? listed?._meta) as Msg | undefined;
      const mimeType = (first?.mimeType ?? listed?.mimeType) as string | undefined;
      widgets.push({
        uri,
        ...(mimeType && { mimeType }),
        ...(meta && { _meta: meta }),
        ...(text !== undefined && { sha256: createHash('sha256').update(text).digest('hex') }),
      });
    }
    const serverInfo =
      session.era === 'legacy'
        ? (session.result.serverInfo as Msg | undefined)
        : (((session.result._meta ?? {}) as Msg)[META.serverInfo] as Msg | undefined);
    // Redacted like the transcript: a snapshot is committed to a repository, a -e secret echoed in a
    // description must not go with it.
    return session.rec.redactor.value(
      buildSnapshot({
        target: session.rec.transcript().target,
        takenAt: new Date().toISOString(),
        era: session.era,
        ...(session.version && { protocolVersion: session.version }),
        ...(serverInfo && { serverInfo }),
        tools,
        resources,
        resourceTemplates: listing.resourceTemplates ?? [],
        prompts: listing.prompts ?? [],
        widgets,
      }),
    );
  } finally {
    await session.conn.close();
  }
}
