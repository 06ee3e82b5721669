/**
 * Who may hold a long-lived stream (a 2026-07-28 `subscriptions/listen` stream, a legacy session's GET
 * stream): each holds a connection for as long as it is open, so together they get at most `total`
 * (less than the connection cap: the rest stays for plain requests and the health check), and one
 * client (its token, else its address) at most `perClient` of them. Before, the connection cap was the
 * only bound: one client holding 900 streams left no connection for anyone else, /healthz included.
 */
export class StreamSlots {
  private held = 0;
  private readonly byClient = new Map<string, number>();

  constructor(
    readonly total: number,
    readonly perClient: number,
  ) {}

  /** The function that frees the slot, or which limit refused it. */
  take(client: string): (() => void) | 'client' | 'total' {
    const mine = this.byClient.get(client) ?? 0;
    if (mine >= this.perClient) return 'client';
    if (this.held >= this.total) return 'total';
    this.held++;
    this.byClient.set(client, mine + 1);
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      this.held--;
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left === 0) this.byClient.delete(client);
      else this.byClient.set(client, left);
    };
  }

  get inUse(): number {
    return this.held;
  }
}

/** Connections kept for plain requests whatever streams hold: a quarter of the cap, at most 100. */
export const reservedForRequests = (maxConnections: number) =>
  Math.max(1, Math.min(100, Math.floor(maxConnections / 4)));
