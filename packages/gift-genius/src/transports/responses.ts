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
