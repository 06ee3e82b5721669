import type { Redactor } from '../redact.js';
import type { ConnectionInfo, Era, Exchange, Transcript, TransportKind, WireEvent } from '../types.js';
import { Pace } from './pace.js';

type NewEvent = Omit<WireEvent, 'seq' | 'at' | 'conn'>;

/**
 * Collects every event of every connection in one ordered list, timestamped and
 * redacted on the way in.
 */
export class Recorder {
  readonly events: WireEvent[] = [];
  readonly exchanges: Exchange[] = [];
  readonly connections: ConnectionInfo[] = [];
  private readonly t0 = performance.now();
  private readonly startedAt = new Date().toISOString();
  private listeners: Array<(event: WireEvent) => void> = [];
  /** How fast this run's answers come: every connection's waits follow it (wire/pace.ts). */
  readonly pace = new Pace();

  constructor(
    readonly target: string,
    readonly transport: TransportKind,
    readonly redactor: Redactor,
    readonly options: { timeoutMs: number; driftWindowMs: number; eras: Era[] },
  ) {}

  now(): number {
    return Math.round((performance.now() - this.t0) * 10) / 10;
  }

  open(info: ConnectionInfo): ConnectionInfo {
    this.connections.push(info);
    return info;
  }

  /** Say, after the fact, what a connection turned out to be for (an HTTP first POST that only told the transport). */
  retag(conn: string, purpose: ConnectionInfo['purpose']): void {
    const info = this.connections.find((c) => c.id === conn);
    if (info) info.purpose = purpose;
  }

  record(conn: string, event: NewEvent): WireEvent {
    const e: WireEvent = { seq: this.events.length, at: this.now(), conn, ...event };
    if (e.message !== undefined) e.message = this.redactor.value(e.message);
    if (e.raw !== undefined) e.raw = this.redactor.text(e.raw);
    if (e.http)
      e.http = {
        ...e.http,
        url: this.redactor.text(e.http.url),
        ...(e.http.headers && { headers: this.redactor.headers(e.http.headers) }),
      };
    this.events.push(e);
    for (const listener of this.listeners) listener(e);
    return e;
  }

  onEvent(listener: (event: WireEvent) => void): () => void {
    this.listeners.push(listener);
    return () => (this.listeners = this.listeners.filter((l) => l !== listener));
  }

  exchange(x: Exchange): void {
    this.exchanges.push(x);
  }

  transcript(): Transcript {
    return {
      format: 'mcp-handshake/transcript@1',
      target: this.redactor.text(this.target),
      transport: this.transport,
      startedAt: this.startedAt,
      durationMs: Math.round(this.now()),
      options: this.options,
      connections: [...this.connections],
      events: [...this.events],
      exchanges: [...this.exchanges],
    };
  }
}
