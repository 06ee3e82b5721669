/**
 * The question a user of the doctor asks: which hosts will see my tools, and if not, why? Read from the
 * doctor's findings and transcript against each host's recorded behaviour (one file per host, every fact
 * measured or reported). Pure.
 *
 * A host's verdict is decided by the worst thing it is known to do with a fault this server has: drop the
 * session or the server ("does not connect"), keep the connection but none of its tools ("sees no tools"),
 * leave the bad tools out ("sees 2 of 3 tools"), or nothing ("sees 3 tools"). A fault nobody measured or
 * reported for that host is said as such, never guessed.
 */
import type { RootCause } from '../diagnosis/root-cause.js';
import { LABEL } from '../labels.js';
import { mainSession, toolsOf } from '../rules/lib.js';
import type { Diagnostic, Finding, Transcript } from '../types.js';
import { FAULT_CLASSES, type FaultCode } from './fault-classes.js';
import { HOSTS_IN_ORDER } from './index.js';
import type { Effect, Evidence, HostProfile, Reaction, Transport } from './types.js';

export type HostOutcome = 'sees-all' | 'loses-some' | 'sees-none' | 'does-not-connect' | 'does-not-apply';

export interface HostVerdict {
  host: string;
  name: string;
  /** The host version the deciding fact was measured on, where it was measured. */
  version?: string;
  outcome: HostOutcome;
  /** Tools it hands its model, of those the server lists (absent when it does not connect). */
  sees?: number;
  of: number;
  /** One line: what this host does with this server. */
  summary: string;
  /**
   * What decides it: the fault (a host-data fault class), the doctor's findings that show it, and the
   * fact with its evidence.
   */
  decidedBy?: { code: string; findings: string[]; what: string; note: string; evidence: Evidence };
  /** Faults this server has whose effect on this host nobody measured or reported. */
  unknown: FaultCode[];
}

const EFFECT_RANK: Record<Effect, number> = {
  'keeps-all': 0,
  'drops-bad-tools': 1,
  'drops-all-tools': 2,
  'drops-server': 3,
  'drops-session': 4,
};

const isFault = (code: string): code is FaultCode => Object.hasOwn(FAULT_CLASSES, code);

/** A fault this server has, as the host data names it, and what of the server it concerns. */
interface Fault {
  code: FaultCode;
  what: string;
  /** Tools the fault is about (a tool-schemas finding's tool), when it is about some tools. */
  tools: string[];
  /** Codes of the doctor's findings that show it. */
  findings: string[];
}

/** The faults present, from the findings (codes the doctor emits) and from what the transcript shows. */
export function faultsOf(t: Transcript, findings: Finding[]): Fault[] {
  const byCode = new Map<FaultCode, Fault>();
  const add = (code: FaultCode, what: string, shownBy: string[], tool?: string) => {
    let f = byCode.get(code);
    if (!f) byCode.set(code, (f = { code, what, tools: [], findings: [] }));
    if (tool !== undefined && !f.tools.includes(tool)) f.tools.push(tool);
    for (const c of shownBy) if (!f.findings.includes(c)) f.findings.push(c);
  };
  const diagnostics = findings.flatMap((f) => f.findings) as Diagnostic[];
  for (const d of diagnostics) {
    if (d.severity === 'info' || !isFault(d.code)) continue;
    add(d.code, d.message, [d.code], typeof d.args.tool === 'string' ? d.args.tool : undefined);
  }
  // What the host data has classes for and no rule codes: read off the transcript, with the findings that say it.
  for (const x of t.exchanges) {
    if (!x.method.endsWith('/list') || x.outcome !== 'reply' || x.replySeq === undefined) continue;
    const reply = t.events.find((e) => e.seq === x.replySeq)?.message as Record<string, unknown> | undefined;
    if (!reply || !('result' in reply) || reply.result !== null) continue;
    const shownBy = diagnostics
      .filter((d) => d.severity !== 'info' && d.message.includes(x.method) && /null/.test(d.message))
      .map((d) => d.code);
    add('list-result/null', `${x.method} answered with result null`, shownBy);
  }
  const session = mainSession(t);
  const tools = session ? toolsOf(t, session) : [];
  for (const tool of tools)
    if (typeof tool.name === 'string' && tool.name.length > 64)
      add('tool-names/long', `${tool.name.slice(0, 20)}…: a name of ${tool.name.length} characters`, [], tool.name);
  return [...byCode.values()];
}

/**
 * How long the server took to give its first answer on the main connection (stdio: its start-up), less the time
 * its processes waited for a CPU (a busy machine's share, where the kernel says: wire/cpu-wait.ts), so the same
 * server gets the same verdict on a busy machine as on an idle one. `measuredMs` is the wall-clock figure.
 */
export function startUpOf(t: Transcript): { ms: number; measuredMs: number; cpuWaitMs?: number } | undefined {
  const x = t.exchanges.find(
    (e) =>
      e.outcome === 'reply' &&
      e.label === LABEL.initialize &&
      t.connections.some((c) => c.id === e.conn && c.purpose === 'main'),
  );
  if (!x) return undefined;
  const waited = t.events.find((e) => e.conn === x.conn && e.cpuWaitMs !== undefined)?.cpuWaitMs;
  if (waited === undefined) return { ms: x.ms, measuredMs: x.ms };
  return { ms: Math.max(0, x.ms - waited), measuredMs: x.ms, cpuWaitMs: waited };
}

/** The start-up as an idle machine would see it (startUpOf). */
export const firstAnswerMs = (t: Transcript): number | undefined => startUpOf(t)?.ms;

