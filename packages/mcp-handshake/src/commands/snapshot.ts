/**
 * `snapshot <target> -o mcp.lock.json` records what a host would freeze; `diff OLD NEW`
 * (snapshot files or live targets) classifies every change; exit 1 on a breaking one.
 */
import { readFileSync } from 'node:fs';
import { formatDiffText } from '../report/diff-text.js';
import { jsonText } from '../report/peer-text.js';
import { printJson, printText, writePrivateFile } from '../report/print.js';
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
  const text = `${jsonText(snapshot, 2)}\n`;
  if (out) {
    writePrivateFile(out, text);
    printText(
      process.stderr,
      `mcp-handshake snapshot: ${snapshot.tools.length} tools, ${snapshot.resources.length} resources, ` +
        `${snapshot.resourceTemplates.length} templates, ${snapshot.prompts.length} prompts, ` +
        `${snapshot.widgets.length} widgets → ${out}
`,
    );
  } else printText(process.stdout, text);
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
  if (options.json) printJson(process.stdout, result);
  else printText(process.stdout, `${formatDiffText(result)}\n`);
  return result.breaking > 0 ? EXIT.failed : EXIT.ok;
}
