// Issue 13 item 7: dictionaries keyed by user input are Maps, so prototype keys are words like any other.
// Before the fix, `interests: ["constructor"]` answered "known.forEach is not a function", `exclude: ["__proto__"]`
// answered "interests is not iterable" (internal error text reaching the client) and relationship "constructor"
// resolved to `Object`. Checked over the real server (HTTP: the direct path; stdio: the SDK path) and on the pure
// parts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { rankGifts } from '../dist/recommend/rank.js';
import { readExclusion, readInterest, readOccasion, readRelationship } from '../dist/recommend/vocabulary.js';
import { connectClient, type Target } from './clients.js';
import { MODERN_VERSION, type RunningServer, startHttpCli, tempDir } from './harness.js';

const KEYS = ['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
const catalog = loadBundledCatalog();

describe('prototype keys in the vocabulary (pure)', () => {
  it.each(KEYS)('%s is an unknown word, not an inherited property', (key) => {
    expect(readRelationship(key)).toBeUndefined();
    expect(readOccasion(key).occasion).toBeUndefined();
    expect([...readInterest(key).interests]).toEqual([]);
    expect(readExclusion(key)).toMatchObject({ contents: [], interests: [], categories: [] });
  });

  it.each(KEYS)('rankGifts answers a request made of %s like any request with unknown words', (key) => {
    const r = rankGifts(catalog, {
      age: 30,
      relationship: key,
      interests: [key],
      exclude: [key],
      occasion: key,
      budget: 50,
    });
    expect(r.relationship).toBeUndefined();
    expect(r.gifts).toHaveLength(5);
    for (const g of r.gifts) expect(g.gift.price).toBeLessThanOrEqual(50);
    expect(r.unmet.map((u) => u.kind)).toEqual(expect.arrayContaining(['occasion', 'interest']));
  });
});

let http: RunningServer;
const stdioData = tempDir();
beforeAll(async () => {
  http = await startHttpCli();
});
afterAll(async () => {
  await http?.stop();
  stdioData.remove();
});

const targets = (): Array<[string, () => Target]> => [
  ['http', () => ({ transport: 'http', url: http.url })],
  ['stdio', () => ({ transport: 'stdio', dataDir: stdioData.path })],
];

describe.each(targets())('suggest_gifts with prototype keys over %s', (_name, target) => {
  it.each(['2025-06-18', MODERN_VERSION])(
    '%s: every argument made of prototype keys gets proper ideas, no internal error text',
    async (version) => {
      const { client, close } = await connectClient({ kind: 'v2', version }, target());
      try {
        const calls = [
          { age: 30, relationship: 'friend', interests: ['constructor'] },
          { age: 30, relationship: 'friend', exclude: ['__proto__'] },
          { age: 30, relationship: 'constructor' },
          {
            age: 30,
            relationship: '__proto__',
            interests: KEYS.slice(0, 5),
            exclude: KEYS,
            occasion: 'constructor',
            budget: 60,
          },
        ];
        for (const args of calls) {
          const result = await client.callTool({ name: 'suggest_gifts', arguments: args });
          const text = (result.content as Array<{ text: string }>).map((c) => c.text).join('\n');
          expect(result.isError, text).toBeFalsy();
          expect(text).not.toMatch(/is not a function|is not iterable|Cannot read|TypeError/);
          const structured = result.structuredContent as { gifts: Array<{ id: string }> };
          expect(structured.gifts.length).toBe(5);
        }
      } finally {
        await close();
      }
    },
  );
});