const transportOf = (t: Transcript): Transport => (t.transport === 'stdio' ? 'stdio' : 'http');
const serves = (h: HostProfile, transport: Transport) =>
  transport === 'stdio' ? h.transports.value.includes('stdio') : h.transports.value.some((v) => v !== 'stdio');

const versionOf = (e: Evidence): string | undefined => (e.basis === 'measured' ? e.hostVersion : undefined);
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

export function hostVerdicts(
  t: Transcript,
  findings: Finding[],
  cause: RootCause | undefined,
  connected: boolean,
): HostVerdict[] {
  const transport = transportOf(t);
  const session = mainSession(t);
  const tools = session ? toolsOf(t, session) : [];
  const names = tools.map((x) => String(x.name));
  const of = new Set(names).size;
  const faults = faultsOf(t, findings);
  const startup = firstAnswerMs(t);
  return HOSTS_IN_ORDER.map((h) => {
    const base = {
      host: h.id,
      name: h.name,
      of,
      unknown: [] as FaultCode[],
      ...(h.package && { version: h.package.version }),
    };
    if (!serves(h, transport))
      return {
        ...base,
        outcome: 'does-not-apply' as const,
        summary: `does not apply: ${h.name} reaches ${transport === 'stdio' ? 'remote (HTTP) servers only' : 'stdio servers only'}`,
      };
    if (!connected || (cause && !session))
      return {
        ...base,
        outcome: 'does-not-connect' as const,
        summary: `does not connect: ${cause?.summary ?? 'no answer'}`,
      };
    // A start-up slower than the host waits: it gives up (or goes on without the server) before the first answer.
    const wait = h.startupTimeout?.value;
    if (transport === 'stdio' && startup !== undefined && wait) {
      const limit = wait.omitsAfterMs ?? wait.ms;
      if (limit !== undefined && startup > limit)
        return {
          ...base,
          outcome: 'does-not-connect' as const,
          summary: `does not connect: the first answer came after ${seconds(startup)}; ${h.name} ${wait.omitsAfterMs ? `goes on without a server not ready after ${seconds(limit)}` : `gives up at ${seconds(limit)}`}`,
          decidedBy: {
            code: 'start-up/slow',
            findings: [],
            what: `first answer after ${seconds(startup)}`,
            note: wait.note,
            evidence: h.startupTimeout!,
          },
        };
    }
    let worst: { fault: Fault; reaction: Reaction; evidence: Evidence } | undefined;
    const dropped = new Set<string>();
    for (const fault of faults) {
      const fact = h.faults[fault.code]?.[transport];
      if (!fact) {
        base.unknown.push(fault.code);
        continue;
      }
      if (fact.value.effect === 'drops-bad-tools') for (const tool of fault.tools) dropped.add(tool);
      if (!worst || EFFECT_RANK[fact.value.effect] > EFFECT_RANK[worst.reaction.effect])
        worst = { fault, reaction: fact.value, evidence: fact };
    }
    const decidedBy = worst && {
      code: worst.fault.code,
      findings: worst.fault.findings,
      what: worst.fault.what,
      note: worst.reaction.note,
      evidence: worst.evidence,
    };
    const effect = worst?.reaction.effect ?? 'keeps-all';
    const version = worst ? versionOf(worst.evidence) : undefined;
    const withVersion = { ...base, ...(version && { version }) };
    const unsure =
      base.unknown.length > 0
        ? `; not known what it does with ${base.unknown.join(', ')} (nobody measured or reported it)`
        : '';
    switch (effect) {
      case 'drops-session':
      case 'drops-server':
        return {
          ...withVersion,
          outcome: 'does-not-connect' as const,
          summary: `does not connect${effect === 'drops-session' ? ', and loses every other server of the session too' : ''}: ${worst!.fault.what}${unsure}`,
          decidedBy,
        };
      case 'drops-all-tools':
        return {
          ...withVersion,
          outcome: 'sees-none' as const,
          sees: 0,
          summary: `sees the server, loses ${of === 1 ? 'its one tool' : `all ${of} tools`}: ${worst!.fault.what}${unsure}`,
          decidedBy,
        };
      case 'drops-bad-tools': {
        const sees = names.filter((n) => !dropped.has(n)).length;
        return {
          ...withVersion,
          outcome: sees === of ? ('sees-all' as const) : ('loses-some' as const),
          sees,
          summary: `sees ${sees} of ${of} tools, loses ${[...dropped].join(', ')}: ${worst!.fault.what}${unsure}`,
          decidedBy,
        };
      }
      default: {
        // A host reported to lose tools of some correct servers, cause unknown: said, not predicted.
        const known = h.faults.ok?.[transport];
        const caveat = known && known.value.effect !== 'keeps-all' ? `; but ${known.value.note}` : '';
        return {
          ...withVersion,
          outcome: 'sees-all' as const,
          sees: of,
          summary: `sees ${of} tool${of === 1 ? '' : 's'}${unsure}${caveat}`,
          ...(decidedBy && { decidedBy }),
        };
      }
    }
  });
}

/**
 * The findings that decide no host's verdict: spec violations none of the hosts exercises (kept as
 * failures: a MUST is a MUST, and security findings such as a served foreign Origin stay failures).
 */
export function decisiveCodes(verdicts: HostVerdict[]): Set<string> {
  return new Set(
    verdicts.flatMap((v) =>
      v.decidedBy && v.outcome !== 'sees-all' ? [v.decidedBy.code, ...v.decidedBy.findings] : [],
    ),
  );
}
