/**
 * Which fault fixtures each host is given, and how they are grouped into host runs. Several fixtures share one
 * run (one host process, one server each): a run costs seconds of CPU, a fixture little. Faults that stop a
 * server at connect run apart, with the correct server as a witness, because a host may give up on the whole
 * session for one of them. Timing faults run alone with the host's own timeouts, clocked by the fixture.
 */
// @ts-expect-error: a plain ES module (fixtures are run as scripts too)
import { AT_CONNECT, CASES } from '../fixtures/host-faults.mjs';
import type { Transport } from './harness.js';

interface Case {
  transports: Transport[];
}
const cases = CASES as Record<string, Case>;
const atConnect = AT_CONNECT as Set<string>;

/** Run alone (timing runs), never batched. */
export const TIMING = new Set(['start-up/no-answer', 'start-up/slow']);

export interface Batch {
  id: string;
  transport: Transport;
  faults: string[];
  /** The first fault is a witness (`ok`) whose expected effect depends on the others (drops-session). */
  witness: boolean;
}

export function batchesFor(transports: Transport[]): Batch[] {
  const batches: Batch[] = [];
  for (const transport of transports) {
    const faults = Object.keys(cases).filter((f) => cases[f].transports.includes(transport) && !TIMING.has(f));
    batches.push({
      id: `${transport} faults`,
      transport,
      faults: faults.filter((f) => !atConnect.has(f)),
      witness: false,
    });
    const failing = faults.filter((f) => atConnect.has(f));
    if (failing.length)
      batches.push({ id: `${transport} faults at connect`, transport, faults: ['ok', ...failing], witness: true });
  }
  return batches;
}

/** The slow start every host is given (ms): longer than Codex's start-up grace, shorter than the others' timeouts. */
export const SLOW_START_MS = 8000;
