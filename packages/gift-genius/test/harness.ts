import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
/** How much slower than a quiet machine this one is (vitest.config.ts measures it): every wait here scales by it. */
export const SLOWDOWN = Number(process.env.GIFTGEN_TEST_SLOWDOWN) || 1;
export const LEGACY_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
export const MODERN_VERSION = '2026-07-28';

export function tempDir(prefix = 'gg-test-'): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  dataDir: string;
  stderr: () => string;
  stop: () => Promise<void>;
}

/** Starts the built CLI's HTTP server on a free port and waits for its "listening" log line. */
export async function startHttpCli(
  options: { args?: string[]; env?: Record<string, string>; dataDir?: string } = {},
): Promise<RunningServer> {
  const data = options.dataDir ? { path: options.dataDir, remove: () => undefined } : tempDir();
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data', data.path, ...(options.args ?? [])], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${err}`)), 20_000 * SLOWDOWN);
    child.stderr!.on('data', (d: Buffer) => {
      err += d;
      const m = /"url":"([^"]+)"/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${err}`)));
  });
  return {
    url,
    child,
    dataDir: data.path,
    stderr: () => err,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      if (out.trim()) throw new Error(`HTTP server wrote to stdout: ${out}`);
      data.remove();
    },
  };
}

/** Runs the built CLI to completion. */
export async function runCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const [code] = (await once(child, 'exit')) as [number];
  return { code, stdout, stderr };
}

export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 8000,
): Promise<T> {
  const end = Date.now() + timeoutMs * SLOWDOWN;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
