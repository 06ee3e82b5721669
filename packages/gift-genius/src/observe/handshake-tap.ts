import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type JSONRPCMessage,
  PROTOCOL_VERSION_META_KEY,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server';
import type { Logger } from 'pino';
import { isJsonObject, type JsonObject } from '../json-object.js';
import type { HandshakeLogLimit } from './handshake-log-limit.js';
/** The two counters the tap feeds; ServerMetrics has them, and stdio (no /metrics) passes NO_COUNTERS. */
export interface HandshakeCounters {
  handshakes: { inc(labels: Record<string, string>): void };
  negotiationFailures: { inc(labels: Record<string, string>): void };
  /** A bounded, printable metrics label for a client name. */
  clientLabel(name: string | undefined): string;
  /** The limit the server's tap lines share (HTTP: one per exchange); without it every line is written (stdio). */
  handshakeLines?: HandshakeLogLimit;
}
export const NO_COUNTERS: HandshakeCounters = {
  handshakes: { inc: () => undefined },
  negotiationFailures: { inc: () => undefined },
  clientLabel: () => 'unknown',
};

interface Pending {
  /** initialize, server/discover, or any other modern request (watched for -32022). */
  method: string;
  requested?: string;
  client: { name?: string; version?: string };
  capabilities: string[];
}

const str = (v: unknown, max = 80) => (typeof v === 'string' ? v.slice(0, max) : undefined);

/**
 * Watches messages in and out of one connection (or one HTTP exchange) and writes one
 * log line per handshake or discover: who the client is, what it asked for and what it
 * got. Only names, versions and capability keys are read: `_meta` may carry personal
 * data (a user's location), and none of it is logged.
 */
export class HandshakeTap {
  private readonly pending = new Map<string | number, Pending>();

  constructor(
    private readonly log: Logger,
    private readonly metrics: HandshakeCounters,
    private readonly transport: 'stdio' | 'http',
  ) {}

  inbound(message: unknown): void {
    if (!isJsonObject(message) || typeof message.method !== 'string' || message.id === undefined) return;
    const id = message.id as string | number;
    const params = isJsonObject(message.params) ? message.params : {};
    const meta = isJsonObject(params._meta) ? params._meta : {};
    if (message.method === 'initialize') {
      const info = isJsonObject(params.clientInfo) ? params.clientInfo : {};
      this.pending.set(id, {
        method: 'initialize',
        requested: str(params.protocolVersion, 40),
        client: { name: str(info.name), version: str(info.version, 40) },
        capabilities: isJsonObject(params.capabilities) ? Object.keys(params.capabilities).slice(0, 20) : [],
      });
    } else if (message.method === 'server/discover' || PROTOCOL_VERSION_META_KEY in meta) {
      const info = isJsonObject(meta[CLIENT_INFO_META_KEY]) ? (meta[CLIENT_INFO_META_KEY] as JsonObject) : {};
      const caps = meta[CLIENT_CAPABILITIES_META_KEY];
      this.pending.set(id, {
        method: message.method,
        requested: str(meta[PROTOCOL_VERSION_META_KEY], 40),
        client: { name: str(info.name), version: str(info.version, 40) },
        capabilities: isJsonObject(caps) ? Object.keys(caps).slice(0, 20) : [],
      });
    }
    if (this.pending.size > 1000) this.pending.clear(); // never grows without bound on a hostile stream
  }

  outbound(message: JSONRPCMessage | unknown): void {
    if (!isJsonObject(message) || message.id === undefined || message.method !== undefined) return;
    const id = message.id as string | number;
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    const era = pending.method === 'initialize' ? 'legacy' : 'modern';
    const base = {
      event: pending.method === 'initialize' ? 'handshake' : 'discover',
      era,
      transport: this.transport,
      client: pending.client,
      requestedVersion: pending.requested ?? null,
      clientCapabilities: pending.capabilities,
    };
    if (isJsonObject(message.error)) {
      const code = message.error.code;
      const reason =
        code === ProtocolErrorCode.UnsupportedProtocolVersion ? 'unsupported_version' : `error_${String(code)}`;
      this.metrics.negotiationFailures.inc({ reason, era, transport: this.transport });
      if (
        pending.method === 'initialize' ||
        pending.method === 'server/discover' ||
        code === ProtocolErrorCode.UnsupportedProtocolVersion
      ) {
        const carried = this.admit('negotiation_failed', pending, `${pending.method} ${code}`);
        if (carried)
          this.log.warn(
            {
              ...base,
              event: 'negotiation_failed',
              method: pending.method,
              reason,
              code,
              message: str(message.error.message, 200),
              ...carried,
            },
            'negotiation failed',
          );
      }
      return;
    }
    if (pending.method !== 'initialize' && pending.method !== 'server/discover') return; // an ordinary modern request
    const result = isJsonObject(message.result) ? message.result : {};
    const negotiated = pending.method === 'initialize' ? str(result.protocolVersion, 40) : pending.requested;
    if (pending.method === 'initialize' && negotiated !== pending.requested) {
      this.metrics.negotiationFailures.inc({ reason: 'counter_offer', era, transport: this.transport });
      const carried = this.admit('negotiation_counter_offer', pending, negotiated ?? '');
      if (carried)
        this.log.warn(
          {
            ...base,
            event: 'negotiation_counter_offer',
            negotiatedVersion: negotiated,
            reason: 'requested version not supported; offered our latest',
            ...carried,
          },
          'counter-offered a protocol version',
        );
    }
    this.metrics.handshakes.inc({
      client: this.metrics.clientLabel(pending.client.name),
      version: negotiated ?? 'unknown',
      era,
      transport: this.transport,
    });
    const carried = this.admit(base.event, pending, negotiated ?? '');
    if (carried)
      this.log.info(
        { ...base, negotiatedVersion: negotiated ?? null, ...carried },
        pending.method === 'initialize' ? 'initialize handshake' : 'server/discover',
      );
  }

  /** What a line carries when the server's limit lets it through (always, without a limit); undefined: held back. */
  private admit(
    event: string,
    pending: Pending,
    outcome: string,
  ): { repeats?: number; suppressed?: number } | undefined {
    const limit = this.metrics.handshakeLines;
    if (!limit) return {};
    const c = pending.client;
    const carried = limit.admit(
      `${event}\n${this.transport}\n${c.name ?? ''}\n${c.version ?? ''}\n${pending.requested ?? ''}\n${outcome}`,
    );
    if (!carried) return undefined;
    // Only counts above zero are written: a first line reads as before.
    return {
      ...(carried.repeats > 0 && { repeats: carried.repeats }),
      ...(carried.suppressed > 0 && { suppressed: carried.suppressed }),
    };
  }
}
