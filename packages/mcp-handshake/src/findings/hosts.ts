/**
 * What named hosts are known to do with what a server sends, each fact with where it comes from.
 * Checks name these by `risk` id in their findings (`hosts`); `--profile <host>` turns a finding that
 * names one of the host's risks from a warning into a failure. Data only: add a fact, not code.
 */
import { HOSTS_IN_ORDER } from '../hosts/index.js';
import type { HostId } from '../types.js';

const HOST_PROFILE_IDS = HOSTS_IN_ORDER.map((h) => h.id);

export interface HostFact {
  /** Stable id a finding refers to. */
  risk: string;
  host: HostId;
  /** What the host does, in one sentence. */
  behaviour: string;
  /** Where the fact comes from: a thread, a vendor statement, or a report not confirmed publicly. */
  source: string;
  /**
   * How sure: `vendor` (the host's makers said so), `observed` (public reports with evidence), `reported`
   * (unconfirmed).
   */
  basis: 'vendor' | 'observed' | 'reported';
  /**
   * The transports the host reaches servers over, where the fact can bite: ChatGPT and claude.ai's web
   * connectors connect to remote (HTTP) servers only, VS Code to both.
   */
  transports: ReadonlyArray<'stdio' | 'http'>;
}

export const HOST_FACTS: readonly HostFact[] = [
  {
    risk: 'discover-probe',
    host: 'chatgpt',
    behaviour:
      'probes server/discover (2026-07-28 envelope) before anything else, and falls back to initialize 2025-11-25 ' +
      'when it gets no DiscoverResult',
    source:
      'openai/tunnel-client#63 (ChatGPT reports "MCP server/discover response was inconsistent"); the fallback ' +
      "revision as observed by this tool's era-support check",
    basis: 'observed',
    transports: ['http'],
  },
  {
    risk: 'discover-4xx',
    host: 'chatgpt',
    behaviour:
      'is reported to give up ("No tools available") when the server/discover probe gets an HTTP 4xx without a ' +
      'JSON-RPC error body, instead of falling back',
    source: 'GiftGen issue 11 (user reports); no public statement by OpenAI found, so treat as unconfirmed',
    basis: 'reported',
    transports: ['http'],
  },
  {
    risk: 'tool-list-frozen',
    host: 'chatgpt',
    behaviour:
      'keeps the tool list it fetched when the app was added (a frozen snapshot) and ignores list_changed until ' +
      'the user clicks Refresh in the app settings',
    source:
      'openai/tunnel-client#42, comment by an OpenAI maintainer (2026-08-31): "ChatGPT uses a frozen snapshot of ' +
      'its tools … the manual Refresh action"',
    basis: 'vendor',
    transports: ['http'],
  },
  {
    risk: 'tool-list-frozen',
    host: 'claude',
    behaviour:
      'claude.ai web connectors can keep a cached tool list after notifications/tools/list_changed and after ' +
      'reconnecting',
    source: 'anthropics/claude-ai-mcp#45 (labelled known-issue) and #137',
    basis: 'observed',
    transports: ['http'],
  },
  {
    risk: 'tool-list-frozen',
    host: 'vscode',
    behaviour:
      'can keep showing a cached tool list (and fewer tools than tools/list returns) after the server changed its ' +
      'tools',
    source: 'microsoft/vscode#245921 (open; Inspector lists every tool, VS Code does not)',
    basis: 'observed',
    transports: ['stdio', 'http'],
  },
];

export const HOSTS: readonly HostId[] = ['chatgpt', 'claude', 'vscode'];
/**
 * `--profile`: a host whose findings' warnings become failures (chatgpt, claude, vscode: the hosts these
 * facts name), `strict` (every warning fails), or any host of src/hosts (its row of the host table decides
 * the exit code: 0 only when it sees every tool).
 */
export type Profile = HostId | 'strict' | (typeof HOST_PROFILE_IDS)[number];
export const PROFILES: readonly string[] = [...new Set([...HOSTS, 'strict', ...HOST_PROFILE_IDS])];

/** The hosts known to have a risk on this transport: what a finding puts in its `hosts`. */
export const hostsAt = (risk: string, transport: 'stdio' | 'http'): HostId[] => [
  ...new Set(HOST_FACTS.filter((f) => f.risk === risk && f.transports.includes(transport)).map((f) => f.host)),
];
