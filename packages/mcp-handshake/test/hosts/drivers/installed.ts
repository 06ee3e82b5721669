/** Where scripts/install-hosts.mjs put each pinned host (undefined: not installed; the tests say so and skip). */
// @ts-expect-error: a plain ES module, also run as a script
import { cacheDir, HOSTS, locate, locateTool, NODE22 } from '../../../scripts/install-hosts.mjs';

interface Pinned {
  id: string;
  pkg: string;
  version: string;
}

export const PINNED = HOSTS as Pinned[];
export const HOSTS_DIR = cacheDir() as string;

export function installed(id: string): { command: string; args: string[]; version: string } | undefined {
  const p = PINNED.find((h) => h.id === id);
  if (!p) throw new Error(`no pinned host "${id}" in scripts/install-hosts.mjs`);
  const found = locate(p) as { command: string; args: string[] } | undefined;
  return found && { ...found, version: p.version };
}

export const node22 = (): string | undefined => (locate(NODE22) as { command: string } | undefined)?.command;

/** MCP Inspector's CLI from the cache: { command: Node 22, args: [the CLI's entry file] }, or undefined. */
export const inspectorCli = (): { command: string; args: string[] } | undefined =>
  locateTool('mcp-inspector') as { command: string; args: string[] } | undefined;
