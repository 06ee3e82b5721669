import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI } from './helpers.js';

/**
 * The README's "Commands" against `--help`, generically: each `### \`command …\`` section, with the
 * common options table above them, must name exactly the options that command's --help lists, and
 * the sections must be exactly the commands --help lists. A new command or option only needs its
 * README section or table row.
 */
const README = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
const IGNORED = new Set(['-h', '--help', '-V', '--version']);
/** Long options, and one-letter short ones (not `-removed` in `+added -removed`). */
const flagsIn = (text: string) =>
  new Set(
    [...text.matchAll(/(?<![\w-])(--[a-zA-Z][\w-]*|-[a-zA-Z](?![\w-]))/g)]
      .map((m) => m[1]!)
      .filter((f) => !IGNORED.has(f)),
  );

const help = (args: string[]) => {
  const r = spawnSync(process.execPath, [CLI, ...args, '--help'], { encoding: 'utf8' });
  expect(r.status).toBe(0);
  return r.stdout;
};
const block = (text: string, name: string) => text.split(new RegExp(`^${name}:$`, 'm'))[1]?.split(/^\S.*:$/m)[0] ?? '';
const helpFlags = (text: string) =>
  flagsIn(
    block(text, 'Options')
      .split('\n')
      .map((l) => /^\s+((?:-[a-zA-Z], )?--?[a-zA-Z][\w-]*)/.exec(l)?.[1] ?? '')
      .join(' '),
  );
const helpCommands = () =>
  block(help([]), 'Commands')
    .split('\n')
    .map((l) => /^\s{2}([a-z][\w-]*)/.exec(l)?.[1])
    .filter((c): c is string => !!c && c !== 'help');

const commandsPart = README.split(/^## Commands$/m)[1]!.split(/^## /m)[0]!;
const [commonPart, ...sectionParts] = commandsPart.split(/^### /m);
const common = flagsIn(commonPart!);
const sections = new Map(sectionParts.map((part) => [/^`([a-z][\w-]*)/.exec(part)![1]!, flagsIn(part)]));
const ownOnly = new Set(
  sectionParts.filter((part) => /Its own options only/.test(part)).map((part) => /^`([a-z][\w-]*)/.exec(part)![1]!),
);

describe('mcp-handshake README: commands and options match --help', () => {
  it('a section per command, and only those', () => {
    expect([...sections.keys()].sort()).toEqual(helpCommands().sort());
  });

  for (const [command, flags] of sections) {
    it(`${command}: the common options and its own are those of --help`, () => {
      // A section that says "Its own options only" documents a command without the common options.
      const expected = ownOnly.has(command) ? flags : new Set([...common, ...flags]);
      expect([...expected].sort()).toEqual([...helpFlags(help([command]))].sort());
    });
  }
});
