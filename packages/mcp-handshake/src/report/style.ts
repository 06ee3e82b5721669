/**
 * ANSI colour only when asked (a TTY without NO_COLOR, or FORCE_COLOR); CI logs and files stay plain.
 *
 * A style does not write ESC itself: it writes U+E000 where ESC goes, and `terminalText` turns
 * exactly those markers into ESC after every other control character has been made visible. So
 * the only escape sequences that reach a terminal are the colours written here, whatever a peer's
 * text carried (peer-text.ts shows a peer's own U+E000 as `\ue000`).
 */
export interface Style {
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  blue(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

import { visible } from './peer-text.js';

const MARK = '\ue000';
const wrap = (open: number, close: number) => (s: string) => `${MARK}[${open}m${s}${MARK}[${close}m`;

export function makeStyle(colour: boolean): Style {
  if (!colour) {
    const id = (s: string) => s;
    return { red: id, green: id, yellow: id, blue: id, dim: id, bold: id };
  }
  return {
    red: wrap(31, 39),
    green: wrap(32, 39),
    yellow: wrap(33, 39),
    blue: wrap(34, 39),
    dim: wrap(2, 22),
    bold: wrap(1, 22),
  };
}

/** The SGR codes the styles above write, and nothing else. */
const STYLE_MARK = /(\ue000\[(?:1|2|22|31|32|33|34|39)m)/;

/**
 * The last step before a terminal: any dangerous character still in `text` is shown as an escape
 * (a formatter that forgot `oneLine` cannot let a peer drive the terminal), then the style marks
 * become ESC. Newlines and tabs are the tool's own layout and stay.
 */
export function terminalText(text: string): string {
  return text
    .split(STYLE_MARK)
    .map((part, i) => (i % 2 === 1 ? `\u001b${part.slice(1)}` : visible(part)))
    .join('');
}

/**
 * Colour on a terminal unless NO_COLOR (non-empty, no-color.org) or TERM=dumb; FORCE_COLOR (set, and not
 * `0` or `false`, as Node reads it) asks for it on a pipe too. `env` is the CLI's.
 */
export const useColour = (stream: NodeJS.WriteStream, env: Readonly<Record<string, string | undefined>>): boolean => {
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  return Boolean(stream.isTTY) && env.TERM !== 'dumb';
};
