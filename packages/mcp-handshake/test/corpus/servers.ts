/**
 * The real-world corpus: servers from npm (and small servers written with the frameworks
 * developers use), each on the transports it offers. How to start each one lives here;
 * what the doctor must conclude about each lives in expected.json beside it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: a plain ES module, also run as a script
import { INSTALL_COMMAND, locateTool, TOOLS } from '../../scripts/install-hosts.mjs';
import type { Target } from '../../src/target.js';
import { fixture, ROOT } from '../helpers.js';

export interface CorpusServer {
  id: string;
  /** Set when a package it needs is not installed: what is missing and the command that installs it. */
  missing?: string;
  /** Start it (HTTP: listening on 127.0.0.1) and say how to reach it. */
  start(): Promise<{ target: Target; stop: () => Promise<void> }>;
}

const npmBin = (pkg: string) => join(ROOT, 'node_modules', '@modelcontextprotocol', pkg, 'dist', 'index.js');
const corpus = (file: string) => fixture(join('corpus', file));
const node = process.execPath;

function stdio(id: string, args: string[], env: Record<string, string> = {}): CorpusServer {
  return {
    id,
    start: async () => ({ target: { kind: 'stdio', command: node, args, env }, stop: async () => undefined }),
  };
}

/** A port nobody listens on right now (for servers that only take a fixed PORT). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Spawn an HTTP server and wait until it prints `{"event":"listening","url":…}` on
 * stderr, or (for servers that print something else) until `ready` matches a line.
 */
function http(
  id: string,
  args: (port: number) => string[],
  options: { env?: (port: number) => Record<string, string>; ready?: RegExp; path?: string } = {},
): CorpusServer {
  return {
    id,
    start: async () => {
      const port = await freePort();
      const child = spawn(node, args(port), {
        env: { ...process.env, ...options.env?.(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${id} did not start in 20 s: ${output}`)), 20_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString('utf8');
          const announced = /\{"event":"listening","url":"([^"]+)"\}/.exec(output)?.[1];
          if (announced || options.ready?.test(output)) {
            clearTimeout(timer);
            resolve(announced ?? `http://127.0.0.1:${port}${options.path ?? '/mcp'}`);
          }
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
        child.once('exit', (code) => reject(new Error(`${id} exited with ${code}: ${output}`)));
      });
      const stop = () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const kill = setTimeout(() => child.kill('SIGKILL'), 3000);
          child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill('SIGTERM');
        });
      return { target: { kind: 'http', url, headers: {} }, stop };
    },
  };
}

/**
 * fastmcp and mcp-use live in scripts/install-hosts.mjs's cache (they need Node >= 22 to install without engine
 * warnings); the fixture imports the module file given in `envVar`. Absent: the server is listed with `missing`.
 */
function fromCache(
  toolId: string,
  envVar: string,
  server: (env: Record<string, string>) => CorpusServer,
): CorpusServer {
  const found = locateTool(toolId) as { command: string } | undefined;
  if (found) return server({ [envVar]: found.command });
  const pinned = (TOOLS as Array<{ id: string; pkg: string; version: string }>).find((t) => t.id === toolId)!;
  return { ...server({}), missing: `${pinned.pkg}@${pinned.version} is not installed: ${INSTALL_COMMAND}` };
}

const scratch = () => mkdtempSync(join(tmpdir(), 'mcp-handshake-corpus-'));

export const CORPUS: CorpusServer[] = [
  stdio('server-everything/stdio', [npmBin('server-everything'), 'stdio']),
  http('server-everything/streamableHttp', () => [npmBin('server-everything'), 'streamableHttp'], {
    env: (port) => ({ PORT: String(port) }),
    ready: /listening on port/i,
  }),
  http('server-everything/sse', () => [npmBin('server-everything'), 'sse'], {
    env: (port) => ({ PORT: String(port) }),
    ready: /running on port/i,
    path: '/sse',
  }),
  stdio('server-memory/stdio', [npmBin('server-memory')], { MEMORY_FILE_PATH: join(scratch(), 'memory.jsonl') }),
  {
    id: 'server-filesystem/stdio',
    start: async () => {
      const dir = scratch();
      writeFileSync(join(dir, 'hello.txt'), 'hello');
      return stdio('server-filesystem/stdio', [npmBin('server-filesystem'), dir]).start();
    },
  },
  stdio('server-sequential-thinking/stdio', [npmBin('server-sequential-thinking')]),
  stdio('sdk1/stdio', [fixture('sdk1-server.mjs')]),
  http('sdk1/http-stateless', (port) => [corpus('sdk1-http.mjs'), 'stateless', '--port', String(port)]),
  http('sdk1/http-sessions', (port) => [corpus('sdk1-http.mjs'), 'sessions', '--port', String(port)]),
  http('sdk2/createMcpHandler', (port) => [corpus('sdk2-handler.mjs'), '--port', String(port)]),
  fromCache('fastmcp', 'FASTMCP_MODULE', (env) => stdio('fastmcp/stdio', [corpus('fastmcp-server.mjs'), 'stdio'], env)),
  fromCache('fastmcp', 'FASTMCP_MODULE', (env) =>
    http('fastmcp/httpStream', (port) => [corpus('fastmcp-server.mjs'), 'httpStream', '--port', String(port)], {
      env: () => env,
    }),
  ),
  stdio('tmcp/stdio', [corpus('tmcp-server.mjs'), 'stdio']),
  http('tmcp/http', (port) => [corpus('tmcp-server.mjs'), 'http', '--port', String(port)]),
  fromCache('mcp-use', 'MCP_USE_MODULE', (env) =>
    http('mcp-use/http', (port) => [corpus('mcp-use-server.mjs'), '--port', String(port)], { env: () => env }),
  ),
];
