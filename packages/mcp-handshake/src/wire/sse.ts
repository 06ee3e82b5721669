import { createParser, type EventSourceParser } from 'eventsource-parser';
import { MAX_MESSAGE_BYTES } from './peer-json.js';

export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Incremental text/event-stream parsing, by eventsource-parser (the WHATWG rules), bounded: a
 * stream whose unfinished line or event grows past `maxBuffer` characters stops being parsed
 * (`overflowed`), so a peer sending one endless event costs no memory. Feed chunks, get whole events.
 */
export class SseParser {
  private readonly parser: EventSourceParser;
  private out: SseEvent[] = [];
  /** Set once the stream went past the buffer limit; nothing more is parsed. */
  overflowed = false;

  constructor(maxBuffer = MAX_MESSAGE_BYTES) {
    this.parser = createParser({
      maxBufferSize: maxBuffer,
      onEvent: (e) =>
        this.out.push({ event: e.event ?? 'message', data: e.data, ...(e.id !== undefined && { id: e.id }) }),
      onError: (error) => {
        if (error.type === 'max-buffer-size-exceeded') this.overflowed = true;
      },
    });
  }

  feed(chunk: string): SseEvent[] {
    if (!this.overflowed) this.parser.feed(chunk);
    const events = this.out;
    this.out = [];
    return events;
  }
}

/**
 * The events of an SSE body as they arrive; breaking out of the loop releases the stream. A stream
 * that overflows the parser's buffer throws SseOverflow after the events before it.
 */
export async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield* parser.feed(decoder.decode(value, { stream: true }));
      if (parser.overflowed) throw new SseOverflow();
    }
  } finally {
    await reader.cancel().catch(() => undefined);
    reader.releaseLock?.();
  }
}

export class SseOverflow extends Error {
  constructor() {
    super(`an SSE event or line longer than ${MAX_MESSAGE_BYTES} characters: the stream was not read further`);
  }
}
