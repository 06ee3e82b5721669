#!/usr/bin/env node
// Re-renders bench/results/<stem>.md/.svg/-profile.md from <stem>.json (re-reading the .cpuprofile files
// when they still exist), without re-running any load:  node bench/render.mjs bench/results/2026-11-29.json
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { profileFindings } from './lib/findings.mjs';
import { analyzeProfile } from './lib/profile.mjs';
import { evaluateTargets, markdown, profileMarkdown, svg, targetLines } from './lib/report.mjs';

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/render.mjs bench/results/<stem>.json');
const R = JSON.parse(readFileSync(file, 'utf8'));
for (const p of Object.values(R.profile ?? {})) {
  if (p.file && existsSync(p.file)) Object.assign(p, analyzeProfile(p.file));
}
if (R.profile) R.profileFindings = profileFindings(R);
R.targets = evaluateTargets(R);
const stem = file.replace(/\.json$/, '');
writeFileSync(file, `${JSON.stringify(R, null, 2)}\n`);
writeFileSync(`${stem}.md`, `${markdown(R, R.targets)}\n`);
if (R.http?.node20) writeFileSync(`${stem}.svg`, svg(R));
if (R.profile) writeFileSync(`${stem}-profile.md`, `${profileMarkdown(R)}\n`);
process.stdout.write(`${targetLines(R.targets).join('\n')}\n`);
