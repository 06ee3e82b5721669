import { LABEL } from '../labels.js';
import { type ListKind, listRound } from '../probes/listing.js';
import { declaredKinds } from '../probes/main.js';
import { type EraChoice, openSession } from '../probes/session.js';
import { LIST_CHANGED_NOTIFICATION, withEnvelope } from '../protocol.js';
import { printJson, printText } from '../report/print.js';
import { makeStyle, useColour } from '../report/style.js';
import { formatWatchLine } from '../report/watch-text.js';
import type { Target } from '../target.js';
import { HttpConnection } from '../wire/http.js';
import { EXIT } from './common.js';

type Msg = Record<string, unknown>;

export interface WatchOptions {
  era: EraChoice;
  protocolVersion?: string;
  timeoutMs: number;
  /** How long the first request waits for the server to start. */
  startupTimeoutMs?: number;
  durationMs: number;
  json?: boolean;
}

export interface ListDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

const keyOf = (item: Msg) => String(item.name ?? item.uri ?? item.uriTemplate ?? JSON.stringify(item));

export function diffLists(before: Msg[], after: Msg[]): ListDiff {
  const a = new Map(before.map((i) => [keyOf(i), JSON.stringify(i)]));
  const b = new Map(after.map((i) => [keyOf(i), JSON.stringify(i)]));
  return {
    added: [...b.keys()].filter((k) => !a.has(k)),
    removed: [...a.keys()].filter((k) => !b.has(k)),
    changed: [...b.keys()].filter((k) => a.has(k) && a.get(k) !== b.get(k)),
  };
}

/** Keyed by the method a server sent: a Map, so `constructor` or `__proto__` find nothing. */
const KIND_OF_NOTIFICATION = new Map<unknown, ListKind>([
  [LIST_CHANGED_NOTIFICATION.tools, 'tools'],
  [LIST_CHANGED_NOTIFICATION.resources, 'resources'],
  [LIST_CHANGED_NOTIFICATION.prompts, 'prompts'],
]);

export interface WatchEvent {
  at: number;
  notification?: Msg;
  kind?: ListKind;
  diff?: ListDiff;
  silent?: boolean;
}

/**
 * Stay connected for `durationMs`, print notifications as they come, re-list a list
 * when it is announced as changed, and at the end re-list everything once more to
 * catch changes that were never announced.
 */
export async function watch(
  target: Target,
  options: WatchOptions,
  onEvent: (e: WatchEvent) => void,
): Promise<{ exitCode: number; silentChanges: number }> {
  const session = await openSession(target, {
    era: options.era,
    protocolVersion: options.protocolVersion,
    timeoutMs: options.timeoutMs,
    startupTimeoutMs: options.startupTimeoutMs,
    purpose: 'watch',
  });
  // What is shown is redacted like the transcript: a server that echoes a -e secret must not print it.
  const emit = onEvent;
  onEvent = (e) => emit(session.rec.redactor.value(e));
  if (!session.result) {
    await session.conn.close();
    return { exitCode: EXIT.noConnection, silentChanges: 0 };
  }
  const { conn, ctx } = session;
  const kinds = declaredKinds((session.result.capabilities ?? {}) as Msg);
  const lists = await listRound(conn, ctx, kinds, 1);
  let round = 2;
  const refreshing: Array<Promise<void>> = [];
  const refresh = async (kind: ListKind, silent: boolean) => {
    const next = (await listRound(conn, ctx, [kind], round++))[kind];
    if (!next) return;
    const diff = diffLists(lists[kind] ?? [], next);
    lists[kind] = next;
    if (!silent || diff.added.length + diff.removed.length + diff.changed.length > 0)
      onEvent({ at: session.rec.now(), kind, diff, silent });
  };
  conn.onMessage((m) => {
    if (typeof m.method !== 'string' || 'id' in m) return;
    onEvent({ at: session.rec.now(), notification: m });
    const kind = KIND_OF_NOTIFICATION.get(m.method);
    if (kind && kinds.includes(kind)) refreshing.push(refresh(kind, false));
  });
  if (session.era === 'modern') {
    // The 2026-07-28 way to hear about changes: one long-lived subscriptions/listen request.
    void conn.request(
      'subscriptions/listen',
      withEnvelope(ctx.version!, {
        notifications: { toolsListChanged: true, resourcesListChanged: true, promptsListChanged: true },
      }),
      {
        label: LABEL.listen,
        longLived: true,
        timeoutMs: options.durationMs + options.timeoutMs,
      },
    );
  } else if (conn instanceof HttpConnection) {
    void conn.openGetStream();
  }
  await new Promise((r) => setTimeout(r, options.durationMs));
  await Promise.all(refreshing);
  let silentChanges = 0;
  for (const kind of kinds) {
    const prior = JSON.stringify(lists[kind]);
    await refresh(kind, true);
    if (JSON.stringify(lists[kind]) !== prior) silentChanges++;
  }
  await conn.close();
  return { exitCode: silentChanges > 0 ? EXIT.failed : EXIT.ok, silentChanges };
}

export async function watchCommand(target: Target, options: WatchOptions): Promise<number> {
  const style = makeStyle(useColour(process.stdout, process.env));
  const print = (e: WatchEvent) =>
    options.json ? printJson(process.stdout, e, undefined) : printText(process.stdout, formatWatchLine(e, style));
  if (!options.json) printText(process.stdout, style.dim(`watching for ${options.durationMs / 1000} s…\n`));
  const { exitCode, silentChanges } = await watch(target, options, print);
  if (!options.json)
    printText(
      process.stdout,
      exitCode === EXIT.noConnection
        ? style.red('could not connect\n')
        : `done; ${silentChanges} list(s) changed without notification\n`,
    );
  return exitCode;
}
