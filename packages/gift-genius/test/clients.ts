import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CLI, MODERN_VERSION } from './harness.js';

export type Wire = { kind: 'v2'; version: string } | { kind: 'v1' };
export type Target =
  | { transport: 'http'; url: string }
  | { transport: 'stdio'; dataDir: string; env?: Record<string, string> };

export const wireName = (wire: Wire) => (wire.kind === 'v1' ? 'sdk-v1' : `sdk-v2@${wire.version}`);

/** A real SDK client of the given generation, pinned to one revision, over a real transport. */
export async function connectClient(wire: Wire, target: Target, capabilities: Record<string, unknown> = {}) {
  const info = { name: `test-${wireName(wire)}`, version: '1.0.0' };
  if (wire.kind === 'v1') {
    const client = new V1Client(info, { capabilities });
    const transport =
      target.transport === 'http'
        ? new V1HttpTransport(new URL(target.url))
        : new V1StdioTransport({
            command: process.execPath,
            args: [CLI, 'stdio', '--data', target.dataDir],
            env: { ...process.env, ...target.env } as Record<string, string>,
            stderr: 'pipe',
          });
    const stderr = collect(transport);
    await client.connect(transport);
    return { client: client as unknown as Client, v1: client, close: () => client.close(), stderr };
  }
  const modern = wire.version === MODERN_VERSION;
  const client = new Client(info, {
    capabilities,
    ...(modern
      ? { versionNegotiation: { mode: { pin: MODERN_VERSION } } }
      : { supportedProtocolVersions: [wire.version] }),
  });
  const transport =
    target.transport === 'http'
      ? new StreamableHTTPClientTransport(new URL(target.url))
      : new StdioClientTransport({
          command: process.execPath,
          args: [CLI, 'stdio', '--data', target.dataDir],
          env: { ...process.env, ...target.env } as Record<string, string>,
          stderr: 'pipe',
        });
  const stderr = collect(transport);
  await client.connect(transport);
  return { client, v1: undefined, close: () => client.close(), stderr };
}

/** What a stdio server wrote to stderr so far (its log lines); '' over HTTP. */
function collect(transport: object): () => string {
  let text = '';
  (transport as { stderr?: NodeJS.ReadableStream | null }).stderr?.on('data', (d) => (text += String(d)));
  return () => text;
}

import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';

const V1_SCHEMAS = {
  'notifications/tools/list_changed': ToolListChangedNotificationSchema,
  'notifications/resources/list_changed': ResourceListChangedNotificationSchema,
  'notifications/resources/updated': ResourceUpdatedNotificationSchema,
  'notifications/prompts/list_changed': PromptListChangedNotificationSchema,
} as const;

export type ChangeNotification = keyof typeof V1_SCHEMAS;
export const CHANGE_NOTIFICATIONS = Object.keys(V1_SCHEMAS) as ChangeNotification[];

/** v1 registers notification handlers by schema, v2 by method name. */
export function onNotification(
  conn: Awaited<ReturnType<typeof connectClient>>,
  method: ChangeNotification,
  handler: (params: { uri?: string } | undefined) => void,
): void {
  if (conn.v1) conn.v1.setNotificationHandler(V1_SCHEMAS[method], (n) => handler(n.params as { uri?: string }));
  else conn.client.setNotificationHandler(method, (n: { params?: unknown }) => handler(n.params as { uri?: string }));
}
