import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** Stand-ins for hosts: real SDK clients of each generation, pinned to one revision. */
export type Wire = { kind: 'v2'; version: string } | { kind: 'v1' };
export const WIRES: Wire[] = [
  { kind: 'v1' },
  { kind: 'v2', version: '2024-11-05' },
  { kind: 'v2', version: '2025-11-25' },
  { kind: 'v2', version: '2026-07-28' },
];
export const wireName = (w: Wire) => (w.kind === 'v1' ? 'sdk-v1' : `sdk-v2@${w.version}`);

export type Endpoint =
  | { transport: 'stdio'; command: string; args: string[]; env?: Record<string, string> }
  | { transport: 'http'; url: string };

export interface SdkSession {
  client: Client;
  close: () => Promise<void>;
}

export async function connect(wire: Wire, endpoint: Endpoint): Promise<SdkSession> {
  const info = { name: `tap-test-${wireName(wire)}`, version: '1.0.0' };
  const env = endpoint.transport === 'stdio' ? ({ ...process.env, ...endpoint.env } as Record<string, string>) : {};
  if (wire.kind === 'v1') {
    const client = new V1Client(info, { capabilities: {} });
    const transport =
      endpoint.transport === 'http'
        ? new V1HttpTransport(new URL(endpoint.url))
        : new V1StdioTransport({ command: endpoint.command, args: endpoint.args, env, stderr: 'pipe' });
    await client.connect(transport);
    return { client: client as unknown as Client, close: () => client.close() };
  }
  const modern = wire.version === '2026-07-28';
  const client = new Client(info, {
    capabilities: {},
    ...(modern
      ? { versionNegotiation: { mode: { pin: wire.version } } }
      : { supportedProtocolVersions: [wire.version] }),
  });
  const transport =
    endpoint.transport === 'http'
      ? new StreamableHTTPClientTransport(new URL(endpoint.url))
      : new StdioClientTransport({ command: endpoint.command, args: endpoint.args, env, stderr: 'pipe' });
  await client.connect(transport);
  return { client, close: () => client.close() };
}
