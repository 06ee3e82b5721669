/**
 * The host corpus: real servers from npm (installed by scripts/install-hosts.mjs, outside the repo), each on a
 * transport it offers, started without credentials. What every real host does with each one is written in
 * <id>/expected.json beside this file; test/hosts/corpus-hosts.test.ts drives the hosts and compares.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
// @ts-expect-error: a plain ES module, also run as a script
import { CORPUS_SERVERS, locate } from '../../../scripts/install-hosts.mjs';
import { HERE, ROOT } from '../../helpers.js';
import { freePort } from '../servers.js';

interface Pinned {
  id: string;
  pkg: string;
  version: string;
}

export interface HostCorpusServer {
  id: string;
  /** The npm package (and version) under test. */
  pkg: string;
  transport: 'stdio' | 'http';
  /** stdio: the command a host runs. HTTP: start it now (listening on 127.0.0.1), and how to stop it. */
  stdio?: () => { command: string; args: string[] };
  http?: () => Promise<{ url: string; stop: () => Promise<void> }>;
}

const pinned = (id: string) => (CORPUS_SERVERS as Pinned[]).find((p) => p.id === id)!;
const entry = (id: string): string | undefined => (locate(pinned(id)) as { command: string } | undefined)?.command;
const prefixOf = (id: string): string | undefined => (locate(pinned(id)) as { prefix: string } | undefined)?.prefix;
const node = process.execPath;
/** The stdio server the bridges carry: one from this repo's own dependencies. */
const MEMORY = join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');

/** Whether every package this corpus needs is installed (the tests skip with one line when not). */
export const corpusInstalled = (): string[] =>
  (CORPUS_SERVERS as Pinned[]).filter((p) => !locate(p)).map((p) => `${p.pkg}@${p.version}`);

function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    let done = false;
    child.once('exit', (code) => {
      if (!done) reject(new Error(`exited with ${code} before listening on ${port}: ${output().slice(-1500)}`));
      done = true;
    });
    const attempt = () => {
      if (done) return;
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        done = true;
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

function httpServer(
  id: string,
  pkg: string,
  args: (bin: string, port: number) => string[],
  options: { path?: string; env?: (port: number) => Record<string, string>; host?: string } = {},
): HostCorpusServer {
  return {
    id,
    pkg,
    transport: 'http',
    http: async () => {
      const port = await freePort();
      const child = spawn(node, args(entry(pkg)!, port), {
        env: { ...process.env, ...options.env?.(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (c) => (output += c));
      child.stderr!.on('data', (c) => (output += c));
      await waitForPort(port, child, () => output);
      const stop = () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 3000).unref();
        });
      return { url: `http://${options.host ?? '127.0.0.1'}:${port}${options.path ?? '/mcp'}`, stop };
    },
  };
}

const stdioServer = (id: string, pkg: string, extra: string[] = []): HostCorpusServer => ({
  id,
  pkg,
  transport: 'stdio',
  stdio: () => ({ command: node, args: [entry(pkg)!, ...extra] }),
});

export const HOST_CORPUS: HostCorpusServer[] = [
  stdioServer('context7-stdio', 'context7'),
  httpServer('context7-http', 'context7', (bin, port) => [bin, '--transport', 'http', '--port', String(port)]),
  stdioServer('playwright-stdio', 'playwright', ['--headless']),
  httpServer('playwright-http', 'playwright', (bin, port) => [
    bin,
    '--headless',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
  ]),
  stdioServer('chrome-devtools-stdio', 'chrome-devtools'),
  stdioServer('notion-stdio', 'notion'),
  stdioServer('antv-chart-stdio', 'antv-chart'),
  httpServer('antv-chart-http', 'antv-chart', (bin, port) => [
    bin,
    '--transport',
    'streamable',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
  ]),
  stdioServer('mastra-docs-stdio', 'mastra-docs'),
  stdioServer('code-runner-stdio', 'code-runner'),
  stdioServer('firecrawl-stdio', 'firecrawl'),
  // (firecrawl-mcp's HTTP mode needs FIRECRAWL_API_URL or credentials: it exits without them, so stdio only.)
  httpServer('code-runner-http', 'code-runner', (bin, port) => [bin, '--transport', 'http', '--port', String(port)]),
  stdioServer('pdf-stdio', 'pdf', ['--stdio']),
  httpServer('supergateway-http', 'supergateway', (bin, port) => [
    bin,
    '--stdio',
    `${node} ${MEMORY}`,
    '--outputTransport',
    'streamableHttp',
    '--port',
    String(port),
  ]),
  httpServer('mcp-proxy-http', 'mcp-proxy', (bin, port) => [bin, '--port', String(port), '--', node, MEMORY]),
  {
    ...httpServer(
      'mcp-handler-http',
      'mcp-handler',
      (_bin, port) => [
        join(HERE, 'corpus', 'hosts', 'mcp-handler-server.mjs'),
        prefixOf('mcp-handler')!,
        '--port',
        String(port),
      ],
      { path: '/api/mcp' },
    ),
  },
];
