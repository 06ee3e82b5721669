// Throughput of every method a host calls in normal use, gift-genius beside raw, both wires, 50 and 100
// connections (issue 12's target: each ≥ 0.3× raw, tools/call ≥ 0.4×). One run, servers pinned to CPU 0.
//   node bench/fast-methods.mjs [seconds=4] [--no-direct-calls] [--only op,op]
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  GG_CLI,
  SERVERS,
  TASKSET,
  LEGACY,
  OPERATIONS,
  openLegacySession,
  post,
  rpc,
  modernHeaders,
  startHttp,
  tmp,
} from './lib/common.mjs';
import { captureFixtures } from './lib/fixtures.mjs';

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
  const { runLoad } = await import('./lib/http-load.mjs');
  const duration = Number(process.argv[2] ?? 4) || 4;
  const ggFlags = process.argv.includes('--no-direct-calls') ? ['--no-direct-calls'] : [];
  const EXTRA = ['server/discover', 'resources/list', 'resources/read', 'prompts/list', 'prompts/get'];
  const ops = [
    'server/discover',
    'tools/list',
    'resources/list',
    'resources/read',
    'prompts/list',
    'prompts/get',
    'get_gift',
    'suggest_gifts',
  ];
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : undefined;
  const measured = only ? ops.filter((op) => only.includes(op)) : ops;

  // raw answers with gift-genius's own bytes, the extra methods included.
  const fixtures = join(tmp('fx'), 'raw-fixtures.json');
  const ggData = tmp('gg');
  {
    const s = await startHttp([GG_CLI, 'serve', '--data', ggData], { label: 'fixtures' });
    await captureFixtures(s.url, fixtures);
    const fx = JSON.parse(readFileSync(fixtures, 'utf8'));
    fx.byMethod = { modern: {}, legacy: {} };
    const { sessionId } = await openLegacySession(s.url);
    for (const op of EXTRA) {
      const [method, params, name] = OPERATIONS[op];
      const m = (await post(s.url, rpc(7, method, params), modernHeaders(method, name))).messages.find(
        (x) => x.id === 7,
      );
      const l = (
        await post(s.url, rpc(8, method, params, 'legacy'), {
          'MCP-Protocol-Version': LEGACY,
          'Mcp-Session-Id': sessionId,
        })
      ).messages.find((x) => x.id === 8);
      // server/discover is the modern era's only.
      if (!m?.result || (!l?.result && method !== 'server/discover')) throw new Error(`fixture ${op}: no result`);
      fx.byMethod.modern[method] = m.result;
      if (l?.result) fx.byMethod.legacy[method] = l.result;
    }
    writeFileSync(fixtures, JSON.stringify(fx));
    await s.stop();
  }
  const servers = {
    raw: await startHttp([join(SERVERS, 'raw-http.mjs'), '--fixtures', fixtures], { label: 'raw' }),
    'gift-genius': await startHttp([GG_CLI, 'serve', '--data', ggData, ...ggFlags], { label: 'gift-genius' }),
  };
  const sessions = {};
  for (const [k, s] of Object.entries(servers)) {
    // Warm-up (JIT).
    for (const op of ops) await runLoad({ url: s.url, wire: 'modern', op, connections: 10, duration: 0.5 });
    sessions[k] = (await openLegacySession(s.url)).sessionId;
  }
  const rows = [];
  for (const wire of ['modern', 'legacy']) {
    for (const connections of [50, 100]) {
      for (const op of measured) {
        if (wire === 'legacy' && op === 'server/discover') continue;
        const rps = {};
        for (const [k, s] of Object.entries(servers)) {
          const r = await runLoad({
            url: s.url,
            wire,
            op,
            connections,
            duration,
            sessionId: wire === 'legacy' ? sessions[k] : undefined,
          });
          rps[k] = Math.round(r.rpsTotal);
          if (r.errors) console.error(`${k} ${wire} ${op}: ${r.errors} ERRORS ${r.firstError}`);
        }
        const ratio = Math.round((rps['gift-genius'] / rps.raw) * 1000) / 1000;
        const bar = op === 'get_gift' || op === 'suggest_gifts' ? 0.4 : 0.3;
        rows.push({ wire, connections, op, raw: rps.raw, gg: rps['gift-genius'], ratio, ok: ratio >= bar });
        const cell = `${wire.padEnd(6)} c=${String(connections).padEnd(3)} ${op.padEnd(16)}`;
        const figures = `raw ${String(rps.raw).padStart(6)}  gift-genius ${String(rps['gift-genius']).padStart(6)}`;
        console.log(`${cell} ${figures}  ${ratio.toFixed(3)}× ${ratio >= bar ? 'ok' : `< ${bar}`}`);
      }
    }
  }
  for (const s of Object.values(servers)) await s.stop();
  console.log(JSON.stringify({ duration, ggFlags, rows }));
}
