/**
 * The one place text from the other side (a server's or a host's strings, stderr lines, error
 * messages, transcript files) is made safe to show. A peer controls those bytes, so a terminal
 * must not run them (OSC 52 writes the clipboard, a bare CR overwrites a line with a fake
 * "✔ pass", U+202E reverses what follows) and a browser or an XML reader must not parse them.
 * Dangerous characters are shown, not dropped: `\x1b`, `\r`, `\u202e` — a report about a
 * hostile server should say that it is hostile. Pure.
 */

/**
 * What a terminal or a reader could act on or hide: C0 controls, DEL, C1 controls (U+009B is a
 * one-byte CSI), bidi embeddings, overrides and isolates, zero-width spaces and joiners that hide
 * text, line and paragraph separators, the BOM, interlinear annotations, Unicode tag characters
 * (invisible "ASCII smuggling"), lone surrogates, and U+E000, which style.ts uses as its own
 * marker. Tab and newline are kept by `visible` and escaped by `oneLine`.
 */
const DANGEROUS =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\ue000]|\udb40[\udc00-\udc7f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const DANGEROUS_OR_BREAK =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\ue000]|\udb40[\udc00-\udc7f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const NAMED = new Map([
  ['\n', '\\n'],
  ['\r', '\\r'],
  ['\t', '\\t'],
]);

function escapeOne(ch: string): string {
  const named = NAMED.get(ch);
  if (named) return named;
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code < 0x10000) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\u{${code.toString(16)}}`;
}

/** Peer text with every dangerous character shown as an escape; newlines and tabs kept. */
export function visible(text: string): string {
  return text.replace(DANGEROUS, escapeOne);
}

/**
 * Peer text as one line of a report: dangerous characters and line breaks escaped (a peer's
 * newline could otherwise start a line that looks like the tool's own), then clipped to `max`.
 * Anything that is not a string is shown as JSON.
 */
export function oneLine(value: unknown, max = Number.POSITIVE_INFINITY): string {
  const text = typeof value === 'string' ? value : (safeStringify(value) ?? String(value));
  const shown = text.replace(DANGEROUS_OR_BREAK, escapeOne);
  return shown.length > max ? `${cutAt(shown, max - 1)}…` : shown;
}

/** Cut without splitting an escape (`\x1`) or a surrogate pair in two. */
function cutAt(s: string, n: number): string {
  let cut = s.slice(0, n);
  const tail = /\\(x[0-9a-f]?|u[0-9a-f]{0,3}|u\{[0-9a-f]*)$/.exec(cut);
  if (tail) cut = cut.slice(0, tail.index);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** JSON.stringify that never throws (cycles, BigInt, absurd depth): a report must not crash on its input. */
export function safeStringify(value: unknown, space?: number): string | undefined {
  try {
    return JSON.stringify(value, null, space);
  } catch (error) {
    return JSON.stringify(`[could not be shown as JSON: ${(error as Error).message}]`);
  }
}

/**
 * JSON whose text carries none of the dangerous characters raw: JSON.stringify escapes C0 controls
 * and lone surrogates already, but not C1 controls, bidi controls or U+2028 (which `cat` of the
 * file, or a JSON-in-HTML page, would pass to a terminal or a parser). Escaped as \uXXXX, so
 * the JSON parses back to the same value.
 */
export function jsonText(value: unknown, space?: number): string {
  return (safeStringify(value, space) ?? 'null').replace(DANGEROUS, (ch) => {
    const code = ch.charCodeAt(0);
    return ch.length === 2
      ? `\\u${code.toString(16).padStart(4, '0')}\\u${ch.charCodeAt(1).toString(16).padStart(4, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

const HTML_ENTITIES = new Map([
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['"', '&quot;'],
  ["'", '&#39;'],
]);

/** Text for HTML (element content or a quoted attribute), dangerous characters shown as escapes. */
export function htmlText(text: string): string {
  return visible(text).replace(/[&<>"']/g, (c) => HTML_ENTITIES.get(c) ?? c);
}

/** Text for XML 1.0 (which cannot carry most C0 controls at all, not even as references). */
export function xmlText(text: string): string {
  return visible(text).replace(/[&<>"']/g, (c) => (c === "'" ? '&apos;' : (HTML_ENTITIES.get(c) ?? c)));
}
