/** `watch`'s lines: each notification, and each refreshed list's difference. Pure. */
import { oneLine } from './peer-text.js';
import type { Style } from './style.js';

type Msg = Record<string, unknown>;

export interface WatchLine {
  at: number;
  notification?: Msg;
  kind?: string;
  diff?: { added: string[]; removed: string[]; changed: string[] };
  silent?: boolean;
}

export function formatWatchLine(e: WatchLine, style: Style): string {
  const at = style.dim(`${(e.at / 1000).toFixed(1).padStart(6)} s`);
  const lines: string[] = [];
  if (e.notification)
    lines.push(
      `${at} ${style.blue('←')} ${oneLine(e.notification.method, 100)} ${style.dim(oneLine(e.notification.params ?? {}, 160))}`,
    );
  if (e.diff) {
    const d = e.diff;
    const parts = [
      ...d.added.map((k) => style.green(`+${oneLine(k, 100)}`)),
      ...d.removed.map((k) => style.red(`-${oneLine(k, 100)}`)),
      ...d.changed.map((k) => style.yellow(`~${oneLine(k, 100)}`)),
    ];
    const head = e.silent ? style.red(`${e.kind} changed without list_changed:`) : `${e.kind} refreshed:`;
    lines.push(`${at} ${head} ${parts.join(' ') || 'no difference'}`);
  }
  return lines.map((l) => `${l}\n`).join('');
}
