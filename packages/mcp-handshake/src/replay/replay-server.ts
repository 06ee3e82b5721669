/**
 * Plays the server side of a recorded session to a live client. Each client message is
 * matched to the first unused recorded one with the same method, preferring equal params
 * (volatile fields masked); the recorded answer goes back under the live id, followed by
 * what the server sent on its own after it. `fallback` steps (other recorded connections,
 * e.g. the disposable server/discover probe an SDK client runs in a sibling process) are
 * searched when the session's own have no match. Pure: messages in, messages out.
 */
import { normalise } from './normalise.js';
import type { Step } from './recorded-session.js';

type Msg = Record<string, unknown>;

export const NOT_RECORDED = -32601;

export class ReplayServer {
  private readonly used = new Set<Step>();

  constructor(
    private readonly steps: Step[],
    private readonly fallback: Step[] = [],
  ) {}

  private find(steps: Step[], message: Msg, wanted: string): Step | undefined {
    const candidates = steps.filter((s) => !this.used.has(s) && s.client.method === message.method);
    return (
      candidates.find((s) => JSON.stringify(normalise({ ...s.client, params: s.client.params ?? {} })) === wanted) ??
      candidates[0]
    );
  }

  answer(message: Msg): Msg[] {
    if (typeof message.method !== 'string') return []; // a client's answer to a server request
    const wanted = JSON.stringify(normalise({ ...message, params: message.params ?? {} }));
    const step = this.find(this.steps, message, wanted) ?? this.find(this.fallback, message, wanted);
    const isRequest = 'id' in message;
    if (!step) {
      if (!isRequest) return [];
      return [
        {
          jsonrpc: '2.0',
          id: message.id,
          error: { code: NOT_RECORDED, message: `not in the recording: ${message.method}` },
        },
      ];
    }
    this.used.add(step);
    const out: Msg[] = [];
    if (isRequest) {
      out.push(
        step.answer
          ? { ...step.answer, id: message.id }
          : {
              jsonrpc: '2.0',
              id: message.id,
              error: { code: NOT_RECORDED, message: `the recording has no answer to ${message.method}` },
            },
      );
    }
    out.push(...step.after.filter((m) => !('id' in m))); // server requests would need the client's answers: left out
    return out;
  }
}
