/**
 * Real hosts against real npm servers (the host corpus, test/corpus/hosts/): every installed host is given all
 * stdio servers in one session and all HTTP servers in another, and what reaches its model is compared with
 * each server's expected.json (effect and tool count, per host, each with its reason). Host connect timeouts are
 * raised to the batch's budget where a host lets them be, so a busy machine slowing nine starts at once does not
 * change what is observed; what each host does with a slow start is measured by real-hosts.test.ts (start-up/*).
 * MCP_HANDSHAKE_HOSTS_RECORD=<file> writes the observations (to update expected.json).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpusInstalled, HOST_CORPUS, type HostCorpusServer } from '../corpus/hosts/servers.js';
import { HERE } from '../helpers.js';
import { DRIVERS } from './drivers/index.js';
import { homesLeft } from './harness.js';
import { type HostRun, type Observation, observeBatch } from './observe.js';
import { pool } from './pool.js';

interface Expected {
  what: string;
  hosts: Record<string, { effect: string; tools: number; why: string }>;
}
const selected = process.env.MCP_HANDSHAKE_HOSTS?.split(',').map((s) => s.trim());
const RECORD = process.env.MCP_HANDSHAKE_HOSTS_RECORD_CORPUS;
const drivers = DRIVERS.filter((d) => d.locate() && (!selected || selected.includes(d.id)));
const missing = corpusInstalled();
const expectedOf = (id: string): Expected =>
  JSON.parse(readFileSync(join(HERE, 'corpus', 'hosts', id, 'expected.json'), 'utf8')) as Expected;
// One host batch at a time: nine heavy servers start at once in each.
const cpu = pool(1);
/** A hang guard: nine servers start at once, each in up to ~10 s on a quiet machine; hosts wait up to 60 s. */
const GUARD_MS = 400_000;
const recorded: Observation[] = [];

async function runBatch(
  driverId: string,
  transport: 'stdio' | 'http',
): Promise<{ run: HostRun; servers: HostCorpusServer[] }> {
  const driver = drivers.find((d) => d.id === driverId)!;
  const servers = HOST_CORPUS.filter((s) => s.transport === transport);
  const started = await Promise.all(servers.map((s) => (s.http ? s.http() : Promise.resolve(undefined))));
  try {
    const run = await observeBatch(
      driver,
      servers.map((s, i) => ({
        fault: s.id,
        transport,
        real: s.stdio ? s.stdio() : { url: started[i]!.url },
      })),
      { budgetMs: GUARD_MS },
    );
    return { run, servers };
  } finally {
    await Promise.all(started.map((s) => s?.stop()));
  }
}

describe.skipIf(missing.length > 0 || drivers.length === 0)('real hosts against the npm host corpus', () => {
  afterAll(() => {
    if (RECORD) writeFileSync(RECORD, JSON.stringify(recorded, null, 2));
    expect(homesLeft(), 'host HOMEs left on disk after their runs').toEqual([]);
  });

  it('every corpus server has its expected.json, with a reason per host', () => {
    for (const s of HOST_CORPUS) {
      const e = expectedOf(s.id);
      expect(e.what.length, `${s.id}/expected.json what`).toBeGreaterThan(10);
      for (const [host, v] of Object.entries(e.hosts)) expect(v.why.length, `${s.id} ${host} why`).toBeGreaterThan(20);
    }
  });

  const jobs = new Map<string, Promise<{ run: HostRun; servers: HostCorpusServer[] }>>();
  const job = (host: string, transport: 'stdio' | 'http') => {
    const key = `${host} ${transport}`;
    if (!jobs.has(key))
      jobs.set(
        key,
        cpu(() => runBatch(host, transport)),
      );
    return jobs.get(key)!;
  };
  for (const driver of drivers)
    for (const transport of driver.transports) {
      it(`${driver.label} ${driver.locate()!.version}: the ${transport} servers`, async () => {
        // Queue every host's batches at once: the pool runs two at a time.
        for (const d of drivers) for (const t of d.transports) job(d.id, t);
        const { run } = await job(driver.id, transport);
        recorded.push(...run.observations);
        // Every mismatch of the batch, not only the first: one run says everything that changed.
        const differ: string[] = [];
        for (const o of run.observations) {
          const e = expectedOf(o.fault).hosts[driver.id];
          const did = `${driver.label} ${o.hostVersion} did ${o.effect} with ${o.toolsSeen.length}/${o.offered.length} tools${o.reobservedAlone ? ' (observed alone)' : ''}`;
          if (RECORD && !e) continue;
          if (!e) differ.push(`test/corpus/hosts/${o.fault}/expected.json has no entry for ${driver.id}; ${did}`);
          else if (o.effect !== e.effect || o.toolsSeen.length !== e.tools)
            differ.push(
              `test/corpus/hosts/${o.fault}/expected.json ${driver.id}: ${e.effect} with ${e.tools} tools expected (${e.why}); ${did}`,
            );
        }
        expect(differ).toEqual([]);
      }, 1_800_000);
    }
});

describe.skipIf(missing.length === 0)('the npm host corpus is not installed here', () => {
  it.skip(`${missing.join(', ')}: node packages/mcp-handshake/scripts/install-hosts.mjs --only corpus`, () => {});
});
