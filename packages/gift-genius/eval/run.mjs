#!/usr/bin/env node
// Offline evaluation of suggest_gifts (issue 14): the judged request set, gift-genius (the index the server
// runs, over the bundled catalog) beside the keyword baseline, graded by RUBRIC.md.
//   npm run eval                      the table (after a build)
//   node eval/run.mjs --pending       the (request, gift) pairs not yet judged, to grade
//   node eval/run.mjs --pending-reasons   gift-genius reasons not yet judged
//   node eval/run.mjs --json          the figures as JSON
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { baseline } from './baseline.mjs';
import { violations } from './violations.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const catalog = loadBundledCatalog();
const _byId = new Map(catalog.map((g) => [g.id, g]));
const requests = readFileSync(join(here, 'requests.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));
const tsv = (file) => {
  try {
    return readFileSync(join(here, file), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split('\t'));
  } catch {
    return [];
  }
};
const grades = new Map(tsv('judgments.tsv').map(([r, id, g]) => [`${r}\t${id}`, Number(g)]));
const reasonGrades = new Map(
  tsv('reason-judgments.tsv').map(([r, id, g, reason]) => [`${r}\t${id}\t${reason}`, Number(g)]),
);

const index = GiftIndex.build(catalog);
const fewFacts = (a) => !a.interests?.length && !a.occasion;
const runs = requests.map(({ id, args }) => {
  const ranking = index.rank({ ...args, count: 5 });
  return {
    id,
    args,
    genius: ranking.gifts.map((g) => ({ gift: g.gift, reason: g.reason })),
    unmet: ranking.unmet,
    baseline: baseline(catalog, args).map((gift) => ({ gift })),
  };
});

const mode = process.argv[2];
if (mode === '--pending' || mode === '--pending-reasons') {
  for (const run of runs) {
    const items =
      mode === '--pending'
        ? [...new Map([...run.genius, ...run.baseline].map((x) => [x.gift.id, x.gift])).values()].filter(
            (g) => !grades.has(`${run.id}\t${g.id}`),
          )
        : run.genius.filter((x) => !reasonGrades.has(`${run.id}\t${x.gift.id}\t${x.reason}`));
    if (!items.length) continue;
    console.log(`## ${run.id} ${JSON.stringify(run.args)}`);
    for (const x of items) {
      const g = x.gift ?? x;
      console.log(
        mode === '--pending'
          ? `${g.id} | $${g.price} | ${g.title} | ${g.description.slice(0, 90)}`
          : `${g.id}\t${x.reason}`,
      );
    }
  }
  process.exit(0);
}

const gain = (g) => 2 ** g - 1;
const dcg = (gs) => gs.reduce((s, g, i) => s + gain(g) / Math.log2(i + 2), 0);
let unjudged = 0,
  unjudgedReasons = 0;
function figures(subset, ranker) {
  let ndcg = 0,
    precise = 0,
    zero = 0,
    slots = 0,
    diversity = 0,
    reasons = 0,
    reasonCount = 0,
    budgetV = 0,
    excludeV = 0;
  const shown = new Set();
  for (const run of subset) {
    const list = run[ranker];
    const g = list.map((x) => grades.get(`${run.id}\t${x.gift.id}`) ?? 0);
    const pool = new Map();
    for (const x of [...run.genius, ...run.baseline]) pool.set(x.gift.id, grades.get(`${run.id}\t${x.gift.id}`) ?? 0);
    const ideal = dcg([...pool.values()].sort((a, b) => b - a).slice(0, 5));
    ndcg += ideal > 0 ? dcg(g) / ideal : 1;
    precise += g.filter((x) => x >= 2).length;
    zero += g.filter((x) => x === 0).length;
    slots += 5;
    diversity += list.length ? new Set(list.map((x) => x.gift.categories[0])).size / list.length : 0;
    for (const x of list) {
      shown.add(x.gift.id);
      const v = violations(x.gift, run.args);
      budgetV += v.budget ? 1 : 0;
      excludeV += v.exclusion ? 1 : 0;
      if (x.reason !== undefined) {
        const r = reasonGrades.get(`${run.id}\t${x.gift.id}\t${x.reason}`);
        if (r === undefined) ranker === 'genius' && subset === runs && unjudgedReasons++;
        else (reasons += r), reasonCount++;
      }
    }
  }
  const n = subset.length;
  return {
    'nDCG@5': ndcg / n,
    'precision@5': precise / slots,
    'graded 0': zero / slots,
    'reason grade (0-2)': reasonCount ? reasons / reasonCount : NaN,
    diversity: diversity / n,
    coverage: shown.size / catalog.length,
    'budget violations': budgetV,
    'exclusion violations': excludeV,
  };
}
for (const run of runs)
  for (const x of [...new Map([...run.genius, ...run.baseline].map((y) => [y.gift.id, y])).values()]) {
    if (!grades.has(`${run.id}\t${x.gift.id}`)) unjudged++;
  }
const few = runs.filter((r) => fewFacts(r.args));
const table = {
  all: { genius: figures(runs, 'genius'), baseline: figures(runs, 'baseline') },
  fewFacts: { genius: figures(few, 'genius'), baseline: figures(few, 'baseline') },
};
if (mode === '--json') {
  console.log(
    JSON.stringify({ requests: runs.length, fewFacts: few.length, unjudged, unjudgedReasons, table }, null, 2),
  );
} else {
  const fmt = (k, v) => (Number.isNaN(v) ? '—' : k.includes('violations') ? String(v) : v.toFixed(3));
  console.log(
    `Offline evaluation: ${runs.length} requests (${few.length} few-facts), catalog of ${catalog.length} items`,
  );
  console.log(`Pairs not yet judged: ${unjudged}; gift-genius reasons not yet judged: ${unjudgedReasons}\n`);
  console.log(`| metric | gift-genius | keyword baseline | gift-genius, few facts | baseline, few facts |`);
  console.log(`|---|---|---|---|---|`);
  for (const k of Object.keys(table.all.genius)) {
    console.log(
      `| ${k} | ${fmt(k, table.all.genius[k])} | ${fmt(k, table.all.baseline[k])} | ` +
        `${fmt(k, table.fewFacts.genius[k])} | ${fmt(k, table.fewFacts.baseline[k])} |`,
    );
  }
}
