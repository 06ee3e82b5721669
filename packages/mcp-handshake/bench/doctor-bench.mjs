#!/usr/bin/env node
// Times full `doctor` runs against a local gift-genius, over stdio and over HTTP.
// Usage: node bench/doctor-bench.mjs [runs=5]   (after `npm run build` at the repo root)
// Prints the median per transport; the targets (issue 11): ≤ 1500 ms over HTTP, ≤ 3000 ms over stdio.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const { doctor } = await import(join(here, '..', 'dist', 'index.js'));
const giftGenius = join(here, '..', '..', 'gift-genius', 'dist', 'cli.js');
if (!existsSync(giftGenius)) throw new Error(`build gift-genius first (${giftGenius} is missing)`);
const runs = Math.max(1, Math.min(50, Number(process.argv[2] ?? 5)));

const dir = mkdtempSync(join(tmpdir(), 'doctor-bench-'));
const seed = join(dir, 'seed.json');
writeFileSync(
  seed,
  JSON.stringify([
    {
      id: 'pour-over-coffee-kit',
      title: 'Pour-over coffee kit',
      description: 'A glass dripper, filters and a gooseneck kettle.',
      price: 45,
      categories: ['kitchen'],
      interests: ['coffee'],
      ageMin: 16,
      ageMax: 99,
      relationships: ['sibling', 'friend', 'parent', 'partner'],
      occasions: ['birthday', 'christmas'],
    },
    {
      id: 'hiking-daypack',
      title: 'Lightweight hiking daypack',
      description: 'A 20-litre packable daypack for day hikes.',
      price: 60,
      categories: ['outdoors'],
      interests: ['hiking', 'travel'],
      ageMin: 12,
      ageMax: 80,
      relationships: ['sibling', 'friend', 'partner', 'child'],
      occasions: ['birthday', 'graduation'],
    },
  ]),
);
const env = { GIFTGEN_SEED_FILE: seed };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time(target) {
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const { report } = await doctor(target, {});
    ms.push(Math.round(performance.now() - t0));
    if (report.exitCode === 2) throw new Error('could not connect');
  }
  return ms;
}

const stdio = await time({
  kind: 'stdio',
  command: process.execPath,
  args: [giftGenius, 'stdio', '--data', join(dir, 'data')],
  env,
});

const server = spawn(process.execPath, [giftGenius, 'serve', '--port', '0', '--data', join(dir, 'data')], {
  env: { ...process.env, ...env },
  stdio: ['ignore', 'ignore', 'pipe'],
});
const url = await new Promise((resolve, reject) => {
  let buf = '';
  const timer = setTimeout(() => reject(new Error('gift-genius did not start')), 15000);
  server.stderr.on('data', (c) => {
    buf += c;
    for (const line of buf.split('\n')) {
      try {
        const e = JSON.parse(line);
        if (e.event === 'listening') {
          clearTimeout(timer);
          resolve(e.url.endsWith('/mcp') ? e.url : `${e.url}/mcp`);
        }
      } catch {}
    }
  });
});
let http;
try {
  http = await time({ kind: 'http', url, headers: {} });
} finally {
  server.kill('SIGTERM');
}
console.log(`doctor against gift-genius, ${runs} runs each`);
console.log(`stdio: median ${median(stdio)} ms  (runs: ${stdio.join(', ')})`);
console.log(`http:  median ${median(http)} ms  (runs: ${http.join(', ')})`);
console.log(
  `targets: stdio ≤ 3000 ms ${median(stdio) <= 3000 ? 'met' : 'MISSED'}, http ≤ 1500 ms ${median(http) <= 1500 ? 'met' : 'MISSED'}`,
);
