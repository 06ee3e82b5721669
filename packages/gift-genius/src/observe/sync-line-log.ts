import { writeSync } from 'node:fs';
import type { Logger } from 'pino';

const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/**
 * The few lines cli.ts logs before pino is loaded (the handshake of an early stdio answer), written
 * to stderr synchronously, in pino's shape (level, time, service, fields, msg): a host that ends the
 * process right after its first answer (the SDK v2 client's stdio probe, ~70 ms in) still finds the
 * line. Only what HandshakeTap calls is implemented.
 */
export function syncLineLog(level = 'info'): Pick<Logger, 'info' | 'warn'> {
  const threshold = LEVELS[level] ?? LEVELS.info!;
  const write = (n: number) => (fields: object, msg?: string) => {
    if (n < threshold) return;
    try {
      writeSync(2, `${JSON.stringify({ level: n, time: Date.now(), service: 'gift-genius', ...fields, msg })}\n`);
    } catch {
      /* stderr closed: nothing to tell */
    }
  };
  return { info: write(30), warn: write(40) } as unknown as Pick<Logger, 'info' | 'warn'>;
}
