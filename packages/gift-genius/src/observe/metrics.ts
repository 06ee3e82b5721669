import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { HandshakeLogLimit } from './handshake-log-limit.js';

/** One registry per process, passed explicitly: no hidden global. */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly handshakes = new Counter({
    name: 'giftgen_handshakes_total',
    help: 'Completed initialize handshakes and server/discover probes, by client, protocol version, era and transport',
    labelNames: ['client', 'version', 'era', 'transport'] as const,
    registers: [this.registry],
  });
  readonly negotiationFailures = new Counter({
    name: 'giftgen_negotiation_failures_total',
    help: 'Handshakes or modern requests refused or counter-offered, by reason',
    labelNames: ['reason', 'era', 'transport'] as const,
    registers: [this.registry],
  });
  readonly toolCalls = new Counter({
    name: 'giftgen_tool_calls_total',
    help: 'tools/call requests over HTTP, by path: direct (answered without a per-request SDK instance) or sdk',
    labelNames: ['path'] as const,
    registers: [this.registry],
  });
  readonly fastMethods = new Counter({
    name: 'giftgen_fast_method_requests_total',
    help: 'discover, list, read and prompts/get requests over HTTP, by method and path: served_once (kept answers) or sdk',
    labelNames: ['method', 'path'] as const,
    registers: [this.registry],
  });
  readonly legacySessions = new Gauge({
    name: 'giftgen_legacy_http_sessions',
    help: 'Open legacy Streamable HTTP sessions',
    registers: [this.registry],
  });

  /** The handshake tap's log lines, shared by every exchange of this server (see HandshakeLogLimit). */
  readonly handshakeLines: HandshakeLogLimit;

  /** At most this many distinct client names become labels; later ones count as "other". */
  private readonly clientLabels = new Set<string>();
  private static readonly MAX_CLIENT_LABELS = 100;

  /** Printable, short, and from a bounded set, so no client can blow up the metrics' cardinality. */
  clientLabel(name: string | undefined): string {
    const label = (name ?? 'unknown').replace(/[^\w .@/-]/g, '_').slice(0, 48) || 'unknown';
    if (this.clientLabels.has(label)) return label;
    if (this.clientLabels.size >= ServerMetrics.MAX_CLIENT_LABELS) return 'other';
    this.clientLabels.add(label);
    return label;
  }

  constructor(now: () => number = Date.now) {
    this.handshakeLines = new HandshakeLogLimit(now);
    collectDefaultMetrics({ register: this.registry, prefix: 'giftgen_' });
  }
}
