import type { Readable, Writable } from 'node:stream';
import { type StdioServerHandle, StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import type { GiftGenApp } from '../app.js';
import { type HandshakeCounters, HandshakeTap, NO_COUNTERS } from '../observe/handshake-tap.js';
import { attachLiveUpdates, createGiftServer } from '../server.js';
import type { EarlyAnswer } from './early-answers.js';
import { EarlyAnswerCheck } from './early-verify.js';
import { StdioLineGuard } from './stdio-guard.js';
import { TapTransport } from './tap-transport.js';

export interface StdioStreams {
  /** Default process.stdin; cli.ts passes what it read while answering early, then the rest of stdin. */
  input?: Readable;
  /** Default process.stdout. */
  output?: Writable;
  /** The answer cli.ts already wrote to the opening request (transports/early-stdin.ts). */
  early?: EarlyAnswer;
  /** Called once the SDK answered that request again (or after EARLY_CHECK_WAIT_MS, should it never). */
  onEarlyChecked?: () => void;
}

/** A backstop only: the SDK answers the replayed opening request within milliseconds of loading. */
const EARLY_CHECK_WAIT_MS = 10_000;

/**
 * stdio for both eras: `serveStdio` reads the opening message and pins one instance
 * for the connection (legacy `initialize` or modern `server/discover`/envelope).
 */
export function serveGiftStdio(
  app: GiftGenApp,
  metrics: HandshakeCounters = NO_COUNTERS,
  streams: StdioStreams = {},
): StdioServerHandle {
  const { input = process.stdin, output = process.stdout } = streams;
  const backstop =
    streams.early && streams.onEarlyChecked
      ? setTimeout(streams.onEarlyChecked, EARLY_CHECK_WAIT_MS).unref()
      : undefined;
  const early = new EarlyAnswerCheck(streams.early, app.log, () => {
    clearTimeout(backstop);
    streams.onEarlyChecked?.();
  });
  const guard = new StdioLineGuard((reply) => {
    if (!early.claims(reply)) output.write(`${JSON.stringify(reply)}\n`);
  });
  input.pipe(guard);
  const tap = new HandshakeTap(app.log, metrics, 'stdio');
  if (streams.early?.logged) tap.alreadyLogged(streams.early.id);
  const transport = new TapTransport(new StdioServerTransport(guard, output), tap, (message) => early.claims(message));
  return serveStdio(
    ({ era }) => {
      const gs = createGiftServer(app, { transport: 'stdio', era, sessions: 'stateful' });
      const detach = attachLiveUpdates(app, gs);
      const previous = gs.server.server.onclose;
      gs.server.server.onclose = () => {
        previous?.();
        detach();
      };
      return gs.server;
    },
    {
      transport,
      onerror: (error) => app.log.warn({ event: 'stdio_error', err: error.message }, 'stdio transport error'),
    },
  );
}
