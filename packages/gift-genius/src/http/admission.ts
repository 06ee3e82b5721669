import { ConcurrencyGate } from './edge/limits.js';
import { jsonRpcErrorResponse } from './responses.js';

const SHUTTING_DOWN = 'Server is shutting down; retry on another instance';

/**
 * Who may start a tool call, on both request paths: none while draining, at most `limit` at once.
 * Tool calls are what shutdown waits for (only they can take long: a question to the user);
 * everything else answers in milliseconds, and open streams are closed instead.
 */
export class ToolCallAdmission {
  private readonly gate: ConcurrencyGate;
  private draining = false;
  private inFlightCount = 0;

  constructor(limit: number) {
    this.gate = new ConcurrencyGate(limit);
  }

  /** undefined when admitted (the caller must `leave` once it is answered), else the 503 to send. */
  admit(id: string | number | null): Response | undefined {
    if (this.draining) return shuttingDown(id);
    if (!this.gate.tryEnter())
      return jsonRpcErrorResponse(503, -32000, `Busy: ${this.gate.limit} tool calls in progress; retry shortly`, id, {
        'retry-after': '1',
      });
    this.inFlightCount++;
    return undefined;
  }

  leave(): void {
    this.gate.leave();
    this.inFlightCount--;
  }

  get isDraining(): boolean {
    return this.draining;
  }
  get inFlight(): number {
    return this.inFlightCount;
  }
  get inUse(): number {
    return this.gate.inUse;
  }

  /** Refuses new calls from now on, and waits (until `deadline`, epoch ms) for those in flight. */
  async drain(deadline: number): Promise<number> {
    this.draining = true;
    while (this.inFlightCount > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    return this.inFlightCount;
  }
}

/** The 503 every route answers while the server drains. */
export const shuttingDown = (id: string | number | null) =>
  jsonRpcErrorResponse(503, -32000, SHUTTING_DOWN, id, { 'retry-after': '5' });
