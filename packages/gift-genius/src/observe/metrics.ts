import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';

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
  readonly legacySessions = new Gauge({
    name: 'giftgen_legacy_http_sessions',
    help: 'Open legacy Streamable HTTP sessions',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'giftgen_' });
  }
}
