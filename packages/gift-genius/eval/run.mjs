#!/usr/bin/env node
// Offline evaluation of suggest_gifts (issues 14, 25): a judged request set, gift-genius (the index the server runs,
// over the bundled catalog) beside the keyword baseline, graded by a rubric; and checks computed, not judged.
//   npm run eval                                 the tuning set (this directory), after a build
//   node eval/run.mjs --split DIR                another split instead (e.g. eval/heldout), its figures apart
//   node eval/run.mjs --split DIR --split DIR2   several splits, one table each
//   node eval/run.mjs --pending                  (request, gift) pairs of a split not yet judged, to grade
//   node eval/run.mjs --pending-reasons          gift-genius reasons of a split not yet judged (by any judge)
//   node eval/run.mjs --json                     the figures as JSON
// A split is a directory with requests.jsonl, judgments.tsv (request, gift id, grade 0-3) and one or more reason
// judgment files: reason-judgments.tsv, and reason-judgments.<judge>.tsv for other judges (request, gift id, grade
// 0-2, the exact reason text), graded by the split's RUBRIC*.md. With two judges or more the reason figures are
// given per judge, with their agreement on the reasons both graded.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBundledCatalog } from '../dist/catalog/open.js';
import { GiftIndex } from '../dist/recommend/gift-index.js';
import { baseline } from './baseline.mjs';
import { sameKind, unservedInterests } from './checks.mjs';
import { violations } from './violations.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const splits = [];
let mode;
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--split') {
    const dir = argv[++i];
    if (!dir) fail('--split needs a directory, e.g. --split eval/heldout');
    splits.push({ dir: resolve(dir), name: dir });
  } else if (['--pending', '--pending-reasons', '--json'].includes(argv[i])) mode = argv[i];
  else fail(`unknown argument "${argv[i]}": use --split DIR, --pending, --pending-reasons or --json`);
}
if (splits.length === 0) splits.push({ dir: here, name: 'tuning set' });

function fail(message) {
  console.error(`eval: ${message}`);
  process.exit(2);
}

const catalog = loadBundledCatalog();
const index = GiftIndex.build(catalog);

const tsv = (file) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.trim() && !l.startsWith('#'))
        .map((l) => l.split('\t'))
    : [];

/** A split's requests, judgments and rankings; `name` as the user gave it. */
function loadSplit({ dir, name }) {
  const file = join(dir, 'requests.jsonl');
  if (!existsSync(file)) fail(`${dir} has no requests.jsonl (a split holds requests.jsonl and its judgments)`);
  const requests = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l, n) => {
      try {
        return JSON.parse(l);
      } catch (error) {
        fail(`${file} line ${n + 1} is not JSON: ${error.message}`);
      }
    });
  const grades = new Map(tsv(join(dir, 'judgments.tsv')).map(([r, id, g]) => [`${r}\t${id}`, Number(g)]));
  // Judges: reason-judgments.tsv is the first ("author"), reason-judgments.<name>.tsv each another.
  const judges = readdirSync(dir)
    .map((f) => /^reason-judgments(?:\.([\w-]+))?\.tsv$/.exec(f))
    .filter(Boolean)
    .map((m) => ({
      name: m[1] ?? 'author',
      grades: new Map(tsv(join(dir, m[0])).map(([r, id, g, reason]) => [`${r}\t${id}\t${reason}`, Number(g)])),
    }))
    .sort((a, b) => (a.name === 'author' ? -1 : b.name === 'author' ? 1 : a.name < b.name ? -1 : 1));
  if (judges.length === 0) judges.push({ name: 'author', grades: new Map() });
  const rubrics = readdirSync(dir).filter((f) => /^RUBRIC.*\.md$/.test(f));
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
  return { dir, name, runs, grades, judges, rubrics };
}

const loaded = splits.map(loadSplit);

