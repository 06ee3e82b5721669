#!/usr/bin/env node
// The tap's overhead. stdio: round-trip time of one message through `tap` minus direct,
// against a minimal echo server (so the server's own time does not hide the tap's).
// HTTP: requests per second through `tap --listen` vs direct (10 keep-alive connections), against
// the same kind of echo server and against gift-genius (`tools/list`, modern wire).
// Usage: node packages/mcp-handshake/bench/tap-bench.mjs [messages=2000] [seconds=5]
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, '..', 'dist', 'cli.js');
const giftGenius = join(here, '..', '..', 'gift-genius', 'dist', 'cli.js');
const messages = Math.max(100, Number(process.argv[2] ?? 2000));
const seconds = Math.max(1, Number(process.argv[3] ?? 5));
const dir = mkdtempSync(join(tmpdir(), 'tap-bench-'));
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

// A minimal newline-delimited JSON-RPC server: answers every line with an empty result.
const ECHO = [
  "let b='';process.stdin.setEncoding('utf8');process.stdin.on('data',c=>{b+=c;let i;",
  "while((i=b.indexOf('\\n'))>=0){const m=JSON.parse(b.slice(0,i));b=b.slice(i+1);",
  "process.stdout.write(JSON.stringify({jsonrpc:'2.0',id:m.id,result:{}})+'\\n')}})",
].join('');

/** Send `messages` pings one after another; return each round trip in ms (after a warm-up). */
async function roundTrips(args) {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  child.stdout.setEncoding('utf8');
  const times = [];
  let buffer = '';
  let resolveOne;
  child.stdout.on('data', (c) => {
    buffer += c;
    while (buffer.includes('\n')) {
      buffer = buffer.slice(buffer.indexOf('\n') + 1);
      resolveOne();
    }
  });
  for (let i = 0; i < messages + 200; i++) {
    const t0 = performance.now();
    await new Promise((r) => {
      resolveOne = r;
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: i, method: 'ping' })}\n`);
    });
    if (i >= 200) times.push(performance.now() - t0);
  }
  child.stdin.end();
  await new Promise((r) => child.on('close', r));
  return times;
}

const direct = await roundTrips(['-e', ECHO]);
const tapped = await roundTrips([cli, 'tap', '--out', join(dir, 'stdio.json'), '--', process.execPath, '-e', ECHO]);
const stdioRow = {
  messages,
  directP50: pct(direct, 50),
  directP99: pct(direct, 99),
  tapP50: pct(tapped, 50),
  tapP99: pct(tapped, 99),
};

async function startTap(target, name) {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.TAP_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.TAP_PROF] : []),
      cli,
      'tap',
      '--listen',
      '127.0.0.1:0',
      '--target',
      target,
      '--out',
      join(dir, `${name.replace(/\W+/g, '-')}.json`),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  const url = await new Promise((resolve) =>
    child.stderr.on('data', (d) => {
      err += d;
      const m = /proxy (\S+) →/.exec(err);
      if (m) resolve(m[1]);
    }),
  );
  return {
    url,
    stop: () =>
      new Promise((r) => {
        child.once('close', r);
        child.kill('SIGTERM');
      }),
  };
}

/** `connections` keep-alive connections posting `body` back to back for `seconds`; req/s and latency percentiles. */
async function load(url, body, headers, connections) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const h = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'content-length': Buffer.byteLength(body),
    ...headers,
  };
  const times = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = request(url, { method: 'POST', headers: h, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) errors++;
          times.push(performance.now() - t0);
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  const worker = async () => {
    while (performance.now() < until) await one();
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return { rps: times.length / seconds, p50: pct(times, 50), p99: pct(times, 99), errors };
}

async function httpRow(name, url, body, headers = {}) {
  const tap = await startTap(url, name);
  // One connection, one request at a time: the latency the proxy adds to each message.
  const d1 = await load(url, body, headers, 1);
  const p1 = await load(tap.url, body, headers, 1);
  // Ten connections: throughput (on a shared 2-core machine the proxy competes with both ends for CPU).
  const d = await load(url, body, headers, 10);
  const p = await load(tap.url, body, headers, 10);
  await tap.stop();
  const ms = (x) => Number(x.toFixed(3));
  return {
    name,
    sequential: {
      directP50: ms(d1.p50),
      directP99: ms(d1.p99),
      tapP50: ms(p1.p50),
      tapP99: ms(p1.p99),
      addedP50: ms(p1.p50 - d1.p50),
      addedP99: ms(p1.p99 - d1.p99),
    },
    directRps: Math.round(d.rps),
    tapRps: Math.round(p.rps),
    errors: d.errors + p.errors + d1.errors + p1.errors,
  };
}

const echoServer = createServer((req, res) => {
  let b = '';
  req.on('data', (c) => (b += c));
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(b).id, result: {} }));
  });
});
await new Promise((r) => echoServer.listen(0, '127.0.0.1', r));
const echoUrl = `http://127.0.0.1:${echoServer.address().port}/mcp`;
const rows = [await httpRow('echo server', echoUrl, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }))];
echoServer.close();

const seed = join(dir, 'seed.json');
writeFileSync(
  seed,
  JSON.stringify([
    {
      id: 'pour-over-coffee-kit',
      title: 'Pour-over coffee kit',
      description: 'A glass dripper, filters and a kettle.',
      price: 45,
      categories: ['kitchen'],
      interests: ['coffee'],
      ageMin: 16,
      ageMax: 99,
      relationships: ['friend'],
      occasions: ['birthday'],
    },
  ]),
);
const gg = spawn(process.execPath, [giftGenius, 'serve', '--port', '0', '--data', join(dir, 'data')], {
  env: { ...process.env, GIFTGEN_SEED_FILE: seed },
  stdio: ['ignore', 'ignore', 'pipe'],
});
const ggUrl = await new Promise((resolve) => {
  let e = '';
  gg.stderr.on('data', (d) => {
    e += d;
    const m = /"url":"([^"]+)"/.exec(e);
    if (m) resolve(m[1].endsWith('/mcp') ? m[1] : `${m[1].replace(/\/$/, '')}/mcp`);
  });
});
const modern = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/list',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
};
rows.push(
  await httpRow('gift-genius tools/list', ggUrl, JSON.stringify(modern), {
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/list',
  }),
);
gg.kill('SIGTERM');

const f = (x) => x.toFixed(3);
const st = stdioRow;
console.log(
  `stdio, ${messages} sequential pings (ms): direct p50 ${f(st.directP50)} p99 ${f(st.directP99)}; ` +
    `tap p50 ${f(st.tapP50)} p99 ${f(st.tapP99)}; ` +
    `added p50 ${f(st.tapP50 - st.directP50)} p99 ${f(st.tapP99 - st.directP99)}`,
);
for (const r of rows) {
  const q = r.sequential;
  console.log(
    `HTTP ${r.name}, sequential (ms): direct p50 ${q.directP50} p99 ${q.directP99}; ` +
      `tap p50 ${q.tapP50} p99 ${q.tapP99}; added p50 ${q.addedP50} p99 ${q.addedP99}`,
  );
  const ratio = (r.tapRps / r.directRps).toFixed(2);
  console.log(
    `HTTP ${r.name}, 10 connections, ${seconds}s: direct ${r.directRps} req/s; ` +
      `tap ${r.tapRps} req/s (${ratio}× of direct); errors ${r.errors}`,
  );
}
console.log(JSON.stringify({ stdio: stdioRow, http: rows }));
