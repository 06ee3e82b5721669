// The methods step (issue 12's throughput targets): every method a host calls in normal use — server/discover,
// tools/list, resources/list, resources/read, prompts/list, prompts/get, tools/call (suggest_gifts, get_gift) —
// on the modern (2026-07-28) and legacy (2025-11-25, one session reused) wires at 50 and 100 connections.
// All servers run at once; each cell is measured for every comparator back to back (a burst of outside load
// hits neighbours alike), `rounds` times, and the row keeps the medians. Beside req/s: the server's CPU time
// per request (utime + stime of all its threads, /proc), which moves much less than req/s on a shared machine.
// Reference comparators (the plain SDK) run one round, on the methods they have (Method not found at warm-up: skipped).
import { loadavg } from 'node:os';
import { OPERATIONS, openLegacySession, procCpuMicros, procMem, ratio, round, startHttp } from './common.mjs';
import { runLoad } from './http-load.mjs';
import { combineRounds } from './rounds.mjs';

export const METHOD_OPS = [
  'server/discover',
  'tools/list',
  'resources/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'suggest_gifts',
  'get_gift',
];
export const isToolCall = (op) => OPERATIONS[op][0] === 'tools/call';
export const methodLabel = (op) => (isToolCall(op) ? `tools/call ${op}` : op);
/** server/discover is the modern era's only; the other methods run on both wires. */
export const onWire = (op, wire) => wire === 'modern' || op !== 'server/discover';

/**
 * @param {Record<string, string[]>} targets comparator name → server argv (raw first: ratios are to it)
 * @param {object} o
 * @param {number} o.duration seconds per load
 * @param {number} [o.rounds] rounds per cell for the measured comparators
 * @param {string[]} [o.references] comparators measured once per cell, on the methods they answer
 * @param {number[]} [o.connections]
 * @param {string[]} [o.ops] keys of OPERATIONS
 * @param {(...a: string[]) => void} [o.log]
 */
export async function methodsWorkload(
  targets,
  { duration, rounds = 1, references = [], connections = [50, 100], ops = METHOD_OPS, log = () => {} },
) {
  const names = Object.keys(targets);
  const servers = {},
    sessions = {},
    errors = [],
    unsupported = {};
  const cells = ['modern', 'legacy'].flatMap((wire) => ops.filter((op) => onWire(op, wire)).map((op) => [wire, op]));
  try {
    for (const name of names) {
      try {
        servers[name] = await startHttp(targets[name], { label: name });
        sessions[name] = (await openLegacySession(servers[name].url)).sessionId;
        // Warm-up (JIT) of every cell; it also tells which methods a reference comparator does not have.
        for (const [wire, op] of cells) {
          const w = await runLoad({
            url: servers[name].url,
            wire,
            op,
            connections: 10,
            duration: Math.min(0.5, duration),
            sessionId: wire === 'legacy' ? sessions[name] : undefined,
          });
          const missing = w.jsonRpcErrors > 0 && w.firstError?.includes('"code":-32601');
          if (missing && references.includes(name)) (unsupported[name] ??= []).push(`${wire} ${op}`);
          else if (!missing)
            await settle(servers[name], {
              wire,
              op,
              sessionId: sessions[name],
              log: (m) => log(`methods ${name} ${m}`),
            });
        }
      } catch (e) {
        errors.push(`methods ${name}: ${e.message.slice(0, 500)}`);
        await servers[name]?.stop();
        delete servers[name];
      }
    }
    const live = names.filter((n) => servers[n]);
    const rows = [];
    for (const [wire, op] of cells) {
      for (const c of connections) {
        const got = Object.fromEntries(live.map((n) => [n, []]));
        for (let r = 0; r < rounds; r++) {
          for (const name of live) {
            if (references.includes(name) && (r > 0 || unsupported[name]?.includes(`${wire} ${op}`))) continue;
            got[name].push(await measure(servers[name], { wire, op, connections: c, duration }, sessions[name]));
            const x = got[name].at(-1);
            log(
              `methods ${name} ${wire} ${op} c=${c}${rounds > 1 ? ` round ${r + 1}/${rounds}` : ''}: ` +
                (x.error
                  ? `FAILED ${x.error}`
                  : `${round(x.rps, 0)} req/s, ${x.cpuUs ?? '?'} µs CPU/request` +
                    `${x.flagged ? ` ⚠ ${x.errors} ERRORS: ${x.firstError}` : ''}`),
            );
          }
        }
        for (const name of live) {
          if (!got[name].length) continue;
          const ok = got[name].filter((x) => !x.error);
          rows.push({
            comparator: name,
            ...(ok.length
              ? combineRounds(ok, {
                  medians: ['rps', 'cpuUs', 'p50', 'p90', 'p99', 'load1'],
                  kept: ['rps', 'cpuUs', 'p50', 'p99', 'errors', 'load1'],
                })
              : got[name][0]),
          });
        }
      }
    }
    for (const r of rows) {
      const base = rows.find(
        (b) => b.comparator === names[0] && b.wire === r.wire && b.op === r.op && b.connections === r.connections,
      );
      r.rawRps = base?.rps;
      r.rawCpuUs = base?.cpuUs;
      r.rpsX = ratio(r.rps, base?.rps);
      r.cpuX = ratio(r.cpuUs, base?.cpuUs);
    }
    const rss = Object.fromEntries(live.map((n) => [n, procMem(servers[n].pid)]));
    return { duration, rounds, connections, references, unsupported, rows, rss, errors };
  } finally {
    for (const s of Object.values(servers)) await s.stop();
  }
}

/*
 * Warm-up to a steady state. A short fixed warm-up measured the JIT, not the server: gift-genius's
 * suggest_gifts took 700–880 µs of CPU per call in its first second under load, 300 in its third and
 * ~130 from about the fifth on (one pinned core, where V8's compiler threads share the server's CPU);
 * its first legacy cell in a run read 0.27× raw where the same cell a minute later reads 0.39×.
 * Every comparator gets the same treatment: half-second slices at 50 connections until two in a row
 * agree on CPU per request within 10 %, at most SETTLE_MAX_SLICES (then it is measured as it is, and logged).
 */
const SETTLE_SLICE_S = 0.5;
const SETTLE_MAX_SLICES = 16;

async function settle(server, { wire, op, sessionId, log }) {
  let last;
  for (let i = 0; i < SETTLE_MAX_SLICES; i++) {
    const x = await measure(server, { wire, op, connections: 50, duration: SETTLE_SLICE_S }, sessionId);
    if (x.error || x.cpuUs == null) return;
    if (last !== undefined && Math.abs(x.cpuUs - last) <= 0.1 * last) return;
    last = x.cpuUs;
  }
  log(
    `${wire} ${op}: CPU per request still moving after ${SETTLE_MAX_SLICES * SETTLE_SLICE_S} s of warm-up (last ${last} µs)`,
  );
}

/** One bounded load with the server's CPU time over it; a load that throws becomes a failed, flagged round. */
async function measure(server, { wire, op, connections, duration }, sessionId) {
  const before = procCpuMicros(server.pid);
  try {
    const r = await runLoad({
      url: server.url,
      wire,
      op,
      connections,
      duration,
      sessionId: wire === 'legacy' ? sessionId : undefined,
    });
    const after = procCpuMicros(server.pid);
    const cpuUs = before != null && after != null && r.requests ? round((after - before) / r.requests, 1) : null;
    return { ...r, rps: round(r.rpsTotal, 1), cpuUs, load1: round(loadavg()[0], 2) };
  } catch (e) {
    return { wire, op, connections, error: e.message, flagged: true };
  }
}
