import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { connectClient } from './clients.js';
import { CLI, type RunningServer, runCli, startHttpCli, tempDir } from './harness.js';

const catalog = loadBundledCatalog();
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A large, valid import file: the real records under new ids. */
function bigCatalogFile(dir: string, items: number): string {
  const gifts = Array.from({ length: items }, (_, i) => {
    const g = catalog[i % catalog.length]!;
    return { ...g, id: `bulk-${i}-${g.id}`.slice(0, 60).replace(/-+$/, ''), title: `${g.title} #${i}`.slice(0, 80) };
  });
  const file = join(dir, `bulk-${items}.json`);
  writeFileSync(file, JSON.stringify(gifts));
  return file;
}

const stats = async (data: string) => JSON.parse((await runCli(['catalog', 'stats', '--json', '--data', data])).stdout);

/** Root can mount a small tmpfs here (the CI machine too); elsewhere the disk-full case is skipped. */
function smallDisk(dir: string, size: string): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    cleanups.push(() => execFileSync('umount', ['-l', dir], { stdio: 'ignore' }));
    return true;
  } catch {
    return false;
  }
}

async function servesReads(server: RunningServer) {
  const conn = await connectClient({ kind: 'v2', version: '2025-11-25' }, { transport: 'http', url: server.url });
  try {
    const result = await conn.client.callTool({
      name: 'suggest_gifts',
      arguments: { age: 30, relationship: 'friend', budget: 60 },
    });
    expect((result.structuredContent as { gifts: unknown[] }).gifts.length).toBeGreaterThan(0);
    const read = await conn.client.readResource({ uri: `gift://catalog/${catalog[0]!.id}` });
    expect(JSON.parse((read.contents[0] as { text: string }).text).id).toBe(catalog[0]!.id);
  } finally {
    await conn.close();
  }
}

describe('faults', () => {
  it('an import killed with SIGKILL halfway leaves the catalog exactly as it was', async () => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const before = await stats(dir.path);
    const file = bigCatalogFile(dir.path, 60_000);
    const child = spawn(process.execPath, [CLI, 'catalog', 'import', file, '--progress', '--data', dir.path], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    const killedMidway = await new Promise<boolean>((resolve) => {
      child.stderr.on('data', (d) => {
        err += d;
        // Several thousand rows are inside the open transaction: kill it now.
        if (/importing (\d{4,}) gifts/.test(err) && child.exitCode === null) {
          child.kill('SIGKILL');
          resolve(true);
        }
      });
      child.once('exit', () => resolve(false));
    });
    await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
    expect(killedMidway, `import finished before it could be killed:\n${err}`).toBe(true);
    expect(child.signalCode).toBe('SIGKILL');
    expect(await stats(dir.path)).toEqual(before);
  }, 60_000);

  it('a full disk: the import fails with a clear error, changes nothing, and the server keeps serving reads', async (ctx) => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const data = join(dir.path, 'small-disk');
    if (!smallDisk(data, '3m')) return ctx.skip(); // needs root to mount a tmpfs
    const server = await startHttpCli({ dataDir: data });
    cleanups.push(() => server.stop());
    const before = await stats(data);
    const result = await runCli(['catalog', 'import', bigCatalogFile(dir.path, 20_000), '--data', data]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Nothing was imported: the catalog could not be written \(.*(full|disk).*\)/i);
    expect(await stats(data)).toEqual(before);
    await servesReads(server);
  }, 60_000);

  it('a read-only catalog file: the import fails clearly and the server keeps serving reads', async (ctx) => {
    const dir = tempDir();
    cleanups.push(dir.remove);
    const server = await startHttpCli({ dataDir: dir.path });
    cleanups.push(() => server.stop());
    const db = join(dir.path, 'giftgen.sqlite');
    try {
      execFileSync('chattr', ['+i', db], { stdio: 'ignore' }); // root ignores file modes; the immutable flag it does not
    } catch {
      return ctx.skip();
    }
    cleanups.push(() => execFileSync('chattr', ['-i', db], { stdio: 'ignore' }));
    const file = join(dir.path, 'one.json');
    writeFileSync(file, JSON.stringify([{ ...catalog[0]!, price: catalog[0]!.price + 1 }]));
    const result = await runCli(['catalog', 'import', file, '--data', dir.path]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/readonly|read-only|not permitted|unable to open/i);
    await servesReads(server);
  }, 60_000);
});
