import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GiftGenApp } from '../dist/app.js';
import { bundleIsCurrent } from '../dist/bundle-loader.js';
import { SqliteCatalogStore } from '../dist/catalog/sqlite-store.js';
import { createLogger } from '../dist/observe/logger.js';
import { type EarlyAnswers, earlyAnswerFor, readEarlyAnswers } from '../dist/transports/early-answers.js';
import { firstLineOut } from '../dist/transports/early-capture.js';
import { EarlyAnswerCheck } from '../dist/transports/early-verify.js';
import { LEGACY_VERSIONS, MODERN_VERSION, tempDir } from './harness.js';

/**
 * The early stdio path (transports/early-check.ts) decides without the SDK which opening lines it
 * may answer before the SDK is loaded. Its contract: whenever it answers, the SDK — asked the same
 * line on a fresh connection through serveGiftStdio — writes exactly the same bytes. Checked here on
 * generated openings that are mostly valid and often subtly not (wrong types, extra members, odd ids,
 * envelope keys), in-process, against the real server code.
 */
const PV = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const INFO = 'io.modelcontextprotocol/clientInfo';

let app: GiftGenApp;
let answers: EarlyAnswers;
beforeAll(async () => {
  app = new GiftGenApp({ store: new SqliteCatalogStore(':memory:'), log: createLogger('silent') });
  await app.start();
  const read = readEarlyAnswers(fileURLToPath(new URL('../dist/early-answers.json', import.meta.url)));
  if (!read) throw new Error('dist/early-answers.json is missing: run npm run build');
  answers = read;
});
afterAll(() => app.close());

/** An optional member: absent half the time. */
const maybe = <T>(valid: fc.Arbitrary<T>) => fc.option(valid, { nil: undefined, freq: 2 });
const strip = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const obj = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });

/** Valid openings, with every optional member the SDK's schemas know appearing now and then. */
const icon = fc
  .record({
    src: fc.webUrl(),
    mimeType: maybe(fc.constant('image/png')),
    sizes: maybe(fc.array(fc.constantFrom('48x48', 'any'))),
    theme: maybe(fc.constantFrom('light', 'dark')),
  })
  .map(strip);
const implementation = fc
  .record({
    name: fc.string({ maxLength: 12 }),
    version: fc.constantFrom('1.0.0', '', '2'),
    title: maybe(fc.string({ maxLength: 8 })),
    websiteUrl: maybe(fc.webUrl()),
    description: maybe(fc.string({ maxLength: 8 })),
    icons: maybe(fc.array(icon, { maxLength: 2 })),
  })
  .map(strip);
const capabilities = fc
  .record({
    experimental: maybe(fc.dictionary(fc.string({ maxLength: 5 }), obj, { maxKeys: 2 })),
    sampling: maybe(fc.record({ context: maybe(obj), tools: maybe(obj) }).map(strip)),
    elicitation: maybe(
      fc
        .record({ form: maybe(fc.record({ applyDefaults: maybe(fc.boolean()) }).map(strip)), url: maybe(obj) })
        .map(strip),
    ),
    roots: maybe(fc.record({ listChanged: maybe(fc.boolean()) }).map(strip)),
    tasks: maybe(
      fc
        .record({
          list: maybe(obj),
          cancel: maybe(obj),
          requests: maybe(
            fc
              .record({
                sampling: maybe(fc.record({ createMessage: maybe(obj) }).map(strip)),
                elicitation: maybe(fc.record({ create: maybe(obj) }).map(strip)),
              })
              .map(strip),
          ),
        })
        .map(strip),
    ),
    extensions: maybe(
      fc.dictionary(
        fc.constantFrom('io.modelcontextprotocol/ui', 'x'),
        fc.constant({ mimeTypes: ['text/html;profile=mcp-app'] }),
        { maxKeys: 2 },
      ),
    ),
  })
  .map(strip);
const id = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 10 }),
  fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, '', 'server-discover-probe-1'),
);
const initialize = fc
  .record({
    jsonrpc: fc.constant('2.0'),
    id,
    method: fc.constant('initialize'),
    params: fc
      .record({
        protocolVersion: fc.constantFrom(...LEGACY_VERSIONS, '2024-10-07', '2099-01-01', MODERN_VERSION, ''),
        capabilities,
        clientInfo: implementation,
        _meta: maybe(fc.constant({ trace: 'x' })),
      })
      .map(strip),
  })
  .map(strip);
const discover = fc.record({
  jsonrpc: fc.constant('2.0'),
  id,
  method: fc.constant('server/discover'),
  params: fc.record({
    _meta: fc
      .record({
        [PV]: fc.constantFrom(MODERN_VERSION, '2025-11-25', '2999-01-01'),
        [CAPS]: capabilities,
        [INFO]: maybe(implementation),
      })
      .map(strip),
  }),
});

