#!/usr/bin/env node
// Bounded soak against a local gift-genius: many concurrent real SDK clients (both eras)
// mixing every method for a fixed time, on 127.0.0.1 only. Reports unexpected errors and
// the server's memory in the first and last third of the run.
// Usage: node scripts/soak.mjs [--clients 200] [--seconds 60] [--json]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const CLI = fileURLToPath(new URL('../packages/gift-genius/dist/cli.js', import.meta.url));

export async function soak({
  clients = 200,
  seconds = 60,
  warmupSeconds = Math.max(3, Math.round(seconds / 6)),
  log = (m) => process.stderr.write(`${m}\n`),
} = {}) {
  const data = mkdtempSync(join(tmpdir(), 'gg-soak-'));
  const server = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--data', data, '--max-sessions', String(clients * 2)],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  // Logs are read line by line and only counted: a long soak must not hold them all.
  let head = '';
  let pending = '';
  let errorLines = 0;
  server.stderr.on('data', (d) => {
    if (head.length < 4096) head += d;
    const lines = (pending + d).split('\n');
    pending = lines.pop();
    for (const line of lines) if (/"level":(50|60)/.test(line)) errorLines++;
  });
  const url = await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`server did not start\n${head}`)), 20_000);
    const check = setInterval(() => {
      const m = /"url":"([^"]+)"/.exec(head);
      if (m) clearTimeout(t), clearInterval(check), resolve(m[1]);
    }, 20);
  });
  const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024;
  // Memory is sampled after a warm-up (JIT, heap sizing, connection pools), then compared
  // between the first and last third of the measured window.
  const samples = [];
  const measureFrom = Date.now() + warmupSeconds * 1000;
  const sampler = setInterval(() => Date.now() >= measureFrom && samples.push(rss()), 250);
  const end = measureFrom + seconds * 1000;
  const stats = { calls: 0, sessions: 0, unexpected: [] };
  const ids = JSON.parse(
    readFileSync(fileURLToPath(new URL('../packages/gift-genius/catalog/gifts.json', import.meta.url)), 'utf8'),
  ).map((g) => g.id);
  const pick = (a, i) => a[i % a.length];

  async function loop(n) {
    while (Date.now() < end) {
      const modern = n % 2 === 0;
      const client = new Client(
        { name: `soak-${n}`, version: '1' },
        modern
          ? { versionNegotiation: { mode: { pin: '2026-07-28' } } }
          : { supportedProtocolVersions: [pick(['2025-11-25', '2025-06-18', '2025-03-26'], n)] },
      );
      const transport = new StreamableHTTPClientTransport(new URL(url));
      try {
        await client.connect(transport);
        stats.sessions++;
        for (let i = 0; i < 10 && Date.now() < end; i++) {
          const k = n * 31 + i;
          await client.listTools();
          await client.callTool({
            name: 'suggest_gifts',
            arguments: {
              age: 10 + (k % 70),
              relationship: pick(['sister', 'friend', 'boss', 'grandma'], k),
              budget: 20 + (k % 300),
              interests: [pick(['coffee', 'hiking', 'reading', 'gaming'], k)],
            },
          });
          await client.callTool({ name: 'get_gift', arguments: { id: pick(ids, k) } });
          await client.readResource({ uri: `gift://catalog/${pick(ids, k + 7)}` });
          await client.request({ method: 'resources/list', params: {} });
          await client.getPrompt({
            name: 'greeting_card',
            arguments: { recipient: 'Sam', relationship: 'friend', occasion: 'birthday' },
          });
          await client.complete({
            ref: { type: 'ref/prompt', name: 'greeting_card' },
            argument: { name: 'occasion', value: 'b' },
          });
          stats.calls += 7;
        }
        if (!modern) await transport.terminateSession();
      } catch (error) {
        if (stats.unexpected.length < 20) stats.unexpected.push(String(error?.message ?? error));
        else stats.unexpected.length++;
      } finally {
        await client.close().catch(() => undefined);
      }
    }
  }
  log(`soak: ${clients} clients for ${seconds}s against ${url}`);
  await Promise.all(Array.from({ length: clients }, (_, n) => loop(n)));
  clearInterval(sampler);
  server.kill('SIGTERM');
  const [code] = await new Promise((r) => server.once('exit', (...a) => r(a)));
  rmSync(data, { recursive: true, force: true });
  const third = Math.max(1, Math.floor(samples.length / 3));
  const avg = (a) => a.reduce((x, y) => x + y, 0) / a.length;
  const result = {
    clients,
    seconds,
    warmupSeconds,
    sessions: stats.sessions,
    calls: stats.calls,
    callsPerSecond: Math.round(stats.calls / (seconds + warmupSeconds)),
    unexpectedErrors: stats.unexpected.length,
    errorSamples: stats.unexpected.slice(0, 5),
    rssFirstThirdMb: Math.round(avg(samples.slice(0, third))),
    rssLastThirdMb: Math.round(avg(samples.slice(-third))),
    serverExitCode: code,
    serverErrorLogLines: errorLines,
  };
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, dflt) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : dflt;
  };
  const result = await soak({ clients: arg('clients', 200), seconds: arg('seconds', 60) });
  console.log(JSON.stringify(result, null, 2));
  const grew = result.rssLastThirdMb > result.rssFirstThirdMb * 1.2 + 16;
  if (result.unexpectedErrors > 0 || grew || result.serverExitCode !== 0) {
    console.error(
      `soak FAILED: ${result.unexpectedErrors} unexpected errors; RSS ${result.rssFirstThirdMb} → ${result.rssLastThirdMb} MB; exit ${result.serverExitCode}`,
    );
    process.exit(1);
  }
  console.error(
    `soak passed: ${result.calls} calls, 0 unexpected errors, RSS ${result.rssFirstThirdMb} → ${result.rssLastThirdMb} MB`,
  );
}
