/**
 * Passive checks: pure rules over any transcript (a host's session through `tap`, or
 * `doctor --dump-wire`), each finding with the party at fault and the host named from
 * `clientInfo`. New rule: a file in rules/ and a line here.
 */
import { HOST_FACTS, type HostFact } from '../findings/hosts.js';
import { isKnownVersion } from '../protocol.js';
import type { Diagnostic, Purpose, Transcript } from '../types.js';
import { type HostName, hostOf } from './host-names.js';
import type { PassiveRule } from './rule.js';
import { capabilitiesUsed } from './rules/capabilities-used.js';
import { envelope } from './rules/envelope.js';
import { eraSwitch } from './rules/era-switch.js';
import { listDrift } from './rules/list-drift.js';
import { messageSchema } from './rules/message-schema.js';
import { sessionLifecycle } from './rules/session-lifecycle.js';
import { clientName, sessionViews } from './session-view.js';

export const PASSIVE_RULES: readonly PassiveRule[] = [
  sessionLifecycle,
  capabilitiesUsed,
  listDrift,
  eraSwitch,
  envelope,
  messageSchema,
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
  /** Connections of `doctor --dump-wire` that were deliberately malformed probes: their client side is not judged. */
  deliberate?: string[];
  findings: Diagnostic[];
  /** By party: how many findings are whose. */
  parties: Record<'server' | 'client' | 'spec', number>;
}

/**
 * What the doctor sends on purpose to see how a server copes (malformed initialize variants, unknown
 * versions, a foreign Origin, the HTTP+SSE transport probe): not a client's mistake.
 */
const DELIBERATE_PURPOSES: ReadonlySet<Purpose> = new Set([
  'malformed',
  'http-probe',
  'transport-probe',
  'modern-version',
]);

export function deliberateProbes(t: Transcript): string[] {
  return t.connections
    .filter(
      (c) =>
        DELIBERATE_PURPOSES.has(c.purpose) ||
        (c.purpose === 'version' && c.version !== undefined && !isKnownVersion(c.version)),
    )
    .map((c) => c.id);
}

export function runPassive(t: Transcript): PassiveReport {
  const sessions = sessionViews(t);
  const deliberate = new Set(deliberateProbes(t));
  const findings = PASSIVE_RULES.flatMap((rule) => rule.run(t, sessions)).filter(
    (f) => !(f.party === 'client' && deliberate.has(String(f.args.conn))),
  );
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
