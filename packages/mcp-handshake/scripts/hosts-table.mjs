#!/usr/bin/env node
// Writes the host table of README.md (between <!-- hosts:begin --> and <!-- hosts:end -->) from the host data in
// src/hosts/ (built: dist/hosts/markdown.js). test/readme-hosts.test.ts fails when the two differ.
//   npm run build -w packages/mcp-handshake && node packages/mcp-handshake/scripts/hosts-table.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostsMarkdown } from '../dist/hosts/markdown.js';

const readme = join(dirname(fileURLToPath(import.meta.url)), '..', 'README.md');
const text = readFileSync(readme, 'utf8');
const re = /(<!-- hosts:begin -->\n)[\s\S]*?(\n<!-- hosts:end -->)/;
if (!re.test(text)) {
  console.error(`${readme}: no <!-- hosts:begin --> … <!-- hosts:end --> block to write the table into`);
  process.exit(2);
}
writeFileSync(
  readme,
  text.replace(re, (_, a, b) => `${a}${hostsMarkdown()}${b}`),
);
console.log(`${readme}: host table written`);
