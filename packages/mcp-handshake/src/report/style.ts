/** ANSI colour only when asked (a TTY without NO_COLOR); CI logs and files stay plain. */
export interface Style {
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  blue(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;

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

/** Colour on a terminal unless NO_COLOR or TERM=dumb; `env` is the CLI's (nothing below it reads process.env). */
export const useColour = (stream: NodeJS.WriteStream, env: Readonly<Record<string, string | undefined>>): boolean =>
  Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== 'dumb';
