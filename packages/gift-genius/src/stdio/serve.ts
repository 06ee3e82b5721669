import type { Readable, Writable } from 'node:stream';
import { type StdioServerHandle, StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import type { GiftGenApp } from '../app.js';
import { type HandshakeCounters, HandshakeTap, NO_COUNTERS } from '../observe/handshake-tap.js';
import { TapTransport } from '../observe/tap-transport.js';
import { attachLiveUpdates, createGiftServer } from '../server.js';
import { StdioLineGuard } from './line-guard.js';

export interface StdioStreams {
  /** Default process.stdin. */
  input?: Readable;
  /** Default process.stdout. */
  output?: Writable;
}

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
  const guard = new StdioLineGuard((reply) => output.write(`${JSON.stringify(reply)}\n`));
  input.pipe(guard);
  const tap = new HandshakeTap(app.log, metrics, 'stdio');
  const transport = new TapTransport(new StdioServerTransport(guard, output), tap);
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
