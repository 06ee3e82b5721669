/**
 * The one rule system: every judgement mcp-handshake makes, of a doctor run or of a host's session
 * recorded by `tap`, is a rule here (metadata, and a pure function of the transcript), and every
 * finding is coded data (findings/finding.ts) worded apart. The doctor and `check` run the same
 * registry (index.ts) over the same transcript type; which rules apply follows from who the client was.
 */
import type { CheckResult, Transcript } from '../types.js';
import type { SessionView } from './sessions.js';

/**
 * Who the client of a transcript was: mcp-handshake itself (a doctor run, or inspect/call/watch dumps:
 * its client side is deliberate and not judged), or a host whose session `tap` recorded.
 */
export type ClientKind = 'mcp-handshake' | 'host';

/** What a rule reads of a transcript besides its events: computed once per run. */
export interface RuleView {
  client: ClientKind;
  sessions: SessionView[];
}

/**
 * Which transcripts a rule judges:
 * - `any`: a doctor run as well as a host's session (envelopes, schemas, stdout hygiene);
 * - `probes`: only the doctor's own probes (it reads their labels: the version sweep, the malformed variants…);
 * - `host`: only a host's session (what the doctor's probes judge better where they exist: list drift,
 *   the lifecycle as it happened, capabilities each side used).
 */
export type Judges = 'any' | 'probes' | 'host';

export interface Rule {
  /** Stable: baselines, SARIF rules and finding codes (`<id>/<what>`) refer to it. */
  id: string;
  title: string;
  /** Why it matters to real hosts. */
  why: string;
  /** How to fix it. */
  fix: string;
  /** Spec section (URL). */
  spec: string;
  /** Default `probes`. */
  judges?: Judges;
  run(t: Transcript, view: RuleView): CheckResult;
}

export const appliesTo = (rule: Rule, client: ClientKind): boolean => {
  const judges = rule.judges ?? 'probes';
  return judges === 'any' || (client === 'host' ? judges === 'host' : judges === 'probes');
};
