/**
 * Re-send the client side of a recorded session to a live server and compare each answer
 * with the recorded one (volatile fields masked).
 */

import { Redactor } from '../redact.js';
import { describeTarget, openConnection, secretsOf, type Target } from '../target.js';
import { STARTUP_WAIT_MS } from '../timing.js';
import type { ConnectionInfo, Transcript } from '../types.js';
import { Recorder } from '../wire/recorder.js';
import { differences, normalise } from './normalise.js';
import type { Step } from './recorded-session.js';

type Msg = Record<string, unknown>;

export interface ReplayComparison {
  method: string;
  outcome: 'same' | 'different' | 'no-answer' | 'not-recorded';
  differences: string[];
}

/** Pure: a recorded answer beside a live one. */
export function compareAnswer(method: string, recorded: Msg | undefined, live: Msg | undefined): ReplayComparison {
  if (!live) return { method, outcome: 'no-answer', differences: [] };
  if (!recorded) return { method, outcome: 'not-recorded', differences: [] };
  const diff = differences(normalise(recorded), normalise(live));
  return { method, outcome: diff.length === 0 ? 'same' : 'different', differences: diff };
}

export async function replayAgainst(
  steps: Step[],
  recorded: Transcript,
  conn: string,
  target: Target,
  timeoutMs: number,
): Promise<{ comparisons: ReplayComparison[]; transcript: Transcript }> {
  const recordedConn = recorded.connections.find((c) => c.id === conn);
  const era = steps[0]?.client.method === 'initialize' ? 'legacy' : (recordedConn?.era ?? 'modern');
  const rec = new Recorder(describeTarget(target), target.kind, new Redactor(secretsOf(target)), {
    timeoutMs,
    driftWindowMs: 0,
    eras: [era],
  });
  const info: ConnectionInfo = {
    id: 'replay',
    purpose: 'call',
    era,
    ...(recordedConn?.version && { version: recordedConn.version }),
  };
  // A freshly started server gets as long as hosts give it for its first answer.
  const live = openConnection(rec, target, info, timeoutMs, STARTUP_WAIT_MS);
  const comparisons: ReplayComparison[] = [];
  try {
    for (const step of steps) {
      const method = String(step.client.method);
      const params = step.client.params as Msg | undefined;
      if (!('id' in step.client)) {
        await live.notify(method, params);
        continue;
      }
      const reply = await live.request(method, params);
      comparisons.push(compareAnswer(method, step.answer, reply.message));
      // A legacy HTTP session must carry the version it negotiated on later requests.
      const result = reply.message?.result as Msg | undefined;
      if (method === 'initialize' && typeof result?.protocolVersion === 'string' && 'negotiatedVersion' in live) {
        (live as unknown as { negotiatedVersion?: string }).negotiatedVersion = result.protocolVersion;
      }
    }
  } finally {
    await live.close();
  }
  return { comparisons, transcript: rec.transcript() };
}
