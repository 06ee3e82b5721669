import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { resolveTarget } from '../src/target.js';
import { CLI, fixture } from './helpers.js';

const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000 });

/** Like `mcp-handshake … | jq`: stdout is a pipe read slowly, so writes cannot complete at once. */
function runPiped(args: string[]): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.pause();
    setTimeout(() => {
      child.stdout.on('data', (c: string) => (stdout += c));
      child.stdout.resume();
    }, 1500);
    child.on('close', (status) => resolve({ status, stdout }));
  });
}

describe('the CLI on awkward input (issue 11)', () => {
  it('inspect --json through a pipe is complete, past 65,536 bytes', async () => {
    const r = await runPiped(['inspect', '--json', '--', process.execPath, fixture('big-listing-server.mjs')]);
    expect(r.stdout.length).toBeGreaterThan(65_536);
    expect(JSON.parse(r.stdout).discovery.tools).toHaveLength(400);
    expect(r.status).toBe(0);
  }, 60_000);

  it('inspect does not crash on a null tool entry, and says what it dropped', () => {
    for (const args of [['inspect'], ['inspect', '--json']]) {
      const r = run([...args, '--', process.execPath, fixture('big-listing-server.mjs'), '--null-tool']);
      expect(r.stderr).not.toMatch(/TypeError|at .*\.js:\d+/);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/tools\/list.*1 entry that is not an object/);
    }
  }, 60_000);

  it('a target without a scheme is an HTTP URL, not a command', () => {
    expect(resolveTarget(['localhost:3000/mcp'], {})).toMatchObject({ kind: 'http', url: 'http://localhost:3000/mcp' });
    expect(resolveTarget(['127.0.0.1:8080'], {})).toMatchObject({ kind: 'http', url: 'http://127.0.0.1:8080/' });
    expect(resolveTarget(['example.com/mcp'], {})).toMatchObject({ kind: 'http', url: 'http://example.com/mcp' });
    expect(resolveTarget(['node', 'server.js'], {})).toMatchObject({ kind: 'stdio', command: 'node' });
    expect(resolveTarget(['./server.js'], {})).toMatchObject({ kind: 'stdio' });
    expect(run(['doctor', '--timeout', '300', '127.0.0.1:1/mcp']).stdout).toMatch(/http:\/\/127\.0\.0\.1:1\/mcp/);
  }, 60_000);
});

describe('progress while probes run', () => {
  it('rewrites one line on a TTY, erases it at the end, and writes nothing on a pipe', async () => {
    const { ProgressLine } = await import('../src/report/progress.js');
    const { doctor } = await import('../src/commands/doctor.js');
    const chunks: string[] = [];
    const tty = new ProgressLine({ isTTY: true, write: (c: string) => chunks.push(c) }, 0);
    const pipe: string[] = [];
    const piped = new ProgressLine({ write: (c: string) => pipe.push(c) }, 0);
    await doctor(
      { kind: 'stdio', command: process.execPath, args: [fixture('raw-server.mjs')], env: {} },
      { concurrency: 3 },
      (e) => {
        tty.onEvent(e);
        piped.onEvent(e);
      },
    );
    tty.done();
    piped.done();
    expect(chunks.some((c) => /^\r\x1b\[Kprobing legacy: initialize \(\d+ requests, [\d.]+ s\)/.test(c))).toBe(true);
    expect(chunks.at(-1)).toBe('\r\x1b[K');
    expect(pipe).toEqual([]);
  }, 60_000);
});
