import { createHash, randomBytes } from 'node:crypto';
import { createRequestStateCodec, type RequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';

/** What suggest_gifts seals into the `requestState` of its input_required result. */
export interface SuggestState {
  /** Hash of the arguments of the call that asked: the answer may only complete that call. */
  args: string;
  /** Single use: a replayed state is refused. */
  nonce: string;
}

const TTL_SECONDS = 600;

/**
 * Integrity for multi-round-trip state (2026-07-28 `input_required`). The state
 * round-trips through the client, so it is sealed with an HMAC (the SDK's codec),
 * bound to the method and the caller, tied to the original arguments, and spent on
 * first use. The key comes from GIFTGEN_STATE_KEY (≥ 32 bytes) so that every
 * instance behind a balancer accepts the others' states; without it each process
 * makes its own, which is right for one process.
 *
 * Spent states: in the catalog store (`spentStates`: a `spent_states` table in Postgres or in the
 * SQLite file), so a state is single use across every instance on that store; without one (an
 * embedded store of a test), in this process's memory. A state is also bound to the store it was
 * minted on (`useStore`: the store's identity): an instance on another store, sharing the key but
 * not the record of what was spent, refuses it instead of letting it complete once per store.
 */
export class RequestStateGuard {
  readonly codec: RequestStateCodec<SuggestState>;
  private readonly spent = new Map<string, number>();
  /** The store's identity; until one is known, this process's own (nothing else accepts its states). */
  private scope = randomBytes(16).toString('hex');

  constructor(
    key: string = randomBytes(32).toString('hex'),
    private readonly spentStates?: (nonce: string, expiresAtMs: number) => Promise<boolean>,
  ) {
    if (Buffer.byteLength(key) < 32) throw new Error('GIFTGEN_STATE_KEY must be at least 32 bytes');
    this.codec = createRequestStateCodec<SuggestState>({
      key,
      ttlSeconds: TTL_SECONDS,
      bind: (ctx: ServerContext) => `${ctx.mcpReq.method}\0${ctx.http?.authInfo?.clientId ?? ''}\0${this.scope}`,
    });
  }

  /** Binds states to the store whose identity this is (the app calls it once its store is open). */
  useStore(identity: string): void {
    this.scope = identity;
  }

  static argsHash(args: Record<string, unknown>): string {
    const canonical = JSON.stringify(
      Object.keys(args)
        .sort()
        .map((k) => [k, args[k]]),
    );
    return createHash('sha256').update(canonical).digest('base64url');
  }

  mint(args: Record<string, unknown>, ctx: ServerContext): Promise<string> {
    return this.codec.mint(
      { args: RequestStateGuard.argsHash(args), nonce: randomBytes(12).toString('base64url') },
      ctx,
    );
  }

  /**
   * The SDK's `requestState.verify` hook: checks the seal, the binding and the expiry, then
   * spends the state. Runs before the handler; any throw is answered -32602.
   */
  async verify(wire: string, ctx: ServerContext, now = Date.now()): Promise<SuggestState> {
    const state = await this.codec.verify(wire, ctx);
    const expires = now + TTL_SECONDS * 1000;
    if (this.spentStates) {
      if (!(await this.spentStates(state.nonce, expires))) throw new Error('replayed');
      return state;
    }
    for (const [nonce, at] of this.spent) if (at < now) this.spent.delete(nonce);
    if (this.spent.has(state.nonce)) throw new Error('replayed');
    this.spent.set(state.nonce, expires);
    return state;
  }

  /** Whether a verified state belongs to the call it arrived with; the reason when it does not. */
  mismatch(state: SuggestState, args: Record<string, unknown>): string | undefined {
    return state.args === RequestStateGuard.argsHash(args)
      ? undefined
      : 'requestState belongs to a call with other arguments';
  }
}
