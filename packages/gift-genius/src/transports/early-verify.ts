import { type JSONRPCMessage, serializeMessage } from '@modelcontextprotocol/server';
import type { Logger } from 'pino';
import type { EarlyAnswer } from './early-answers.js';

/**
 * The other half of early-stdin.ts: the opening request is replayed into the SDK, which answers it
 * again. That answer is compared, byte for byte, with the one already written, and then dropped (a
 * client must see one answer per request). A difference means the build-time capture no longer
 * matches this server (an SDK updated without a rebuild, a hand-edited dist…): logged as an error,
 * `early_handshake_mismatch`, with both lines (server data only; nothing the client sent).
 */
export class EarlyAnswerCheck {
  constructor(
    private pending: EarlyAnswer | undefined,
    private readonly log: Logger,
    /** Called once the SDK's answer to the early-answered request went by. */
    private readonly onChecked: () => void = () => undefined,
  ) {}

  /** Whether `message` is the SDK's answer to the early-answered request, and so must not be written. */
  claims(message: unknown): boolean {
    const early = this.pending;
    if (!early || !isResponseTo(message, early.id)) return false;
    this.pending = undefined;
    this.onChecked();
    const sdk = serializeMessage(message as JSONRPCMessage);
    if (sdk !== early.line) {
      this.log.error(
        {
          event: 'early_handshake_mismatch',
          method: early.method,
          early: early.line.slice(0, 4000),
          sdk: sdk.slice(0, 4000),
        },
        'the early stdio answer differs from the SDK answer',
      );
    }
    return true;
  }
}

function isResponseTo(message: unknown, id: string | number): boolean {
  if (typeof message !== 'object' || message === null || 'method' in message) return false;
  return (message as { id?: unknown }).id === id;
}
