/**
 * Reading a peer's HTTP body within a bound: what the OAuth walker and `--login` keep of an answer.
 * Metadata documents are a few KB; past the bound the body is dropped (and the stream cancelled), so
 * a server cannot make the doctor hold more than that.
 */
export const MAX_BODY = 64 * 1024;

/** The body's bytes, or undefined when it is larger than `max`. */
export async function boundedBytes(response: Response, max = MAX_BODY): Promise<Uint8Array | undefined> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A JSON object body (bounded), or undefined. */
export function jsonObjectOf(
  bytes: Uint8Array | undefined,
  contentType: string | null,
): Record<string, unknown> | undefined {
  if (!bytes || !(contentType ?? '').includes('json')) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(bytes).toString('utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Statuses whose response has no body (the Response constructor refuses one). */
export const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);
