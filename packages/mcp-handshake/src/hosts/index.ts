/**
 * Every host the doctor knows, as data with evidence (one file per host). `HOST_PROFILES` keys them by id;
 * `reactionOf` says what a host does with a fault class on a transport, if anyone measured or reported it.
 */
import { chatgpt } from './chatgpt.js';
import { claudeCode } from './claude-code.js';
import { claudeConnectors } from './claude-connectors.js';
import { claudeDesktop } from './claude-desktop.js';
import { codex } from './codex.js';
import { continueCli } from './continue-cli.js';
import { copilotCli } from './copilot-cli.js';
import { cursor } from './cursor.js';
import type { FaultCode } from './fault-classes.js';
import { geminiCli } from './gemini-cli.js';
import { mcpInspector } from './mcp-inspector.js';
import { opencode } from './opencode.js';
import { qwenCode } from './qwen-code.js';
import type { Fact, HostProfile, Reaction, Transport } from './types.js';
import { vscode } from './vscode.js';

/** The order a host table lists them in: the hosts users name first, then the ones measured here. */
export const HOSTS_IN_ORDER: readonly HostProfile[] = [
  claudeCode,
  claudeConnectors,
  claudeDesktop,
  chatgpt,
  vscode,
  cursor,
  geminiCli,
  qwenCode,
  opencode,
  codex,
  copilotCli,
  continueCli,
  mcpInspector,
];

export const HOST_PROFILES: ReadonlyMap<string, HostProfile> = new Map(HOSTS_IN_ORDER.map((h) => [h.id, h]));

export function reactionOf(host: HostProfile, fault: FaultCode, transport: Transport): Fact<Reaction> | undefined {
  return host.faults[fault]?.[transport];
}

export { FAULT_CLASSES, FAULT_CODES, type FaultCode } from './fault-classes.js';
export type * from './types.js';