if (mode === '--pending' || mode === '--pending-reasons') {
  for (const split of loaded) {
    console.log(`# ${split.name} (${split.rubrics.join(', ') || 'no RUBRIC file'})`);
    for (const run of split.runs) {
      const items =
        mode === '--pending'
          ? // In gift-id order: ours first in rank order would tell a blind judge which list an item came from.
            [...new Map([...run.genius, ...run.baseline].map((x) => [x.gift.id, x.gift])).values()]
              .filter((g) => !split.grades.has(`${run.id}\t${g.id}`))
              .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          : run.genius.filter((x) => split.judges.some((j) => !j.grades.has(`${run.id}\t${x.gift.id}\t${x.reason}`)));
      if (!items.length) continue;
      console.log(`## ${run.id} ${JSON.stringify(run.args)}`);
      for (const x of items) {
        const g = x.gift ?? x;
        if (mode === '--pending') console.log(`${g.id} | $${g.price} | ${g.title} | ${g.description.slice(0, 90)}`);
        else {
          const missing = split.judges.filter((j) => !j.grades.has(`${run.id}\t${x.gift.id}\t${x.reason}`));
          const who = split.judges.length > 1 ? ` [${missing.map((j) => j.name).join(', ')}]` : '';
          console.log(`${g.id}\t${x.reason}${who}`);
        }
      }
    }
  }
  process.exit(0);
}

const gain = (g) => 2 ** g - 1;
const dcg = (gs) => gs.reduce((s, g, i) => s + gain(g) / Math.log2(i + 2), 0);

function figures(split, subset, ranker) {
  const { grades, judges } = split;
  let ndcg = 0,
    precise = 0,
    zero = 0,
    slots = 0,
    diversity = 0,
    budgetV = 0,
    excludeV = 0,
    sameKindLists = 0,
    servable = 0,
    unserved = 0;
  const reasons = judges.map(() => ({ sum: 0, n: 0 }));
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
    if (sameKind(list.map((x) => x.gift)).length) sameKindLists++;
    const interests = unservedInterests(
      catalog,
      run.args,
      list.map((x) => x.gift),
    );
    servable += interests.servable;
    unserved += interests.unserved.length;
    for (const x of list) {
      shown.add(x.gift.id);
      const v = violations(x.gift, run.args);
      budgetV += v.budget ? 1 : 0;
      excludeV += v.exclusion ? 1 : 0;
      if (x.reason === undefined) continue;
      judges.forEach((j, k) => {
        const r = j.grades.get(`${run.id}\t${x.gift.id}\t${x.reason}`);
        if (r !== undefined) (reasons[k].sum += r), reasons[k].n++;
      });
    }
  }
  // An empty subset (no few-facts requests) has no rates: NaN, shown as a dash.
  const n = subset.length || Number.NaN;
  const out = {
    'nDCG@5': ndcg / n,
    'precision@5': precise / (slots || Number.NaN),
    'graded 0': zero / (slots || Number.NaN),
  };
  judges.forEach((j, k) => {
    out[judges.length > 1 ? `reason grade (0-2), ${j.name}` : 'reason grade (0-2)'] = reasons[k].n
      ? reasons[k].sum / reasons[k].n
      : Number.NaN;
  });
  Object.assign(out, {
    diversity: diversity / n,
    coverage: shown.size / catalog.length,
    'budget violations': budgetV,
    'exclusion violations': excludeV,
    'lists with two of one kind': sameKindLists,
    'stated interests left out (of servable)': `${unserved} of ${servable}`,
  });
  return out;
}

