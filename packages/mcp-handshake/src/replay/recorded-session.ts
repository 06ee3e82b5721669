/**
 * The recorded session of one connection, as the replay needs it: each client message with
 * the server's answer and what the server sent on its own after it. Pure.
 */
import type { Transcript, WireEvent } from '../types.js';
import { idKey } from '../wire/rpc.js';

type Msg = Record<string, unknown>;

export interface Step {
  /** What the client sent (request or notification). */
  client: Msg;
  /** The server's answer to it, when it was a request and got one. */
  answer?: Msg;
  /** Server messages (notifications, requests) recorded after this step and before the next client message. */
  /** What the server sent after the client's message, up to the next one. */
  after: Msg[];
}

const isResponse = (m: Msg) => !('method' in m) && ('result' in m || 'error' in m);

/** The connections of a transcript that carry client messages, in order. */
export function replayableConnections(t: Transcript): string[] {
  return [...new Set(t.events.filter((e) => e.dir === 'out' && e.kind === 'message').map((e) => e.conn))];
}

export function recordedSteps(t: Transcript, conn: string): Step[] {
  const events: WireEvent[] = t.events.filter(
    (e) => e.conn === conn && e.kind === 'message' && e.message && typeof e.message === 'object',
  );
  const steps: Step[] = [];
  const byId = new Map<string, Step>();
  let last: Step | undefined;
  for (const e of events) {
    const m = e.message as Msg;
    if (e.dir === 'out') {
      if (isResponse(m)) continue; // the client answering a server request: not replayed by the server side
      last = { client: m, after: [] };
      steps.push(last);
      if ('id' in m) byId.set(idKey(m.id), last);
    } else if (isResponse(m)) {
      const step = byId.get(idKey(m.id));
      if (step && !step.answer) step.answer = m;
    } else if (last) last.after.push(m);
  }
  return steps;
}
