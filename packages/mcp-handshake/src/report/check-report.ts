/**
 * `check`'s report: the one rule set (rules/index.ts) over any transcript (a host's session through
 * `tap`, or `doctor --dump-wire`), its findings each with the party at fault, and the host named
 * from `clientInfo`. Pure.
 */

import { type HostName, hostOf } from '../findings/host-names.js';
import { HOST_FACTS, type HostFact } from '../findings/hosts.js';
import { deliberateProbes, runRules } from '../rules/index.js';
import { clientName, sessionViews } from '../rules/sessions.js';
import type { Diagnostic, Party, Transcript } from '../types.js';

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
  /** Connections of `doctor --dump-wire` that were deliberately malformed probes: their client side is not judged. */
  deliberate?: string[];
  findings: Diagnostic[];
  /** By party: how many findings are whose. */
  parties: Record<'server' | 'client' | 'spec', number>;
}

export function runPassive(t: Transcript): PassiveReport {
  const sessions = sessionViews(t);
  const deliberate = new Set(deliberateProbes(t));
  const findings = runRules(t).flatMap((r) => r.findings);
  const clients: ClientSeen[] = sessions.map((v) => {
    const name = clientName(v);
    const host = hostOf(name, t.transport === 'stdio' ? 'stdio' : 'http');
    return {
      conn: v.conn,
      ...(name && { name }),
      ...(typeof v.clientInfo?.version === 'string' && { version: v.clientInfo.version as string }),
      ...(host && { host }),
      facts: host?.host ? HOST_FACTS.filter((f) => f.host === host.host) : [],
    };
  });
  const parties = { server: 0, client: 0, spec: 0 };
  for (const f of findings) parties[(f.party ?? 'server') as Party]++;
  return {
    format: 'mcp-handshake/check@1',
    target: t.target,
    transport: t.transport,
    clients,
    ...(deliberate.size > 0 && { deliberate: [...deliberate] }),
    findings,
    parties,
  };
}
