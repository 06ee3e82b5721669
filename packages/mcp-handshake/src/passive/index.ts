/**
 * Passive checks: pure rules over any transcript (a host's session through `tap`, or
 * `doctor --dump-wire`), each finding with the party at fault and the host named from
 * `clientInfo`. New rule: a file in rules/ and a line here.
 */
import { HOST_FACTS, type HostFact } from '../findings/hosts.js';
import type { Diagnostic, Transcript } from '../types.js';
import { type HostName, hostOf } from './host-names.js';
import type { PassiveRule } from './rule.js';
import { capabilitiesUsed } from './rules/capabilities-used.js';
import { envelope } from './rules/envelope.js';
import { eraSwitch } from './rules/era-switch.js';
import { listDrift } from './rules/list-drift.js';
import { messageSchema } from './rules/message-schema.js';
import { oauthSteps } from './rules/oauth-steps.js';
import { sessionLifecycle } from './rules/session-lifecycle.js';
import { clientName, sessionViews } from './session-view.js';

export const PASSIVE_RULES: readonly PassiveRule[] = [
  sessionLifecycle,
  capabilitiesUsed,
  listDrift,
  eraSwitch,
  envelope,
  messageSchema,
  oauthSteps,
];

export interface ClientSeen {
  conn: string;
  name?: string;
  version?: string;
  host?: HostName;
  /** What this host is known to do (findings/hosts.ts), to read the findings against. */
  facts: HostFact[];
}

export interface PassiveReport {
  format: 'mcp-handshake/check@1';
  target: string;
  transport: Transcript['transport'];
  clients: ClientSeen[];
  findings: Diagnostic[];
  /** By party: how many findings are whose. */
  parties: Record<'server' | 'client' | 'spec', number>;
}

export function runPassive(t: Transcript): PassiveReport {
  const sessions = sessionViews(t);
  const findings = PASSIVE_RULES.flatMap((rule) => rule.run(t, sessions));
  const clients: ClientSeen[] = sessions.map((v) => {
    const name = clientName(v);
    const host = hostOf(name);
    return {
      conn: v.conn,
      ...(name && { name }),
      ...(typeof v.clientInfo?.version === 'string' && { version: v.clientInfo.version as string }),
      ...(host && { host }),
      facts: host ? HOST_FACTS.filter((f) => f.host === host.host) : [],
    };
  });
  const parties = { server: 0, client: 0, spec: 0 };
  for (const f of findings) parties[f.party ?? 'server']++;
  return { format: 'mcp-handshake/check@1', target: t.target, transport: t.transport, clients, findings, parties };
}
