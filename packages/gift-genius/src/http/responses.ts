/** A JSON-RPC error as a whole HTTP response: for answers given before any server instance sees the request. */
export function jsonRpcErrorResponse(
  status: number,
  code: number,
  message: string,
  id: string | number | null = null,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The id of a JSON-RPC request body, when one can be read, so even edge errors echo it. */
export function requestIdOf(body: unknown): string | number | null {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const id = (body as { id?: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') return id;
  }
  return null;
}

/**
 * Calls `done` once the response body has been sent, or the client went away, or at once
 * when there is no body. The client going away is seen on the request's abort signal at
 * once; the node adapter itself only notices at the stream's next chunk.
 */
export function whenFinished(response: Response, done: () => void, signal?: AbortSignal): Response {
  if (!response.body) {
    done();
    return response;
  }
  let called = false;
  const once = () => {
    if (!called) {
      called = true;
      done();
    }
  };
  const reader = response.body.getReader();
  signal?.addEventListener(
    'abort',
    () => {
      once();
      void reader.cancel('client disconnected').catch(() => undefined);
    },
    { once: true },
  );
  const tracked = new ReadableStream({
    async pull(controller) {
      const { value, done: end } = await reader.read();
      if (end) {
        once();
        controller.close();
      } else controller.enqueue(value);
    },
    cancel(reason) {
      once();
      return reader.cancel(reason);
    },
  });
  return new Response(tracked, { status: response.status, statusText: response.statusText, headers: response.headers });
}
