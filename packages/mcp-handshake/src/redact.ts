import { CUT_MARK, MAX_JSON_DEPTH } from './wire/peer-json.js';

/**
 * Redaction happens when an event is recorded, so no transcript, report or wire dump
 * can ever carry a credential, whatever prints it later.
 */

const SECRET_HEADER =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key|x-auth-token|.*(token|secret|password|api[-_]?key).*)$/i;
const SECRET_FIELD =
  /(^|[-_])(token|secret|password|passwd|api[-_]?key|apikey|authorization|access[-_]?key|private[-_]?key|client[-_]?secret|credentials?)$/i;

/** Strings that look like keys whatever field they are in. */
const SECRET_VALUE = [
  // Not a challenge's auth-params (`Bearer resource_metadata="…"`): those say what to send, they are no secret.
  /\b(Bearer|Basic)\s+(?![A-Za-z0-9_-]+=[^=])[A-Za-z0-9._~+/=-]{6,}/g,
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bxox[abpr]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  /([?&](?:token|access_token|api_key|apikey|key|secret|password)=)[^&\s"']+/gi,
];

export const REDACTED = '[redacted]';
/** Transcripts wrap a message in a few levels of their own (events, exchanges). */
const WALK_LIMIT = MAX_JSON_DEPTH + 8;

/** `scheme://user:password@` or `scheme://token@`: userinfo cannot hold `/`, so paths with `@` do not match. */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@:"'<>]+)(?::([^\s/?#@"'<>]*))?@/gi;

/** The password (or the lone token) in a URL's userinfo, when it has one. */
export function urlCredentials(value: string): string[] {
  return [...value.matchAll(URL_USERINFO)].map((m) => m[3] ?? m[2]).filter((s) => s.length > 0);
}

export class Redactor {
  private readonly literals: string[];

  /** `secrets` are literal values to hide wherever they appear (e.g. values of `-e KEY=…` and `-H` options). */
  constructor(secrets: string[] = []) {
    this.literals = secrets.filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
  }

  text(value: string): string {
    // URL credentials first: the user and host stay readable, only the password goes.
    let out = value.replace(URL_USERINFO, (_m, scheme: string, user: string, password: string | undefined) =>
      password === undefined ? `${scheme}${REDACTED}@` : `${scheme}${user}:${REDACTED}@`,
    );
    for (const literal of this.literals) out = out.split(literal).join(REDACTED);
    for (const pattern of SECRET_VALUE) {
      out = out.replace(pattern, (match, prefix: unknown) =>
        typeof prefix === 'string' && match.startsWith(prefix) && prefix.endsWith('=')
          ? `${prefix}${REDACTED}`
          : REDACTED,
      );
    }
    return out;
  }

  /** A deep copy with secret-named string fields and key-like strings hidden; structure is kept. */
  value<T>(value: T): T {
    return this.walk(value, undefined, 0) as T;
  }

  headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, v] of Object.entries(headers)) {
      if (SECRET_HEADER.test(name)) out[name] = REDACTED;
      else if (/^mcp-session-id$/i.test(name)) out[name] = v.length > 8 ? `${v.slice(0, 4)}…${REDACTED}` : REDACTED;
      else out[name] = this.text(v);
    }
    return out;
  }

  /**
   * Peer JSON is depth-capped where it enters (wire/peer-json.ts), so this recursion is bounded; the
   * guard keeps it so for anything else a caller passes. Keys are defined, not assigned: a key named
   * `__proto__` stays a key instead of replacing the copy's prototype.
   */
  private walk(value: unknown, key: string | undefined, depth: number): unknown {
    if (typeof value === 'string') return key !== undefined && SECRET_FIELD.test(key) ? REDACTED : this.text(value);
    if (depth > WALK_LIMIT) return CUT_MARK;
    if (Array.isArray(value)) return value.map((v) => this.walk(v, undefined, depth + 1));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value))
        Object.defineProperty(out, k, {
          value: this.walk(v, k, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return out;
    }
    return value;
  }
}
