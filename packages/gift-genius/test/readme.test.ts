import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { type RunningServer, runCli, startHttpCli, tempDir, waitFor } from './harness.js';

/**
 * What the root README says about gift-genius, checked against the program: the CLI block against
 * `--help` (generic: each `gift-genius <command> …` line, with its indented continuation lines, must
 * name exactly the options that command's --help lists, and the block must name every command), the
 * catalog's counts against the data, and the /healthz fields against a running server. A new option
 * or command only needs its README line.
 */
const README = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
const IGNORED = new Set(['-h', '--help', '-V', '--version']);

/** `-p, --port` → ['-p', '--port'], from text (README line or help output). */
const flagsIn = (text: string) =>
  new Set([...text.matchAll(/(?<![\w-])(--?[a-zA-Z][a-zA-Z-]*)/g)].map((m) => m[1]!).filter((f) => !IGNORED.has(f)));

function readmeCommands(): Map<string, Set<string>> {
  const block = README.split(/^## CLI$/m)[1]!.split('```')[1]!;
  const commands = new Map<string, string>();
  let current: string | undefined;
  for (const line of block.split('\n')) {
    const start = /^gift-genius((?: [a-z]+)+)(.*)$/.exec(line);
    if (start) {
      current = start[1]!.trim();
      commands.set(current, start[2]!);
    } else if (current && /^\s+\S/.test(line)) commands.set(current, commands.get(current)! + line);
  }
  return new Map([...commands].map(([name, text]) => [name, flagsIn(text.replace(/\([^)]*environment\)/g, ''))]));
}

/** The option part of `--help` output: lines under "Options:" up to the next heading. */
async function helpOf(command: string[]): Promise<string> {
  const { stdout, code } = await runCli([...command, '--help']);
  expect(code).toBe(0);
  return stdout;
}
const section = (help: string, name: string) =>
  help.split(new RegExp(`^${name}:$`, 'm'))[1]?.split(/^\S.*:$/m)[0] ?? '';
/** Option names as help lists them (the first column only, not the words describing them). */
const helpFlags = (help: string) =>
  flagsIn(
    section(help, 'Options')
      .split('\n')
      .map((l) => /^\s+((?:-[a-zA-Z], )?--?[a-zA-Z][\w-]*)/.exec(l)?.[1] ?? '')
      .join(' '),
  );
const subcommandsOf = (help: string) =>
  section(help, 'Commands')
    .split('\n')
    .map((l) => /^\s{2}([a-z][\w-]*)/.exec(l)?.[1])
    .filter((c): c is string => !!c && c !== 'help');

/** Every leaf command of the program, found by walking --help. */
async function programCommands(prefix: string[] = []): Promise<string[][]> {
  const subs = subcommandsOf(await helpOf(prefix));
  if (subs.length === 0) return [prefix];
  return (await Promise.all(subs.map((s) => programCommands([...prefix, s])))).flat();
}

describe('README: the CLI block matches --help', () => {
  it('names every command, and only those', async () => {
    const commands = (await programCommands()).map((c) => c.join(' '));
    expect([...readmeCommands().keys()].sort()).toEqual(commands.sort());
  });

  for (const [command, flags] of readmeCommands()) {
    it(`gift-genius ${command}: the options of --help`, async () => {
      expect([...flags].sort()).toEqual([...helpFlags(await helpOf(command.split(' ')))].sort());
    });
  }
});

describe('README: figures about the catalog and /healthz', () => {
  it('the catalog counts are those of the data', () => {
    const gifts = loadBundledCatalog();
    const distinct = (key: 'categories' | 'relationships' | 'occasions' | 'interests') =>
      new Set(gifts.flatMap((g) => g[key])).size;
    const sentence = `${gifts.length} real gift ideas`;
    expect(README).toContain(sentence);
    expect(README).toContain(
      `(${distinct('categories')} categories, ${distinct('relationships')} relationships, ${distinct('occasions')} occasions, ${distinct('interests')} interests;`,
    );
  });

  let server: RunningServer;
  beforeAll(async () => {
    server = await startHttpCli();
  });
  afterAll(() => server?.stop());

  it('/healthz has the fields the README lists', async () => {
    const listed = /`GET \/healthz`: `\{ (.+?) \}`/.exec(README)![1]!;
    const shape = (text: string) =>
      text
        .replace(/\{[^}]*\}/g, '')
        .split(',')
        .map((s) => s.replace(/:.*/, '').trim())
        .filter(Boolean);
    const nested = /catalog: \{ ([^}]+) \}/
      .exec(listed)![1]!
      .split(',')
      .map((s) => s.trim());
    const body = (await (await fetch(new URL('/healthz', server.url))).json()) as Record<string, unknown> & {
      catalog: Record<string, unknown>;
    };
    expect(shape(listed).sort()).toEqual(Object.keys(body).sort());
    expect(nested.sort()).toEqual(Object.keys(body.catalog).sort());
  });
});

describe('README: the host configs a reader meets first run from this checkout', () => {
  const section = README.split(/^## Connecting a host$/m)[1]!.split(/^## /m)[0]!;
  const blocks = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  const root = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');

  it('the first two are Claude Desktop and VS Code configs', () => {
    expect(Object.keys(blocks[0]!)).toEqual(['mcpServers']);
    expect(Object.keys(blocks[1]!)).toEqual(['servers']);
  });

  for (const [i, key] of [
    [0, 'mcpServers'],
    [1, 'servers'],
  ] as const) {
    it(`config ${i + 1} (${key}) starts and answers initialize and tools/list`, async () => {
      const entry = (blocks[i]![key] as Record<string, { command: string; args: string[] }>)['gift-genius']!;
      const args = entry.args.map((a) => a.replace('/path/to/giftgen', root));
      const home = tempDir();
      // As a host runs it: from / , with a HOME of its own (the catalog goes to the user's data folder).
      const child = spawn(entry.command === 'node' ? process.execPath : entry.command, args, {
        cwd: '/',
        env: { ...process.env, HOME: home.path, XDG_DATA_HOME: '', GIFTGEN_DATA_DIR: '' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'readme', version: '1' } },
      };
      child.stdin.write(
        `${JSON.stringify(initialize)}\n{"jsonrpc":"2.0","method":"notifications/initialized"}\n{"jsonrpc":"2.0","id":2,"method":"tools/list"}\n`,
      );
      try {
        const lines = await waitFor(
          'both answers',
          () => {
            const l = out.split('\n').filter(Boolean);
            return l.length >= 2 ? l.map((x) => JSON.parse(x)) : undefined;
          },
          20_000,
        );
        expect(lines[0].result.serverInfo.name).toBe('gift-genius');
        expect(lines[1].result.tools.map((t: { name: string }) => t.name)).toContain('suggest_gifts');
      } finally {
        child.stdin.end();
        if (child.exitCode === null) await once(child, 'exit');
        home.remove();
      }
    });
  }
});
