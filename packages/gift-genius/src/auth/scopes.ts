/**
 * The scopes an OAuth-protected gift-genius asks for (`--auth-scopes`), parsed once at the CLI.
 * A bare scope (`gifts:read`) is needed for every request to the endpoint: without it the gate
 * answers 403 insufficient_scope. `tool=scope` (`suggest_gifts=gifts:suggest`) is needed to call
 * that tool: the SDK's per-tool scope challenge answers 403 with the scope to step up to.
 * Every scope named is advertised in the Protected Resource Metadata's `scopes_supported`.
 */
export interface AuthScopes {
  /** Needed for any request. */
  required: readonly string[];
  /** Needed to call a tool, by tool name. */
  perTool: ReadonlyMap<string, readonly string[]>;
  /** Everything named, in the order given, once each (PRM `scopes_supported`). */
  supported: readonly string[];
}

export const NO_SCOPES: AuthScopes = Object.freeze({ required: [], perTool: new Map(), supported: [] });

/** RFC 6749 §3.3 scope-token: printable ASCII without space, `"` and `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** Parses `gifts:read,suggest_gifts=gifts:suggest`; a bad entry throws an Error naming it and the form expected. */
export function parseAuthScopes(entries: readonly string[]): AuthScopes {
  const required: string[] = [];
  const perTool = new Map<string, string[]>();
  const supported = new Set<string>();
  for (const raw of entries) {
    const entry = raw.trim();
    if (!entry) continue;
    const eq = entry.indexOf('=');
    const tool = eq < 0 ? undefined : entry.slice(0, eq);
    const scope = eq < 0 ? entry : entry.slice(eq + 1);
    if (!SCOPE_TOKEN.test(scope) || (tool !== undefined && !TOOL_NAME.test(tool)))
      throw new Error(
        `--auth-scopes: "${entry}" is not a scope ("gifts:read") or a tool's scope ("suggest_gifts=gifts:suggest")`,
      );
    if (tool === undefined) required.push(scope);
    else perTool.set(tool, [...(perTool.get(tool) ?? []), scope]);
    supported.add(scope);
  }
  return { required, perTool, supported: [...supported] };
}

/** Scopes in `needed` the token does not carry. */
export function missingScopes(needed: readonly string[], granted: readonly string[]): string[] {
  const have = new Set(granted);
  return needed.filter((s) => !have.has(s));
}
