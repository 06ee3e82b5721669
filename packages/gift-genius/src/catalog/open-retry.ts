/** Connection failures worth waiting out (the database is starting, restarting, or unreachable for now). */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P03',
  '53300',
]);

/** Whether opening the store may succeed later (not a bad password, a newer schema, a bad URL). */
export function isTransient(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    (e.code !== undefined && TRANSIENT_CODES.has(e.code)) || /timeout|Connection terminated/i.test(e.message ?? '')
  );
}

export interface RetryReport {
  attempt: number;
  delayMs: number;
  error: Error;
}

/**
 * `open()` until it succeeds, waiting between attempts with exponential backoff (200 ms doubling
 * to `maxDelayMs`, with jitter); a failure that is not transient is thrown at once.
 */
export async function openWithRetry<T>(
  open: () => Promise<T>,
  onRetry: (report: RetryReport) => void,
  maxDelayMs = 10_000,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (!isTransient(error)) throw error;
      const base = Math.min(maxDelayMs, 200 * 2 ** Math.min(attempt - 1, 16));
      const delayMs = Math.round(base / 2 + Math.random() * (base / 2));
      onRetry({ attempt, delayMs, error: error as Error });
      await new Promise((r) => setTimeout(r, delayMs));
    }
  }
}

/** A database URL with its password masked, for logs. */
export { redactDatabaseUrl as redactUrl } from './database-url.js';
