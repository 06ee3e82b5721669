import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CLI, startHttpCli, tempDir, waitFor } from './harness.js';

/** `serve` logs for whoever reads them: readable lines on a terminal, JSON lines on a pipe (a host, a shipper). */
const hasScript = !spawnSync('script', ['--version']).error;
if (!hasScript) console.log('SKIPPED log-format (terminal): no `script` (util-linux) to give the server a terminal');

describe('log format', () => {
  it.skipIf(!hasScript)('on a terminal: one readable line per entry, no JSON', async () => {
    const data = tempDir();
    // `script` runs the server on a pseudo-terminal, as a person starting it by hand would.
    const child = spawn(
      'script',
      ['-qfec', `"${process.execPath}" "${CLI}" serve --port 0 --data "${data.path}"`, '/dev/null'],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: { ...process.env, LOG_FORMAT: '' },
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    try {
      const line = await waitFor(
        'the listening line',
        () => out.split('\n').find((l) => l.includes('listening on')),
        30_000,
      );
      expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] .*INFO.*gift-genius listening on http:\/\/127\.0\.0\.1:\d+\/mcp/);
      expect(line.trimStart().startsWith('{')).toBe(false);
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
      data.remove();
    }
  });

  it('on a pipe: JSON lines; LOG_FORMAT=pretty asks for readable ones anyway', async () => {
    const json = await startHttpCli();
    const listening = json
      .stderr()
      .split('\n')
      .find((l) => l.includes('listening on'))!;
    expect(JSON.parse(listening)).toMatchObject({ event: 'listening', level: 30 });
    await json.stop();
    const pretty = await startHttpCli({ env: { LOG_FORMAT: 'pretty' } });
    expect(pretty.stderr()).toMatch(/INFO.*gift-genius listening on/);
    await pretty.stop();
  });
});
