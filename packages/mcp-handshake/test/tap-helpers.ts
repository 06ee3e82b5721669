import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transcript } from '../src/types.js';
import { CLI } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'tap-http-'));
const readTranscript = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Transcript;

export interface RunningTap {
  url: string;
  out: string;
  child: ChildProcess;
  /** SIGTERM the tap, wait for it, return the transcript it wrote. */
  stop: () => Promise<Transcript>;
}

/** Start `mcp-handshake tap --listen 127.0.0.1:0 --target URL` and read the proxy URL from its stderr. */
export async function startTap(target: string, name: string, extra: string[] = []): Promise<RunningTap> {
  const out = join(dir, `${name}.json`);
  const child = spawn(
    process.execPath,
    [CLI, 'tap', '--listen', '127.0.0.1:0', '--target', target, '--out', out, ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`tap did not start: ${stderr}`)), 15_000);
    child.stderr!.on('data', (d) => {
      stderr += d;
      const m = /proxy (\S+) →/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  child.stdout!.resume();
  const stop = async () => {
    const closed = new Promise((r) => child.once('close', r));
    child.kill('SIGTERM');
    await closed;
    return readTranscript(out);
  };
  return { url, out, child, stop };
}
