/**
 * What a change means for named hosts that freeze what they listed: the `tool-list-frozen`
 * facts of findings/hosts.ts (with their sources), and one about published ChatGPT apps.
 */

import { RISK_HOST_LABEL } from '../findings/host-names.js';
import { HOST_FACTS, type HostFact } from '../findings/hosts.js';
import type { HostId } from '../types.js';
import type { ChangeClass } from './change.js';

export interface HostImpact {
  host: string;
  /** `any`: every change; `breaking`: breaking changes only. */
  when: 'any' | ChangeClass;
  says: string;
  source: string;
  basis: HostFact['basis'];
}

const label = (id: string) => RISK_HOST_LABEL.get(id as HostId) ?? id;

const PUBLISHED_APP: HostImpact = {
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
};

export const HOST_IMPACTS: readonly HostImpact[] = [
  ...HOST_FACTS.filter((f) => f.risk === 'tool-list-frozen').map(
    (f): HostImpact => ({ host: label(f.host), when: 'any', says: f.behaviour, source: f.source, basis: f.basis }),
  ),
  PUBLISHED_APP,
];

export function impactsFor(classes: Set<ChangeClass>): HostImpact[] {
  if (classes.size === 0) return [];
  return HOST_IMPACTS.filter((i) => i.when === 'any' || classes.has(i.when));
}
