/**
 * Which host a session came from, by the `clientInfo.name` it sent. Data: add a line, not
 * code. What each host is known to do is in findings/hosts.ts (HOST_FACTS).
 */
import type { HostId } from '../types.js';

export interface HostName {
  host: HostId;
  /** Shown in reports. */
  label: string;
  pattern: RegExp;
  source: string;
}

export const HOST_NAMES: readonly HostName[] = [
  {
    host: 'chatgpt',
    label: 'ChatGPT',
    pattern: /^(openai-mcp|chatgpt)/i,
    source: 'clientInfo.name "openai-mcp" as ChatGPT sends it (seen in tunnel-client and Apps SDK bug reports)',
  },
  {
    host: 'claude',
    label: 'Claude',
    pattern: /^claude/i,
    source: 'clientInfo.name "claude-ai" (claude.ai connectors) and "claude-code"',
  },
  {
    host: 'vscode',
    label: 'VS Code',
    pattern: /^(visual studio code|vscode)/i,
    source: 'clientInfo.name "Visual Studio Code" (GitHub Copilot agent mode)',
  },
];

export function hostOf(clientName: string | undefined): HostName | undefined {
  return clientName === undefined ? undefined : HOST_NAMES.find((h) => h.pattern.test(clientName));
}
