/**
 * A host may end a stdio server with SIGKILL a moment after its handshake (Copilot CLI does, ~3 s into a
 * session that asked its model before it finished listing): the tap's transcript on disk must already hold what
 * passed, not only the spawn. Found by the real-host tests, which saw Copilot CLI "never speak" to a server.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPassive } from '../src/report/check-report.js';
import type { Transcript } from '../src/types.js';
import { CLI, fixture } from './helpers.js';

const line = (m: unknown) => `${JSON.stringify(m)}\n`;

describe('the stdio tap under SIGKILL', () => {
  it('the transcript on disk holds the handshake a host saw just before it killed the tap', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'tap-sigkill-')), 't.json');
    const tap = spawn(
      process.execPath,
      [CLI, 'tap', '--out', out, '--', process.execPath, fixture('host-faults.mjs'), 'ok'],
      {
        stdio: ['pipe', 'pipe', 'ignore'],
      },
    );
    let stdout = '';
    tap.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    // Past the first rewrite (the spawn alone), as a host that starts its servers before it speaks to them.
    await new Promise((r) => setTimeout(r, 1500));
    tap.stdin.write(
      line({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'killer', version: '1' } },
      }),
    );
    while (!stdout.includes('"id":1')) await new Promise((r) => setTimeout(r, 10));
    tap.stdin.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    tap.stdin.write(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    while (!stdout.includes('"id":2')) await new Promise((r) => setTimeout(r, 10));
    // The host has its answer and kills its servers at once: what it received must already be on disk.
    tap.kill('SIGKILL');
    await new Promise((r) => tap.once('close', r));
    expect(existsSync(out)).toBe(true);
    const t = JSON.parse(readFileSync(out, 'utf8')) as Transcript;
    const methods = t.events.flatMap((e) =>
      e.dir === 'out' && e.kind === 'message' ? [(e.message as { method?: string }).method] : [],
    );
    expect(methods).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    // What is on disk is consistent: an answer written is an answer to its request (written at the answer's own
    // event, before the exchange was settled, check called Continue CLI's answers unsolicited).
    const codes = runPassive(t).findings.map((f) => f.code);
    expect(codes).not.toContain('jsonrpc-envelope/unsolicited-answer');
  }, 30_000);
});
