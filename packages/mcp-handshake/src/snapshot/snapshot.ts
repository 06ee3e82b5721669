/**
 * A snapshot (`mcp.lock.json`) is what a host would freeze: the lists with their schemas
 * and the widgets' metadata. Pure: building one from lists, and reading one back.
 */

import { capDepth, MAX_JSON_DEPTH } from '../wire/peer-json.js';

export type Msg = Record<string, unknown>;

export const SNAPSHOT_FORMAT = 'mcp-handshake/snapshot@1';

export interface WidgetSnapshot {
  uri: string;
  mimeType?: string;
  /** The `_meta` of the resource as read (CSP, domain, border…), where hosts take widget policy from. */
  _meta?: Msg;
  /** sha256 of the template text: a changed template shows, without storing it. */
  sha256?: string;
}

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  target: string;
  takenAt: string;
  era: 'legacy' | 'modern';
  protocolVersion?: string;
  serverInfo?: Msg;
  tools: Msg[];
  resources: Msg[];
  resourceTemplates: Msg[];
  prompts: Msg[];
  widgets: WidgetSnapshot[];
}

/** Objects with keys in order, so a lock file diffs cleanly in git whatever order the server used. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Msg)
        .sort()
        .map((k) => [k, canonical((value as Msg)[k])]),
    );
  }
  return value;
}

const byKey = (key: string) => (a: Msg, b: Msg) => String(a[key] ?? '').localeCompare(String(b[key] ?? ''));

export function buildSnapshot(parts: Omit<Snapshot, 'format'>): Snapshot {
  return {
    format: SNAPSHOT_FORMAT,
    target: parts.target,
    takenAt: parts.takenAt,
    era: parts.era,
    ...(parts.protocolVersion && { protocolVersion: parts.protocolVersion }),
    ...(parts.serverInfo && { serverInfo: canonical(parts.serverInfo) as Msg }),
    tools: [...parts.tools].sort(byKey('name')).map((t) => canonical(t) as Msg),
    resources: [...parts.resources].sort(byKey('uri')).map((r) => canonical(r) as Msg),
    resourceTemplates: [...parts.resourceTemplates].sort(byKey('uriTemplate')).map((r) => canonical(r) as Msg),
    prompts: [...parts.prompts].sort(byKey('name')).map((p) => canonical(p) as Msg),
    widgets: [...parts.widgets].sort((a, b) => a.uri.localeCompare(b.uri)).map((w) => canonical(w) as WidgetSnapshot),
  };
}

export function parseSnapshot(text: string, source: string): Snapshot {
  let value: unknown;
  try {
    value = capDepth(JSON.parse(text), MAX_JSON_DEPTH + 3).value;
  } catch (error) {
    throw new Error(`${source} is not JSON: ${(error as Error).message}`);
  }
  const s = value as Partial<Snapshot>;
  if (!s || s.format !== SNAPSHOT_FORMAT) throw new Error(`${source} is not a snapshot (format ${SNAPSHOT_FORMAT})`);
  for (const key of ['tools', 'resources', 'resourceTemplates', 'prompts', 'widgets'] as const) {
    if (!Array.isArray(s[key])) throw new Error(`${source}: "${key}" is not a list`);
  }
  return s as Snapshot;
}

/** The widget template a tool renders in: MCP Apps `_meta.ui.resourceUri`, the older flat key, or OpenAI's. */
export function templateOf(tool: Msg): string | undefined {
  const meta = (tool._meta ?? {}) as Msg;
  const ui = (meta.ui ?? {}) as Msg;
  for (const v of [ui.resourceUri, meta['ui/resourceUri'], meta['openai/outputTemplate']])
    if (typeof v === 'string') return v;
  return undefined;
}
