import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import { expect, it } from 'vitest';

// global-tmpdir.ts: what tests and the processes they start write under TMPDIR goes with the run. A CI machine
// filled up with host HOMEs left by earlier runs, and every Copilot CLI session then failed without a word.
it('tests, and the processes they spawn, write under the run’s own TMPDIR', () => {
  expect(basename(tmpdir())).toMatch(/^giftgen-test-run-/);
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(require("node:os").tmpdir())'], {
    encoding: 'utf8',
  });
  expect(child.stdout).toBe(tmpdir());
});
