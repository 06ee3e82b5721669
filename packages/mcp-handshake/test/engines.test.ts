/**
 * `npm ci` on the lowest Node the root package.json allows prints no EBADENGINE warning: every package in
 * package-lock.json accepts that Node (packages that need a newer one belong in scripts/install-hosts.mjs's
 * cache, run with its Node 22). The published workspaces' runtime dependencies accept each workspace's own lowest
 * Node too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

interface LockEntry {
  version?: string;
  dev?: boolean;
  engines?: { node?: string } | string[];
}

const readJson = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };

/** The lowest version `range` allows (semver.minVersion), as a string. */
function lowest(range: string): string {
  const min = semver.minVersion(range);
  if (!min) throw new Error(`engines.node "${range}" allows no Node version`);
  return min.version;
}

/** Every lock entry (among `entries`) whose engines.node excludes `node`, as "path@version needs range". */
function excluding(entries: Record<string, LockEntry>, node: string): string[] {
  const out: string[] = [];
  for (const [path, entry] of Object.entries(entries)) {
    // Old packages wrote engines as an array of strings ("node >= 0.8"); npm ignores those, and so does this.
    const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
    if (!range || !path) continue;
    if (!semver.satisfies(node, range, { includePrerelease: true }))
      out.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} (${path}) needs node ${range}`);
  }
  return out;
}

describe('engines in package-lock.json', () => {
  it('the check names a package that needs a newer Node than the one allowed', () => {
    const fake = { 'node_modules/needs-22': { version: '1.0.0', engines: { node: '>=22' } } };
    expect(excluding(fake, '20.19.0')).toEqual(['needs-22@1.0.0 (node_modules/needs-22) needs node >=22']);
    expect(excluding(fake, '22.0.0')).toEqual([]);
  });

  it("every package accepts the lowest Node the root package.json's engines allows", () => {
    const root = readJson('package.json') as { engines: { node: string } };
    const node = lowest(root.engines.node);
    expect(
      excluding(lock.packages, node),
      `npm ci on Node ${node} (root engines.node "${root.engines.node}") warns EBADENGINE for these; move what needs a newer Node into scripts/install-hosts.mjs's cache or raise engines`,
    ).toEqual([]);
  });

  for (const workspace of ['packages/gift-genius', 'packages/mcp-handshake']) {
    it(`${workspace}: runtime dependencies accept its own lowest Node`, () => {
      const pkg = readJson(join(workspace, 'package.json')) as { engines: { node: string } };
      const node = lowest(pkg.engines.node);
      const runtime = Object.fromEntries(Object.entries(lock.packages).filter(([, e]) => !e.dev));
      expect(excluding(runtime, node), `${workspace} declares engines.node "${pkg.engines.node}"`).toEqual([]);
    });
  }
});
