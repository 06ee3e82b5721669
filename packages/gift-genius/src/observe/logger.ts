import { type DestinationStream, type Logger, pino } from 'pino';

/**
 * Structured logs go to stderr (fd 2) on every lane: on stdio, stdout belongs to
 * JSON-RPC alone, and one stray line there breaks the handshake. `destination`: where else
 * (a prettifier for a person at a terminal; cli-common.ts decides).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'gift-genius' },
      // Belt and braces: even if a caller logs a whole request, these never reach the log.
      redact: { paths: ['*.authorization', '*.Authorization', '*._meta', '_meta', 'params._meta'], remove: true },
    },
    destination ?? pino.destination({ fd: 2, sync: true }),
  );
}

/** Log lines for a person: one readable line each (time, level, message, fields), to stderr, in order. */
export async function prettyDestination(): Promise<DestinationStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    destination: 2,
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,service',
  });
}
