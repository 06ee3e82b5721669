/**
 * MCP Inspector's CLI mode (pinned in scripts/install-hosts.mjs's TOOLS, on the Node 22 it brings) against
 * the stdio fault fixtures, through the tap: what it lists for each, compared with src/hosts/mcp-inspector.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FaultCode } from '../../src/hosts/fault-classes.js';
import { mcpInspector } from '../../src/hosts/mcp-inspector.js';
// @ts-expect-error: a plain ES module (fixtures are run as scripts too)
import { toolsOf } from '../fixtures/host-faults.mjs';
import { inspectorCli } from './drivers/installed.js';
import { runProcess, startServers, transcriptsOf } from './harness.js';
import { summarize } from './observe.js';
import { pool } from './pool.js';

const inspector = inspectorCli();
const NODE22 = inspector?.command;
const CLI = inspector?.args[0];
const FAULTS = Object.keys(mcpInspector.faults) as FaultCode[];
/** A hang guard only: the CLI either prints a list or an error and exits. */
const GUARD_MS = 180_000;

describe.skipIf(!inspector)(
  `MCP Inspector ${mcpInspector.package!.version}${inspector ? '' : ' (skipped: it or Node 22 is not installed: node packages/mcp-handshake/scripts/install-hosts.mjs)'}`,
  () => {
    it('MCP Inspector CLI: stdio faults', async () => {
      const home = mkdtempSync(join(tmpdir(), 'mcp-handshake-inspector-'));
      const two = pool(2);
      const results = await Promise.all(
        FAULTS.map((fault) =>
          two(async () => {
            const { servers, stop } = await startServers(
              join(home, fault.replace('/', '_')),
              [{ fault, transport: 'stdio' }],
              toolsOf,
            );
            const s = servers[0];
            try {
              // Inspector's CLI eats the first `--`; the second one is the tap's.
              const r = await runProcess(
                NODE22!,
                [CLI!, '--method', 'tools/list', '--', s.stdio!.command, ...s.stdio!.args],
                {
                  env: { PATH: process.env.PATH ?? '', HOME: home },
                  cwd: home,
                  budgetMs: GUARD_MS,
                },
              );
              let listed: string[] | undefined;
              try {
                listed = (JSON.parse(r.stdout) as { tools?: Array<{ name: string }> }).tools?.map((t) => t.name);
              } catch {
                listed = undefined;
              }
              return { fault, s, r, listed };
            } finally {
              await stop();
            }
          }),
        ),
      );
      const rows: string[] = [];
      for (const { fault, s, r, listed } of results) {
        const effect =
          r.code !== 0 || !listed
            ? 'drops-server'
            : listed.length >= s.offered.length
              ? 'keeps-all'
              : 'drops-bad-tools';
        rows.push(`${fault.padEnd(36)} ${effect.padEnd(16)} ${listed?.length ?? 0}/${s.offered.length}`);
        const fact = mcpInspector.faults[fault]!.stdio!;
        expect(
          effect,
          `src/hosts/mcp-inspector.ts faults['${fault}'].stdio: the data says ${fact.value.effect}; it listed ${listed?.join(', ') ?? `nothing (exit ${r.code}: ${r.stdout.slice(0, 200)})`}`,
        ).toBe(fact.value.effect);
        if (fault === 'era/legacy-only') {
          const wire = summarize(transcriptsOf(s));
          expect(wire.clientNames, 'src/hosts/mcp-inspector.ts clientNames').toEqual(mcpInspector.clientNames.value);
          expect(wire.initializeVersions[0], 'src/hosts/mcp-inspector.ts versionsOffered.initialize').toBe(
            mcpInspector.versionsOffered.value.initialize,
          );
          expect(wire.discoverProbed, 'src/hosts/mcp-inspector.ts discover.probes').toBe(false);
        }
      }
      console.log(
        `MCP Inspector CLI ${mcpInspector.package!.version} × stdio fault fixtures (tools listed / offered)\n${rows.join('\n')}`,
      );
    }, 1_800_000);
  },
);