/** Agreement of each judge with the first on the reasons both graded: exact share, within one grade, Cohen's kappa. */
function agreement(split) {
  const [first, ...others] = split.judges;
  return others.map((j) => {
    const pairs = [];
    for (const [key, a] of first.grades) if (j.grades.has(key)) pairs.push([a, j.grades.get(key)]);
    const n = pairs.length;
    const exact = pairs.filter(([a, b]) => a === b).length;
    const near = pairs.filter(([a, b]) => Math.abs(a - b) <= 1).length;
    // Cohen's kappa over the grades 0, 1, 2.
    let chance = 0;
    for (const grade of [0, 1, 2]) {
      const pa = pairs.filter(([a]) => a === grade).length / (n || 1);
      const pb = pairs.filter(([, b]) => b === grade).length / (n || 1);
      chance += pa * pb;
    }
    const po = exact / (n || 1);
    return {
      judges: `${first.name} / ${j.name}`,
      reasons: n,
      exact: po,
      'within one': near / (n || 1),
      kappa: chance < 1 ? (po - chance) / (1 - chance) : Number.NaN,
      [`mean, ${first.name}`]: n ? pairs.reduce((s, [a]) => s + a, 0) / n : Number.NaN,
      [`mean, ${j.name}`]: n ? pairs.reduce((s, [, b]) => s + b, 0) / n : Number.NaN,
    };
  });
}

const fewFacts = (a) => !a.interests?.length && !a.occasion;
const reports = loaded.map((split) => {
  let unjudged = 0;
  for (const run of split.runs)
    for (const x of new Map([...run.genius, ...run.baseline].map((y) => [y.gift.id, y])).values())
      if (!split.grades.has(`${run.id}\t${x.gift.id}`)) unjudged++;
  const unjudgedReasons = split.judges.map(
    (j) =>
      split.runs.flatMap((r) => r.genius.filter((x) => !j.grades.has(`${r.id}\t${x.gift.id}\t${x.reason}`))).length,
  );
  const few = split.runs.filter((r) => fewFacts(r.args));
  return {
    split: split.name,
    rubric: split.rubrics,
    requests: split.runs.length,
    fewFacts: few.length,
    unjudged,
    unjudgedReasons: Object.fromEntries(split.judges.map((j, k) => [j.name, unjudgedReasons[k]])),
    table: {
      all: { genius: figures(split, split.runs, 'genius'), baseline: figures(split, split.runs, 'baseline') },
      fewFacts: { genius: figures(split, few, 'genius'), baseline: figures(split, few, 'baseline') },
    },
    agreement: agreement(split),
  };
});

if (mode === '--json') {
  console.log(JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2));
} else {
  const counted = (k) => k.includes('violations') || k.startsWith('lists with');
  const fmt = (k, v) => (typeof v === 'string' ? v : Number.isNaN(v) ? '—' : counted(k) ? String(v) : v.toFixed(3));
  for (const r of reports) {
    console.log(
      `Offline evaluation, ${r.split}: ${r.requests} requests (${r.fewFacts} few-facts), catalog of ${catalog.length} items` +
        (r.rubric.length ? `; rubric ${r.rubric.join(', ')}` : ''),
    );
    const reasonsLeft = Object.entries(r.unjudgedReasons)
      .map(([j, n]) => (Object.keys(r.unjudgedReasons).length > 1 ? `${n} (${j})` : String(n)))
      .join(', ');
    console.log(`Pairs not yet judged: ${r.unjudged}; gift-genius reasons not yet judged: ${reasonsLeft}\n`);
    console.log(`| metric | gift-genius | keyword baseline | gift-genius, few facts | baseline, few facts |`);
    console.log(`|---|---|---|---|---|`);
    for (const k of Object.keys(r.table.all.genius))
      console.log(
        `| ${k} | ${fmt(k, r.table.all.genius[k])} | ${k.startsWith('reason') ? '—' : fmt(k, r.table.all.baseline[k])} | ` +
          `${fmt(k, r.table.fewFacts.genius[k])} | ${k.startsWith('reason') ? '—' : fmt(k, r.table.fewFacts.baseline[k])} |`,
      );
    for (const a of r.agreement) {
      console.log(`\nReason judges ${a.judges}: ${a.reasons} reasons graded by both`);
      for (const [k, v] of Object.entries(a))
        if (k !== 'judges' && k !== 'reasons') console.log(`- ${k}: ${fmt(k, v)}`);
    }
    console.log('');
  }
}
