/**
 * Opaque `resources/list` cursors. They carry the last id served (keyset paging), so a
 * cursor stays valid while the catalog changes: nothing is skipped or served twice
 * because of rows added or removed before it.
 */
const PREFIX = 'g1.';

export function encodeCursor(afterId: string): string {
  return PREFIX + Buffer.from(afterId, 'utf8').toString('base64url');
}

/** The id to continue after, or `undefined` when the cursor is not one of ours. */
export function decodeCursor(cursor: string): string | undefined {
  if (!cursor.startsWith(PREFIX) || cursor.length > 200) return undefined;
  const id = Buffer.from(cursor.slice(PREFIX.length), 'base64url').toString('utf8');
  return /^[a-z0-9-]{1,120}$/.test(id) ? id : undefined;
}
