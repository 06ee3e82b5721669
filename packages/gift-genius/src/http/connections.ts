import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { RateLimitedLog } from '../observe/rate-limited-log.js';

export interface ConnectionLimits {
  maxConnections: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  idleTimeoutMs: number;
}

/**
 * What a connection may hold: its headers, its whole request (a short body gets 408) and idle time
 * between requests are timed; at most `maxConnections` are open, and at the cap an idle one gives way
 * to a new one before the new one is refused. A stream, once its request is in, is not subject to the
 * timeouts (node applies them to receiving a request only); one that stops reading is dropped by its
 * bounded stream instead.
 */
export function limitConnections(server: HttpServer, limits: ConnectionLimits, log: Logger): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.idleTimeoutMs;
  // Per open connection, how many of its requests are unanswered: one with none (idle keep-alive, or no
  // request yet) is what gives way first when the cap is reached. A Map keeps them oldest first.
  const connections = new Map<Socket, { busy: number }>();
  const refusals = new RateLimitedLog(log, 30_000);
  server.on('connection', (socket: Socket) => {
    if (connections.size >= limits.maxConnections) {
      for (const [other, state] of connections) {
        if (state.busy === 0) {
          other.destroy();
          connections.delete(other);
          break;
        }
      }
      if (connections.size >= limits.maxConnections) {
        const fields = { event: 'connection_refused', reason: 'connection limit', limit: limits.maxConnections };
        refusals.warn(fields, 'connection refused: at the limit');
        return void socket.destroy();
      }
    }
    connections.set(socket, { busy: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = connections.get(req.socket);
    if (!state) return;
    state.busy++;
    res.once('close', () => state.busy--);
  });
}

/** Node checks the header and request timeouts on an interval (30 s by default): often enough for them to hold. */
export const connectionsCheckingInterval = (headersTimeoutMs: number) =>
  Math.max(100, Math.min(5000, headersTimeoutMs / 4));
