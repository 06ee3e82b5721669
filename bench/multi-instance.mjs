#!/usr/bin/env node
/**
 * Throughput of gift-genius as two instances behind HAProxy vs one, on one Postgres.
 * Not a test: it prints req/s and the ratio. Loopback only; bounded in time.
 *
 *   npm run build && node bench/multi-instance.mjs [--duration 10] [--connections 32]
 *
 * Needs Postgres (DATABASE_URL or GIFTGEN_TEST_DATABASE_URL; otherwise it runs
 * scripts/postgres.sh) and HAProxy (`apt-get install haproxy`). Both arms go through the
 * same HAProxy, one with backend A only and one with A and B, so the ratio measures the
 * second instance, not the proxy hop. A direct run against A is printed for reference.
 *
 * The request is a modern (2026-07-28) stateless tools/call suggest_gifts: CPU-bound
 * ranking over the in-memory catalog snapshot, so the database is not on the hot path.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(root, 'packages/gift-genius/dist/cli.js');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const DURATION = arg('duration', 10);
const CONNECTIONS = arg('connections', 32);

const children = [];
const tmp = mkdtempSync(join(tmpdir(), 'gg-bench-'));
let dropDb = async () => undefined;

async function cleanup() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  await dropDb().catch(() => undefined);
  rmSync(tmp, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function database() {
  let base = process.env.DATABASE_URL || process.env.GIFTGEN_TEST_DATABASE_URL;
  if (!base)
    base = execFileSync('bash', [join(root, 'scripts/postgres.sh')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim();
  const name = `giftgen_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropDb = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function instance(databaseUrl, port) {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', String(port), '--data', join(tmp, `data-${port}`)], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let err = '';
  child.stderr.on('data', (d) => (err = (err + d).slice(-4000))); // keep draining: pino writes synchronously
  const end = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited:\n${err}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {}
    if (Date.now() > end) throw new Error(`instance on ${port} did not start:\n${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function haproxy(frontends) {
  const cfg = join(tmp, 'haproxy.cfg');
  const blocks = frontends.map(
    ({ port, servers }, i) => `
frontend f${i}
    bind 127.0.0.1:${port}
    default_backend b${i}
backend b${i}
    balance roundrobin
    stick-table type string len 64 size 100k expire 30m
    stick match req.hdr(mcp-session-id)
    stick store-response res.hdr(mcp-session-id)
${servers.map((p, j) => `    server s${j} 127.0.0.1:${p}`).join('\n')}`,
  );
  writeFileSync(
    cfg,
    `global
    nbthread 1
    maxconn 4096
defaults
    mode http
    timeout connect 2s
    timeout client 1h
    timeout server 1h
    option http-keep-alive
${blocks.join('\n')}
`,
  );
  execFileSync('haproxy', ['-c', '-q', '-f', cfg], { stdio: 'inherit' });
  const child = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  for (const { port } of frontends) {
    for (let i = 0; ; i++) {
      try {
        await fetch(`http://127.0.0.1:${port}/healthz`);
        break;
      } catch {
        if (i > 50) throw new Error('haproxy did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }
}

const body = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: {
    name: 'suggest_gifts',
    arguments: { age: 35, relationship: 'sister', budget: 80, interests: ['coffee', 'hiking'], occasion: 'birthday' },
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});
const headers = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'suggest_gifts',
};

async function check(url) {
  const response = await fetch(url, { method: 'POST', headers, body });
  const text = await response.text();
  if (response.status !== 200 || !text.includes('Gift ideas'))
    throw new Error(`unexpected answer from ${url}: ${response.status} ${text.slice(0, 300)}`);
}

async function measure(label, url) {
  await check(url);
  await autocannon({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: 2 }); // warm-up (JIT, pools)
  const r = await autocannon({ url, method: 'POST', headers, body, connections: CONNECTIONS, duration: DURATION });
  const bad = r.non2xx + r.errors + r.timeouts;
  console.log(
    `${label.padEnd(34)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   ${bad ? `${bad} errors` : 'no errors'}`,
  );
  return r.requests.average;
}

try {
  const databaseUrl = await database();
  const [pa, pb, p1, p2] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  await Promise.all([instance(databaseUrl, pa), instance(databaseUrl, pb)]);
  await haproxy([
    { port: p1, servers: [pa] },
    { port: p2, servers: [pa, pb] },
  ]);
  console.log(
    `gift-genius multi-instance bench: ${cpus().length} cores, ${CONNECTIONS} connections, ${DURATION}s per run, modern tools/call suggest_gifts`,
  );
  const direct = await measure('1 instance, direct', `http://127.0.0.1:${pa}/mcp`);
  const one = await measure('1 instance behind HAProxy', `http://127.0.0.1:${p1}/mcp`);
  const two = await measure('2 instances behind HAProxy', `http://127.0.0.1:${p2}/mcp`);
  console.log(
    `ratio 2 instances / 1 instance (both via HAProxy): ${(two / one).toFixed(2)}x   (vs direct: ${(two / direct).toFixed(2)}x)`,
  );
} finally {
  await cleanup();
}
