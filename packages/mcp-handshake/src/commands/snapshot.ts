/**
 * `snapshot <target> -o mcp.lock.json` records what a host would freeze; `diff OLD NEW`
 * (snapshot files or live targets) classifies every change; exit 1 on a breaking one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Change } from '../snapshot/change.js';
import { diffSnapshots } from '../snapshot/diff.js';
import { type HostImpact, impactsFor } from '../snapshot/host-impact.js';
import { parseSnapshot, type Snapshot } from '../snapshot/snapshot.js';
import { type SnapshotOptions, takeSnapshot } from '../snapshot/take.js';
import { type Target, UsageError } from '../target.js';
import { EXIT } from './common.js';

export async function snapshotCommand(
  target: Target,
  out: string | undefined,
  options: SnapshotOptions,
): Promise<number> {
  const snapshot = await takeSnapshot(target, options);
  const text = `${JSON.stringify(snapshot, null, 2)}\n`;
  if (out) {
    writeFileSync(out, text);
    process.stderr.write(
      `mcp-handshake snapshot: ${snapshot.tools.length} tools, ${snapshot.resources.length} resources, ` +
        `${snapshot.resourceTemplates.length} templates, ${snapshot.prompts.length} prompts, ` +
        `${snapshot.widgets.length} widgets → ${out}
`,
    );
  } else process.stdout.write(text);
  return EXIT.ok;
}

export interface DiffResult {
  format: 'mcp-handshake/diff@1';
  breaking: number;
  additive: number;
  changes: Change[];
  hosts: HostImpact[];
}

export function diffResult(before: Snapshot, after: Snapshot): DiffResult {
  const changes = diffSnapshots(before, after);
  const breaking = changes.filter((c) => c.class === 'breaking').length;
  return {
    format: 'mcp-handshake/diff@1',
    breaking,
    additive: changes.length - breaking,
    changes,
    hosts: impactsFor(new Set(changes.map((c) => c.class))),
  };
}

export function formatDiffText(r: DiffResult): string {
  if (r.changes.length === 0) return 'No changes.';
  const lines = [...r.changes]
    .sort((a, b) => (a.class === b.class ? 0 : a.class === 'breaking' ? -1 : 1))
    .map((c) => `${c.class === 'breaking' ? 'BREAKING' : 'additive'}  ${c.subject}: ${c.message}  [${c.code}]`);
  lines.push('', `${r.breaking} breaking, ${r.additive} additive`, '', 'What it means for hosts:');
  for (const h of r.hosts)
    lines.push(
      `  ${h.host}${h.when === 'breaking' ? ' (breaking changes)' : ''}: ${h.says}.`,
      `    source (${h.basis}): ${h.source}`,
    );
  return lines.join('\n');
}

/** A side of `diff`: a snapshot file, or a live target to snapshot now. */
export type DiffSide = { file: string } | { target: Target };

async function load(side: DiffSide, options: SnapshotOptions): Promise<Snapshot> {
  if ('target' in side) return takeSnapshot(side.target, options);
  let text: string;
  try {
    text = readFileSync(side.file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${side.file}: ${(error as Error).message}`);
  }
  try {
    return parseSnapshot(text, side.file);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export async function diffCommand(
  before: DiffSide,
  after: DiffSide,
  options: SnapshotOptions & { json?: boolean },
): Promise<number> {
  const result = diffResult(await load(before, options), await load(after, options));
  process.stdout.write(`${options.json ? JSON.stringify(result, null, 2) : formatDiffText(result)}\n`);
  return result.breaking > 0 ? EXIT.failed : EXIT.ok;
}
