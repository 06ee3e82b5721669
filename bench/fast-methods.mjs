// The methods step of `npm run bench` on its own, for a quick look while changing the server: raw beside
// gift-genius, every method a host calls, both wires, 50 and 100 connections (lib/methods.mjs), then
// issue 12's PASS/MISS lines; the rows as one JSON line last. Servers on CPU 0, this process on CPU 1.
//   node bench/fast-methods.mjs [seconds=4] [--rounds N] [--sdk] [--no-direct-calls] [--only op,op]
// (`BENCH_ONLY=methods node bench/run.mjs` runs the same with the plain SDK beside and writes bench/results.)
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { comparators, GG_CLI, log, startHttp, TASKSET, tmp } from './lib/common.mjs';

if (TASKSET && !process.env.BENCH_PINNED) {
  const child = spawn(
    TASKSET,
    ['-c', '1', process.execPath, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, BENCH_PINNED: '1' },
    },
  );
  child.on('exit', (code) => process.exit(code ?? 1));
} else {
  const { captureFixtures } = await import('./lib/fixtures.mjs');
  const { METHOD_OPS, methodsWorkload } = await import('./lib/methods.mjs');
  const { evaluateTargets, targetLines } = await import('./lib/report.mjs');
  const argv = process.argv.slice(2);
  const flag = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const duration = Number(argv[0]) || 4;
  const only = flag('--only')?.split(',');
  const fixtures = join(tmp('fx'), 'raw-fixtures.json');
  const ggData = tmp('gg');
  {
    const s = await startHttp([GG_CLI, 'serve', '--data', ggData], { label: 'fixtures' });
    await captureFixtures(s.url, fixtures);
    await s.stop();
  }
  const comps = comparators({ fixtures, ggData });
  const targets = {
    raw: comps.raw.http,
    'gift-genius': [...comps['gift-genius'].http, ...(argv.includes('--no-direct-calls') ? ['--no-direct-calls'] : [])],
    ...(argv.includes('--sdk') ? { sdk: comps.sdk.http } : {}),
  };
  const M = await methodsWorkload(targets, {
    duration,
    rounds: Number(flag('--rounds') ?? 1),
    references: ['sdk'],
    ops: only ? METHOD_OPS.filter((op) => only.includes(op)) : METHOD_OPS,
    log,
  });
  for (const e of M.errors) console.error(e);
  console.log(targetLines(evaluateTargets({ methods: M })).join('\n'));
  const keep = ['comparator', 'wire', 'op', 'connections', 'rps', 'cpuUs', 'rpsX', 'cpuX', 'p50', 'p99', 'errors'];
  const rows = M.rows.map((r) => Object.fromEntries(keep.map((k) => [k, r[k]])));
  console.log(JSON.stringify({ duration, targets, rows }));
  process.exit(0);
}
