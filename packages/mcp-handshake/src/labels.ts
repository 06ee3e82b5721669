/**
 * The names probes and checks share: connection ids and exchange labels. Probes write them into the
 * transcript, checks look exchanges up by them; a typo on either side would silently skip a check.
 */

/** Connection ids the doctor opens. */
export const CONN = {
  legacyMain: 'legacy',
  legacySse: 'legacy-sse',
  malformed: 'malformed',
  modernMain: 'modern',
  /** One per version asked for with initialize: `version-2025-06-18`. */
  version: (version: string) => `version-${version}`,
} as const;

/** Exchange labels. */
export const LABEL = {
  initialize: 'initialize',
  discover: 'discover',
  /** server/discover naming a version no server can support. */
  unknownVersion: 'unknown-version',
  unknownMethod: 'unknown-method',
  ping: 'ping',
  /** First page of a listing round: `list-1` (discovery), `list-2` (after the drift window). */
  list: (round: number) => `list-${round}`,
  /** A further page of a listing round: `list-1:page-2`. */
  listPage: (round: number, page: number) => `list-${round}:page-${page}`,
  firstListing: 'list-1',
  secondListing: 'list-2',
  probeLogging: 'probe:logging',
  probeCompletions: 'probe:completions',
  probeSubscribe: 'probe:subscribe',
  probeUnsubscribe: 'probe:unsubscribe',
  /** Malformed initialize variants: `variant:no-jsonrpc`. */
  variantPrefix: 'variant:',
  variant: (name: string) => `variant:${name}`,
  /** The valid initialize sent after the malformed ones. */
  usableCheck: 'usable-check',
  call: 'call',
  listen: 'listen',
} as const;
