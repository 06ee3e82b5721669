/** The system or TLS error code under a failed fetch or spawn (ECONNREFUSED, ENOTFOUND, ENOENT, CERT_HAS_EXPIRED…). */
export function errorCodeOf(error: unknown): { errorCode?: string } {
  const e = error as { code?: unknown; cause?: { code?: unknown; cause?: { code?: unknown } } };
  const code = e.cause?.code ?? e.cause?.cause?.code ?? e.code;
  return typeof code === 'string' ? { errorCode: code } : {};
}