type Json = unknown;
/** Every place in a value: object members and array items, as paths. */
function paths(value: Json, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [at, ...value.flatMap((v, i) => paths(v, [...at, i]))];
  if (typeof value === 'object' && value !== null)
    return [at, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k]))];
  return [at];
}
/** One mutation at one place: replace the value with any JSON, delete it, or add a member beside it. */
function mutate(
  value: Json,
  path: (string | number)[],
  kind: 'replace' | 'delete' | 'add',
  junk: Json,
  key: string,
): Json {
  if (path.length === 0) {
    if (kind === 'add' && typeof value === 'object' && value !== null && !Array.isArray(value))
      return { ...value, [key]: junk };
    return kind === 'replace' ? junk : value;
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && kind === 'delete') copy.splice(head as number, 1);
    else copy[head as number] = mutate(copy[head as number], rest, kind, junk, key);
    return copy;
  }
  const copy = { ...(value as Record<string, Json>) };
  if (rest.length === 0 && kind === 'delete') delete copy[head as string];
  else copy[head as string] = mutate(copy[head as string], rest, kind, junk, key);
  return copy;
}
/** Valid openings half the time; otherwise one near miss (a wrong type, a missing or an extra member) somewhere in one. */
const opening = fc
  .record({
    valid: fc.oneof(initialize, discover),
    mutated: fc.boolean(),
    where: fc.nat(),
    kind: fc.constantFrom('replace', 'delete', 'add') as fc.Arbitrary<'replace' | 'delete' | 'add'>,
    junk: fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom(1.5, 2 ** 53, null, true, '', {}, [], 'io.modelcontextprotocol/x'),
    ),
    key: fc.constantFrom('x', '_meta', 'progressToken', PV, 'io.modelcontextprotocol/logLevel', 'result'),
  })
  .map(({ valid, mutated, where, kind, junk, key }) => {
    if (!mutated) return valid;
    const all = paths(valid);
    return mutate(valid, all[where % all.length]!, kind, junk, key);
  });

describe('early stdio answers', () => {
  it('are only ever given where the SDK answers the same bytes', async () => {
    let early = 0;
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(opening, async (message) => {
        const line = JSON.stringify(message);
        const answer = earlyAnswerFor(line, answers);
        checked++;
        if (!answer) return;
        early++;
        expect(`${await firstLineOut(app, line)}\n`, line).toBe(answer.line);
      }),
      { numRuns: Number(process.env.GIFTGEN_EARLY_CHECK_RUNS ?? 3000) },
    );
    console.log(`[early check] ${checked} openings, ${early} answered early, each equal to the SDK's answer`);
    // The generator must reach both sides of the decision, or the property says little.
    expect(early).toBeGreaterThan(checked * 0.05);
    expect(early).toBeLessThan(checked * 0.95);
  });

  it('answer what real clients open with: every legacy revision, an unknown one, and the modern discover', () => {
    const clientInfo = { name: 'Claude Desktop', version: '1.0.0' };
    const capabilities = {
      roots: { listChanged: true },
      sampling: {},
      elicitation: { form: {}, url: {} },
      extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
    };
    for (const version of [...LEGACY_VERSIONS, '2099-01-01']) {
      const answer = earlyAnswerFor(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: version, capabilities, clientInfo },
        }),
        answers,
      );
      expect(answer?.method, version).toBe('initialize');
      const negotiated = (JSON.parse(answer!.line) as { result: { protocolVersion: string } }).result.protocolVersion;
      expect(negotiated).toBe(version === '2099-01-01' ? LATEST_PROTOCOL_VERSION : version);
    }
    const discoverLine = JSON.stringify({
      jsonrpc: '2.0',
      id: 'server-discover-probe-1',
      method: 'server/discover',
      params: { _meta: { [PV]: MODERN_VERSION, [INFO]: clientInfo, [CAPS]: capabilities } },
    });
    expect(earlyAnswerFor(discoverLine, answers)?.method).toBe('server/discover');
  });

  it('the SDK answer to an early-answered request is held back once, and a difference is logged as an error', () => {
    const errors: unknown[] = [];
    const log = { error: (fields: unknown) => errors.push(fields) } as unknown as ConstructorParameters<
      typeof EarlyAnswerCheck
    >[1];
    const answer = { jsonrpc: '2.0' as const, id: 'a', result: { x: 1 } };
    const same = new EarlyAnswerCheck({ id: 'a', method: 'initialize', line: `${JSON.stringify(answer)}\n` }, log);
    expect(same.claims({ jsonrpc: '2.0', method: 'notifications/message', params: {} })).toBe(false);
    expect(same.claims({ ...answer, id: 'b' })).toBe(false);
    expect(same.claims(answer)).toBe(true);
    expect(same.claims(answer)).toBe(false); // a later answer with a reused id is written
    expect(errors).toEqual([]);
    const other = new EarlyAnswerCheck(
      { id: 'a', method: 'initialize', line: `${JSON.stringify({ ...answer, result: { x: 2 } })}\n` },
      log,
    );
    expect(other.claims(answer)).toBe(true);
    expect(errors).toMatchObject([{ event: 'early_handshake_mismatch', method: 'initialize' }]);
  });

  it('a bundle older than a module it was built from is not used (a tsc-only rebuild)', () => {
    const dist = tempDir();
    try {
      mkdirSync(join(dist.path, 'bundle'), { recursive: true });
      mkdirSync(join(dist.path, 'transports'));
      for (const f of ['bundle/stdio.cjs', 'server.js', 'transports/stdio.js']) writeFileSync(join(dist.path, f), '');
      writeFileSync(join(dist.path, 'bundle', 'inputs.json'), JSON.stringify(['server.js', 'transports/stdio.js']));
      const at = (f: string, seconds: number) => utimesSync(join(dist.path, f), seconds, seconds);
      at('server.js', 1000);
      at('transports/stdio.js', 1000);
      at('bundle/stdio.cjs', 2000);
      expect(bundleIsCurrent(dist.path)).toBe(true);
      at('transports/stdio.js', 3000);
      expect(bundleIsCurrent(dist.path)).toBe(false);
      expect(bundleIsCurrent(join(dist.path, 'nowhere'))).toBe(false);
    } finally {
      dist.remove();
    }
  });
});
