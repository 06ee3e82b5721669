import { type Logger, pino } from 'pino';

/**
 * Structured logs go to stderr (fd 2) on every lane: on stdio, stdout belongs to
 * JSON-RPC alone, and one stray line there breaks the handshake.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: { service: 'gift-genius' },
      // Belt and braces: even if a caller logs a whole request, these never reach the log.
      redact: { paths: ['*.authorization', '*.Authorization', '*._meta', '_meta', 'params._meta'], remove: true },
    },
    pino.destination({ fd: 2, sync: true }),
  );
}
