import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, type Target, type Wire } from './clients.js';
import { MODERN_VERSION, type RunningServer, startHttpCli, tempDir } from './harness.js';

/**
 * suggest_gifts without a budget: a client that declared elicitation is asked for one
 * (legacy elicitation/create, modern input_required); a client that did not is never
 * asked and gets ideas across price ranges.
 */
let http: RunningServer;
let stateless: RunningServer;
const stdioData = tempDir();

beforeAll(async () => {
  http = await startHttpCli();
  stateless = await startHttpCli({ args: ['--legacy-http', 'stateless'] });
});
afterAll(async () => {
  await http?.stop();
  await stateless?.stop();
  stdioData.remove();
});

const ARGS = { age: 30, relationship: 'brother', interests: ['coffee'] };
const lanes: Array<[string, Wire, () => Target]> = [
  ['http legacy session', { kind: 'v2', version: '2025-11-25' }, () => ({ transport: 'http', url: http.url })],
  ['http legacy 2025-06-18', { kind: 'v2', version: '2025-06-18' }, () => ({ transport: 'http', url: http.url })],
  [
    'http modern (input_required)',
    { kind: 'v2', version: MODERN_VERSION },
    () => ({ transport: 'http', url: http.url }),
  ],
  ['stdio legacy', { kind: 'v2', version: '2025-11-25' }, () => ({ transport: 'stdio', dataDir: stdioData.path })],
  [
    'stdio modern (input_required)',
    { kind: 'v2', version: MODERN_VERSION },
    () => ({ transport: 'stdio', dataDir: stdioData.path }),
  ],
];

describe.each(lanes)('%s', (_name, wire, target) => {
  it('asks a client that declared elicitation for the budget, and uses the answer', async () => {
    const conn = await connectClient(wire, target(), { elicitation: { form: {} } });
    const asked: string[] = [];
    conn.client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(String((request.params as { message: string }).message));
      return { action: 'accept', content: { budget: 40 } };
    });
    try {
      const result = await conn.client.callTool({ name: 'suggest_gifts', arguments: ARGS });
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain('budget');
      const out = result.structuredContent as {
        budget: number;
        gifts: { price: number }[];
        acrossPriceRanges: boolean;
      };
      expect(out.budget).toBe(40);
      expect(out.acrossPriceRanges).toBe(false);
      for (const g of out.gifts) expect(g.price).toBeLessThanOrEqual(40);
    } finally {
      await conn.close();
    }
  });

  it('answers across price ranges when the user declines', async () => {
    const conn = await connectClient(wire, target(), { elicitation: {} });
    conn.client.setRequestHandler('elicitation/create', async () => ({ action: 'decline' }));
    try {
      const result = await conn.client.callTool({ name: 'suggest_gifts', arguments: ARGS });
      const out = result.structuredContent as { budget: number | null; acrossPriceRanges: boolean };
      expect(out).toMatchObject({ budget: null, acrossPriceRanges: true });
    } finally {
      await conn.close();
    }
  });

  it('never asks a client that did not declare elicitation', async () => {
    const conn = await connectClient(wire, target(), {});
    try {
      const result = await conn.client.callTool({ name: 'suggest_gifts', arguments: { ...ARGS, count: 4 } });
      const out = result.structuredContent as {
        budget: number | null;
        acrossPriceRanges: boolean;
        gifts: { price: number }[];
      };
      expect(out.budget).toBeNull();
      expect(out.acrossPriceRanges).toBe(true);
      // Prices follow the relationship's usual spend, so they span bands (issue 14: no longer one pick per band,
      // which put a $250+ niche item in most lists without a budget).
      const bands = out.gifts.map((g) => (g.price < 25 ? 0 : g.price < 75 ? 1 : g.price < 250 ? 2 : 3));
      expect(new Set(bands).size).toBeGreaterThanOrEqual(2);
      expect(out.gifts.every((g) => g.price < 250)).toBe(true);
      expect((result.content as { text: string }[])[0]!.text).toContain('span price ranges');
    } finally {
      await conn.close();
    }
  });
});

describe('stateless legacy HTTP', () => {
  it('cannot carry a question, so it never asks even a client that declared elicitation', async () => {
    const conn = await connectClient(
      { kind: 'v2', version: '2025-11-25' },
      { transport: 'http', url: stateless.url },
      { elicitation: { form: {} } },
    );
    let asked = 0;
    conn.client.setRequestHandler(
      'elicitation/create',
      async () => (asked++, { action: 'accept', content: { budget: 10 } }),
    );
    try {
      const result = await conn.client.callTool({ name: 'suggest_gifts', arguments: ARGS });
      expect(asked).toBe(0);
      expect(result.structuredContent).toMatchObject({ budget: null, acrossPriceRanges: true });
    } finally {
      await conn.close();
    }
  });
});
