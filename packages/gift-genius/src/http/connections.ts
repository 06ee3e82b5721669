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
 *
 * Node checks its header and request timeouts only every `connectionsCheckingInterval`, so a connection
 * that sends nothing lived up to a quarter of the headers timeout past it (150 silent connections
 * measured 12.5 s open at the documented 10 s). Each connection here has its own deadline instead: its
 * first request's headers within `headersTimeoutMs` of connecting, and a next request's within
 * `idleTimeoutMs + headersTimeoutMs` of the last answer; node's checks stay as the bound on a request
 * in progress.
 */
export function limitConnections(server: HttpServer, limits: ConnectionLimits, log: Logger): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.idleTimeoutMs;
  // Per open connection, how many of its requests are unanswered: one with none (idle keep-alive, or no
  // request yet) is what gives way first when the cap is reached. A Map keeps them oldest first.
  const connections = new Map<Socket, Connection>();
  const refusals = new RateLimitedLog(log, 30_000);
  const forget = (socket: Socket) => {
    const state = connections.get(socket);
    if (state) clearTimeout(state.deadline);
    connections.delete(socket);
  };
  /** Closes the connection unless a request's headers arrive within `ms`. */
  const expectHeadersWithin = (socket: Socket, state: Connection, ms: number) => {
    clearTimeout(state.deadline);
    const seen = state.requests;
    state.deadline = setTimeout(() => {
      if (state.requests === seen && state.busy === 0) socket.destroy();
    }, ms).unref();
  };
  server.on('connection', (socket: Socket) => {
    if (connections.size >= limits.maxConnections) {
      for (const [other, state] of connections) {
        if (state.busy === 0) {
          other.destroy();
          forget(other);
          break;
        }
      }
      if (connections.size >= limits.maxConnections) {
        const fields = { event: 'connection_refused', reason: 'connection limit', limit: limits.maxConnections };
        refusals.warn(fields, 'connection refused: at the limit');
        return void socket.destroy();
      }
    }
    const state: Connection = { busy: 0, requests: 0 };
    connections.set(socket, state);
    expectHeadersWithin(socket, state, limits.headersTimeoutMs);
    socket.once('close', () => forget(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const state = connections.get(req.socket);
    if (!state) return;
    state.busy++;
    state.requests++;
    clearTimeout(state.deadline);
    res.once('close', () => {
      if (--state.busy === 0 && !req.socket.destroyed)
        expectHeadersWithin(req.socket, state, limits.idleTimeoutMs + limits.headersTimeoutMs);
    });
  });
}

interface Connection {
  /** Requests received and not yet answered. */
  busy: number;
  /** Requests received so far. */
  requests: number;
  /** When it is closed unless a request's headers come first. */
  deadline?: NodeJS.Timeout;
}

/** Node checks the header and request timeouts on an interval (30 s by default): often enough for them to hold. */
export const connectionsCheckingInterval = (headersTimeoutMs: number) =>
  Math.max(100, Math.min(5000, headersTimeoutMs / 4));
