import type { GiftGenApp } from '../app.js';
import { isJsonObject } from '../json-object.js';

/** A result as the SDK serialised it, and parsed (for the handshake tap). */
export interface Answer {
  text: string;
  value: unknown;
}

const MAX_ENTRIES = 1024;
/** A key longer than this is not kept (the request is then the SDK's to answer). */
export const MAX_KEY_CHARS = 4096;

/**
 * The one memo of the SDK's answers, by key (table.ts: keyOf). An answer is computed once per key
 * however many ask at once, and all are dropped at any change the app publishes (the live fan-out:
 * catalog or tool configuration), registered before any client hears of it, so what a client asks
 * after a notification is fresh. Bounded: at most MAX_ENTRIES keys of at most MAX_KEY_CHARS.
 */
export class KeptAnswers {
  private generation = 0;
  private readonly answers = new Map<string, Answer>();
  private readonly pending = new Map<string, Promise<Answer | undefined>>();
  readonly detach: () => void;

  constructor(app: GiftGenApp) {
    this.detach = app.live.add({ initialized: true, subscriptions: 'all' }, () => this.clear());
  }

  clear(): void {
    this.generation++;
    this.answers.clear();
    this.pending.clear();
  }

  /**
   * The kept answer, or the SDK's computed now; `undefined`: not one result. `scratch`: a memo of its
   * own (the start-up check's), so nothing checked is served.
   */
  get(
    key: string,
    id: string | number,
    compute: () => Promise<Response>,
    scratch?: Map<string, Answer>,
  ): Answer | Promise<Answer | undefined> {
    const store = scratch ?? this.answers;
    const kept = store.get(key);
    if (kept) return kept;
    const inFlight = scratch ? undefined : this.pending.get(key);
    if (inFlight) return inFlight;
    const started = this.generation;
    const computing = compute().then(
      async (response) => {
        const value = resultOf(await messagesOf(response), id, response.status);
        if (value === undefined) return undefined;
        const answer = { text: JSON.stringify(value), value };
        if (this.generation === started) {
          if (store.size >= MAX_ENTRIES) store.clear();
          store.set(key, answer);
        }
        return answer;
      },
      () => undefined,
    );
    if (!scratch) {
      this.pending.set(key, computing);
      void computing.finally(() => this.pending.get(key) === computing && this.pending.delete(key));
    }
    return computing;
  }
}

/** The messages of an answer: JSON, or an event stream's `data:` lines. */
export async function messagesOf(response: Response): Promise<unknown[]> {
  const text = await response.text();
  const t = text.trimStart();
  try {
    if (t.startsWith('{') || t.startsWith('[')) return ([] as unknown[]).concat(JSON.parse(t));
    return text
      .split('\n')
      .filter((l) => l.startsWith('data:') && l.length > 6)
      .map((l) => JSON.parse(l.slice(5)) as unknown);
  } catch {
    return [];
  }
}

/** The result, when the answer is exactly one success response to `id`. */
export function resultOf(messages: unknown[], id: string | number, status: number): unknown {
  if (status !== 200 || messages.length !== 1) return undefined;
  const [message] = messages;
  return isJsonObject(message) && message.id === id && 'result' in message && !('error' in message)
    ? message.result
    : undefined;
}
