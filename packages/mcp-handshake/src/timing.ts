/**
 * How long mcp-handshake waits, derived from what it measured rather than guessed: a verdict must be
 * the same on a busy machine as on a quiet one (issue 22). Pure.
 *
 * A server's first answer is awaited as long as the most patient host waits for it: a server slower
 * than some hosts allow is still a server, and says so in a finding (checks/startup.ts), never "could
 * not connect". Connections opened after the first get a budget scaled from the start-up the first one
 * measured, since every stdio connection starts its own process, several at once on shared cores.
 */

/** The longest start-up a known host waits for (the first answer of a new stdio process or HTTP session). */
export const STARTUP_WAIT_MS = 60_000;

/**
 * The first-answer budget of a connection opened after the first one answered `firstMs` after it was
 * opened: that start-up again, stretched by the processes starting beside it, never below the request
 * timeout, never beyond what the most patient host waits.
 */
export function laterFirstAnswerMs(
  firstMs: number,
  timeoutMs: number,
  concurrency: number,
  startupWaitMs: number,
): number {
  return Math.min(Math.max(startupWaitMs, timeoutMs), Math.max(timeoutMs, Math.ceil(firstMs * (2 + concurrency))));
}
