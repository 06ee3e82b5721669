import { serveStdio, StdioServerTransport, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import type { GiftGenApp } from '../app.js';
import { HandshakeTap, NO_COUNTERS, type HandshakeCounters } from '../observe/handshake-tap.js';
import { attachLiveUpdates, createGiftServer } from '../server.js';
import { StdioLineGuard } from './stdio-guard.js';
import { TapTransport } from './tap-transport.js';

/**
 * stdio for both eras: `serveStdio` reads the opening message and pins one instance
 * for the connection (legacy `initialize` or modern `server/discover`/envelope).
 */
export function serveGiftStdio(app: GiftGenApp, metrics: HandshakeCounters = NO_COUNTERS): StdioServerHandle {
  const guard = new StdioLineGuard((reply) => process.stdout.write(JSON.stringify(reply) + '\n'));
  process.stdin.pipe(guard);
  const transport = new TapTransport(new StdioServerTransport(guard, process.stdout), new HandshakeTap(app.log, metrics, 'stdio'));
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
    { transport, onerror: (error) => app.log.warn({ event: 'stdio_error', err: error.message }, 'stdio transport error') },
  );
}
