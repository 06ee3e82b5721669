/**
 * What a change means for named hosts that freeze what they listed. Data with sources;
 * `basis` says how sure each fact is (as in findings/hosts.ts).
 */
import type { ChangeClass } from './change.js';

export interface HostImpact {
  host: string;
  /** `any`: every change; `breaking`: breaking changes only. */
  when: 'any' | ChangeClass;
  says: string;
  source: string;
  basis: 'vendor' | 'observed' | 'reported';
}

export const HOST_IMPACTS: readonly HostImpact[] = [
  {
    host: 'ChatGPT',
    when: 'any',
    says:
      'keeps the tool list it fetched when the app was added; it sees none of these changes until someone ' +
      'presses Refresh in the app settings (list_changed is not enough)',
    source:
      'openai/tunnel-client#42, comment by an OpenAI maintainer (2026-08-31): ' +
      '"ChatGPT uses a frozen snapshot of its tools … the manual Refresh action"',
    basis: 'vendor',
  },
  {
    host: 'ChatGPT',
    when: 'breaking',
    says:
      'until Refresh it still calls the old shape, so those calls fail against the new server; a published app ' +
      'carries its reviewed tool list, so a changed schema needs a new review before users get it',
    source:
      'GiftGen issue 16; OpenAI reviews the tool list on submission ' +
      '(developers.openai.com/apps-sdk/app-submission-guidelines); that every schema change needs a new review ' +
      'is not confirmed publicly',
    basis: 'reported',
  },
  {
    host: 'Claude (claude.ai connectors)',
    when: 'any',
    says: 'can keep a cached tool list after notifications/tools/list_changed and after reconnecting',
    source: 'anthropics/claude-ai-mcp#45 (labelled known-issue) and #137',
    basis: 'observed',
  },
];

export function impactsFor(classes: Set<ChangeClass>): HostImpact[] {
  if (classes.size === 0) return [];
  return HOST_IMPACTS.filter((i) => i.when === 'any' || classes.has(i.when));
}
