/**
 * A long-lived event stream (a GET stream, a `subscriptions/listen` stream) whose client stops
 * reading: the node adapter stops pulling (it honours write backpressure), but whoever writes
 * the stream (the SDK's listen router, a legacy session's pushes) enqueues regardless, so the
 * queue grows with every change and keep-alive for as long as the connection lasts. This reads
 * the stream as it is written and holds what the client has not taken, up to `maxQueuedBytes`;
 * past that the stream is dropped (`onOverflow`: log it and close the connection).
 */
export function boundedStream(
  body: ReadableStream<Uint8Array>,
  maxQueuedBytes: number,
  onOverflow: (queuedBytes: number) => void,
  /** The client went away: the source is cancelled at once (the node adapter only notices at the next chunk). */
  signal?: AbortSignal,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let stopped = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        signal?.addEventListener(
          'abort',
          () => {
            if (stopped) return;
            stopped = true;
            void reader.cancel('client disconnected').catch(() => undefined);
            try {
              controller.close();
            } catch {
              /* already closed or errored */
            }
          },
          { once: true },
        );
        void (async () => {
          try {
            for (;;) {
              const { value, done } = await reader.read();
              if (stopped) return;
              if (done) return controller.close();
              controller.enqueue(value);
              const desired = controller.desiredSize ?? 0;
              if (desired < 0) {
                stopped = true;
                onOverflow(maxQueuedBytes - desired);
                controller.error(new Error('stream dropped: its client is not reading'));
                await reader.cancel('client not reading').catch(() => undefined);
                return;
              }
            }
          } catch (error) {
            if (!stopped) controller.error(error);
          }
        })();
      },
      cancel(reason) {
        stopped = true;
        return reader.cancel(reason);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: maxQueuedBytes }),
  );
}
