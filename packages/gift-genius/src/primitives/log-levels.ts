/** MCP's log levels in RFC 5424 order, as the SDK compares them. */
export const LOG_LEVELS: readonly string[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** Whether a message at `level` reaches a client whose threshold is `threshold` (none set: every level). */
export function logAllowed(level: string, threshold: string | undefined): boolean {
  return threshold === undefined || LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(threshold);
}
