import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script shared with `npm run soak`
import { soak } from '../../../scripts/soak.mjs';

/** The short soak that runs in `npm test`; `npm run soak` is the full one (200 clients, 60 s). */
describe('soak (short)', () => {
  it('concurrent clients of both eras mixing every method: no unexpected error, clean exit', async () => {
    const result = await soak({ clients: 24, seconds: 6, log: () => undefined });
    console.log(`[soak] ${JSON.stringify(result)}`);
    expect(result.errorSamples).toEqual([]);
    expect(result.unexpectedErrors).toBe(0);
    expect(result.calls).toBeGreaterThan(24 * 7);
    expect(result.serverExitCode).toBe(0);
    expect(result.serverErrorLogLines).toBe(0);
  }, 60_000);
});
