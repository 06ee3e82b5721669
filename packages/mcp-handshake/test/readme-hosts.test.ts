/** The README's host table is the host data (src/hosts/), word for word: scripts/hosts-table.mjs writes it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostsMarkdown } from '../src/hosts/markdown.js';
import { PKG } from './helpers.js';

describe('README host table', () => {
  it('is what the host data says (node packages/mcp-handshake/scripts/hosts-table.mjs rewrites it)', () => {
    const readme = readFileSync(join(PKG, 'README.md'), 'utf8');
    const block = /<!-- hosts:begin -->\n([\s\S]*?)\n<!-- hosts:end -->/.exec(readme);
    expect(block, 'README.md has a <!-- hosts:begin --> … <!-- hosts:end --> block').not.toBeNull();
    expect(block![1]).toBe(hostsMarkdown());
  });
});
