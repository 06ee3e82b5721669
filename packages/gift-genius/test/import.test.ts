import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { giftsToCsv } from '../dist/catalog/parse.js';
import { CLI, runCli, tempDir } from './harness.js';

/** `catalog import` on files an operator (or an attacker) hands it: bounded memory, regular files only, a size cap. */
const catalog = loadBundledCatalog();
const dirs: Array<{ remove: () => void }> = [];
const dir = () => {
  const d = tempDir();
  dirs.push(d);
  return d.path;
};
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

const stats = async (data: string) => JSON.parse((await runCli(['catalog', 'stats', '--json', '--data', data])).stdout);

/** `items` valid records under new ids, written as JSON or CSV. */
function bulkFile(folder: string, items: number, format: 'json' | 'csv' = 'json'): string {
  const gifts = Array.from({ length: items }, (_, i) => {
    const g = catalog[i % catalog.length]!;
    return { ...g, id: `bulk-${i}-${g.id}`.slice(0, 60).replace(/-+$/, ''), title: `${g.title} #${i}`.slice(0, 80) };
  });
  const file = join(folder, `bulk-${items}.${format}`);
  writeFileSync(file, format === 'json' ? JSON.stringify(gifts) : giftsToCsv(gifts));
  return file;
}

/** The CLI under a heap limit: an import that holds the whole file (~18× its size) cannot finish under it. */
async function importWithHeap(heapMiB: number, args: string[]) {
  const child = spawn(process.execPath, [`--max-old-space-size=${heapMiB}`, CLI, 'catalog', 'import', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

describe('catalog import streams', () => {
  it.each(['json', 'csv'] as const)(
    'a %s file of 40,000 gifts imports under a 48 MiB heap',
    async (format) => {
      const data = dir();
      const file = bulkFile(dir(), 40_000, format);
      const result = await importWithHeap(48, [file, '--data', data]);
      expect(result.code, result.stderr.slice(-2000)).toBe(0);
      expect(result.stdout).toContain('Imported 40000 gifts: 40000 added');
      expect((await stats(data)).items).toBe(catalog.length + 40_000);
    },
    120_000,
  );

  it('names every bad row (duplicates by their first row) and writes nothing', async () => {
    const data = dir();
    const file = join(dir(), 'bad.json');
    const rows = [
      catalog[0],
      { ...catalog[1], price: -5 },
      catalog[2],
      catalog[0],
      { ...catalog[4], id: 'Not A Slug' },
    ];
    writeFileSync(file, JSON.stringify(rows));
    const before = await stats(data);
    const result = await runCli(['catalog', 'import', file, '--data', data]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`row 2 (${catalog[1]!.id}): price`);
    expect(result.stderr).toContain(`row 4 (${catalog[0]!.id}): id: duplicates row 1`);
    expect(result.stderr).toContain('row 5 (Not A Slug)');
    expect(result.stderr).toContain('Nothing was imported: 3 problems');
    expect(await stats(data)).toEqual(before);
  });

  it('"Imported 1 gift", not "1 gifts"', async () => {
    const data = dir();
    const file = join(dir(), 'one.json');
    writeFileSync(file, JSON.stringify([{ ...catalog[0]!, id: 'just-one' }]));
    const result = await runCli(['catalog', 'import', file, '--data', data]);
    expect(result.stdout).toMatch(/^Imported 1 gift: 1 added/);
  });

  it('refuses what is not a regular file (a device, a FIFO) at once, without reading it', async () => {
    const data = dir();
    const zero = await runCli(['catalog', 'import', '/dev/zero', '--format', 'csv', '--data', data]);
    expect(zero.code).toBe(1);
    expect(zero.stderr).toContain(
      '/dev/zero is a device: give the path of a JSON or CSV catalog file (a regular file)',
    );
    const fifo = join(dir(), 'gifts.csv');
    execFileSync('mkfifo', [fifo]);
    const piped = await runCli(['catalog', 'import', fifo, '--data', data]);
    expect(piped.code).toBe(1);
    expect(piped.stderr).toContain(`${fifo} is a pipe (FIFO)`);
  });

  it('refuses a file over --max-file-size unread, naming its size and the option', async () => {
    const data = dir();
    const file = bulkFile(dir(), 5_000);
    const result = await runCli(['catalog', 'import', file, '--max-file-size', '1', '--data', data]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /is \d+ MiB, over the import limit of 1 MiB: split it, or raise the limit with --max-file-size/,
    );
  });

  it('reads a ;-separated CSV (a spreadsheet in a comma-decimal locale), and names missing columns', async () => {
    const data = dir();
    const file = join(dir(), 'semicolons.csv');
    const gift = { ...catalog[0]!, id: 'semicolon-gift' };
    writeFileSync(file, giftsToCsv([gift], ';'));
    const result = await runCli(['catalog', 'import', file, '--data', data]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Imported 1 gift');
    const wrong = join(dir(), 'wrong.csv');
    writeFileSync(wrong, 'name;cost\nA mug;12\n');
    const refused = await runCli(['catalog', 'import', wrong, '--data', data]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('the header lacks the columns id, title, description, price');
    expect(refused.stderr).not.toContain('expected string, received undefined');
  });

  it('Ctrl-C during an import ends with a line saying nothing was imported, and writes nothing', async () => {
    const data = dir();
    const before = await stats(data);
    const file = bulkFile(dir(), 60_000);
    const child = spawn(process.execPath, [CLI, 'catalog', 'import', file, '--progress', '--data', data], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let interrupted = false;
    child.stderr.on('data', (d) => {
      stderr += d;
      if (!interrupted && /importing \d{4,} gifts/.test(stderr)) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(interrupted, stderr).toBe(true);
    expect(code).toBe(130);
    expect(stderr.trimEnd().split('\n').at(-1)).toBe('Interrupted: nothing was imported; the catalog is as it was.');
    expect(await stats(data)).toEqual(before);
  }, 60_000);
});

describe('the catalog path', () => {
  it('a symlink at the catalog file is refused, and a dangling one creates nothing at its target', async () => {
    const data = dir();
    const target = join(dir(), 'elsewhere.sqlite');
    symlinkSync(target, join(data, 'giftgen.sqlite'));
    for (const args of [
      ['catalog', 'stats', '--data', data],
      ['serve', '--port', '0', '--data', data],
    ]) {
      const result = await runCli(args);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `gift-genius: the catalog file ${join(data, 'giftgen.sqlite')} is a symbolic link`,
      );
      expect(existsSync(target)).toBe(false);
    }
  });
});
