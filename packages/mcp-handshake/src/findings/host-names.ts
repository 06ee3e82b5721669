/**
 * Which host a session came from, by the `clientInfo.name` it sent: the host data's own names
 * (src/hosts, one file per host, each with its evidence). `<server>` in a recorded name stands for the
 * server's name in the host's config (Qwen Code sends `qwen-cli-mcp-client-<server>`). Several hosts share
 * a name (Claude Desktop and claude.ai's connectors both send `claude-ai`): the one that reaches servers over
 * the transcript's transport is taken.
 */
import { HOSTS_IN_ORDER } from '../hosts/index.js';
import type { HostProfile } from '../hosts/types.js';
import type { HostId } from '../types.js';

export interface HostName {
  /** The host data's id (`claude-code`, `gemini-cli`…). */
  id: string;
  /** Shown in reports. */
  label: string;
  /** Where its client name is known from. */
  source: string;
  /** The host as findings/hosts.ts names it in its risk facts, where it does. */
  host?: HostId;
}

/** Hosts of findings/hosts.ts (its risk facts and --profile chatgpt|claude|vscode) by host-data id. */
const RISK_HOST = new Map<string, HostId>([
  ['chatgpt', 'chatgpt'],
  ['claude-connectors', 'claude'],
  ['claude-desktop', 'claude'],
  ['vscode', 'vscode'],
]);

const patternOf = (name: string) =>
  new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('<server>', '.+')}$`, 'i');

const sourceOf = (h: HostProfile) =>
  h.clientNames.basis === 'measured'
    ? `measured on ${h.name} ${h.clientNames.hostVersion} (${h.clientNames.command})`
    : `reported: ${h.clientNames.url}`;

export function hostOf(clientName: string | undefined, transport: 'stdio' | 'http' = 'http'): HostName | undefined {
  if (clientName === undefined) return undefined;
  const named = HOSTS_IN_ORDER.filter((h) => h.clientNames.value.some((n) => patternOf(n).test(clientName)));
  const reaches = (h: HostProfile) =>
    transport === 'stdio' ? h.transports.value.includes('stdio') : h.transports.value.some((v) => v !== 'stdio');
  const h = named.find(reaches) ?? named[0];
  if (!h) return undefined;
  const risk = RISK_HOST.get(h.id);
  return { id: h.id, label: h.name, source: sourceOf(h), ...(risk && { host: risk }) };
}

/** Labels of findings/hosts.ts's hosts, for reports that name them. */
export const RISK_HOST_LABEL = new Map<HostId, string>([
  ['chatgpt', 'ChatGPT'],
  ['claude', 'Claude'],
  ['vscode', 'VS Code'],
]);
