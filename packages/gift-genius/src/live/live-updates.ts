/**
 * The one fan-out of live updates: every catalog or tool-config change the app publishes reaches
 * every receiver that can hear it — a stdio connection, each legacy session's GET stream, the
 * SDK's router of subscriptions/listen streams — under two rules owned here, not by each receiver:
 * nothing reaches a legacy client before its `notifications/initialized`, and `resources/updated`
 * reaches a legacy client only for a URI it subscribed to (a modern receiver takes every update:
 * the SDK's listen router filters by each stream's own filter).
 */

export type LiveChange =
  | { kind: 'resourcesListChanged' }
  | { kind: 'resourceUpdated'; uri: string }
  | { kind: 'toolsChanged' };

/** What the rules read of a receiver. Legacy sessions are plain records that have these fields. */
export interface LiveReceiver {
  /** A legacy client's `notifications/initialized` has come (a modern receiver is always initialized). */
  readonly initialized: boolean;
  /** The URIs it subscribed to; `'all'`: every update (modern). */
  readonly subscriptions?: ReadonlySet<string> | 'all';
}

interface Group<T extends LiveReceiver> {
  receivers: () => Iterable<T>;
  send: (receiver: T, change: LiveChange) => void;
}

/** Whether `change` is for `receiver` now, by the two rules above. */
export function reaches(receiver: LiveReceiver, change: LiveChange): boolean {
  if (!receiver.initialized) return false;
  if (change.kind !== 'resourceUpdated') return true;
  const { subscriptions } = receiver;
  return subscriptions === 'all' || subscriptions?.has(change.uri) === true;
}

export class LiveUpdates {
  // biome-ignore lint/suspicious/noExplicitAny: groups of different receiver types, each typed where added
  private readonly groups = new Set<Group<any>>();

  /**
   * Adds receivers, read afresh at every change (a Map's values: sessions come and go without
   * registering one by one). Returns the function that removes them.
   */
  addGroup<T extends LiveReceiver>(
    receivers: () => Iterable<T>,
    send: (receiver: T, change: LiveChange) => void,
  ): () => void {
    const group: Group<T> = { receivers, send };
    this.groups.add(group);
    return () => void this.groups.delete(group);
  }

  /** One receiver (a stdio connection, the listen router). */
  add<T extends LiveReceiver>(receiver: T, send: (receiver: T, change: LiveChange) => void): () => void {
    return this.addGroup(() => [receiver], send);
  }

  publish(change: LiveChange): void {
    for (const group of this.groups) {
      for (const receiver of group.receivers()) if (reaches(receiver, change)) group.send(receiver, change);
    }
  }
}
