import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * vitest globalSetup, first in the list: one temporary folder for the whole run, given to the workers (and
 * every server and host they spawn) as TMPDIR, and removed at the end. Tests clean up after themselves, but
 * a test that fails or times out does not, and a real host unpacks itself into the HOME it is given (Copilot
 * CLI: 235 MB a run): leftovers from runs on one machine filled its disk, and the next run's hosts failed
 * with nothing on their output. GIFTGEN_TEST_KEEP_TMP=1 keeps the folder and says where it is.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'giftgen-test-run-'));
  chmodSync(dir, 0o755); // global-postgres's data folder is inside, reached by the postgres user it creates
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    if (process.env.GIFTGEN_TEST_KEEP_TMP) {
      console.log(`[tmp] kept ${dir} (${readdirSync(dir).length} entries)`);
      return;
    }
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
}
