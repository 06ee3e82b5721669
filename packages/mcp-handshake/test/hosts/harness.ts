/**
 * Drives a real host (Claude Code, Gemini CLI, …) against fault fixtures, headless and without an account:
 * each run gets its own HOME and XDG folders in a temp folder, our tap between host and every server (its
 * transcripts say what the host sent), and a stand-in model API on 127.0.0.1 that records the tools the host
 * hands its model (the real "sees N tools" figure). A driver (drivers/*.ts) knows one host's config files,
 * health check and headless prompt; this file does the rest.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Transcript } from '../../src/types.js';
import { CLI, fixture } from '../helpers.js';
// @ts-expect-error: a plain ES module (the fixture servers and the stand-in model are run as scripts too)
import { startFakeModel } from './fake-model.mjs';

export type Transport = 'stdio' | 'http';

/** One fault fixture as a host is given it: its config name, and how the host reaches it (through the tap). */
export interface ServerEntry {
  /** The name in the host's config (short, [a-z0-9]: hosts build tool names from it). */
  name: string;
  fault: string;
  tag: string;
  transport: Transport;
  /** What tools/list offers, by name (the good tool `echo_<tag>` first); for a real server, read from the tap. */
  offered: string[];
  /** A real server (the corpus), not a fault fixture. */
  real: boolean;
  stdio?: { command: string; args: string[] };
  url?: string;
  /** Where the tap writes (stdio: a folder, one file per process; HTTP: one file). */
  tapOut: string;
}

export interface HostRunContext {
  home: string;
  /** The working folder the host runs in (a project folder inside home, trusted where hosts ask). */
  project: string;
  servers: ServerEntry[];
  modelUrl: string;
  /** PATH for the host: Node 22 first (hosts spawn `node`), then the system's. */
  path: string;
  env: Record<string, string>;
  budgetMs: number;
  /**
   * Keep the host's own connect/start-up timeouts (a timing run measures them). Otherwise a driver raises
   * them to the budget where the host lets it: a batch of servers starting at once on a busy machine must not
   * change what a fault run observes.
   */
  measureTimeouts?: boolean;
}

export interface ProcessResult {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** The run hit its budget and was killed (a hang: reported, never a pass). */
  timedOut: boolean;
}

/** A health check's word on one server: what the host prints (the line, trimmed) and what it means. */
export interface HealthLine {
  status: 'connected' | 'failed' | 'other';
  line: string;
}

export interface HostDriver {
  id: string;
  label: string;
  /** The package and how to run it, from scripts/install-hosts.mjs (undefined: not installed here). */
  locate(): { command: string; args: string[]; version: string } | undefined;
  /** Which transports it can be given a server on. */
  transports: Transport[];
  /** The health check as a user runs it ("claude mcp list"), if the host has one that connects. */
  healthCommand?: string;
  /** Write the host's config (servers, model, trust) into ctx.home / ctx.project. */
  configure(ctx: HostRunContext): void;
  health?(ctx: HostRunContext, run: Runner): Promise<{ result: ProcessResult; lines: Map<string, HealthLine> }>;
  /** One headless prompt against the stand-in model. `statuses`: a per-server status the host reports, if any. */
  session(ctx: HostRunContext, run: Runner): Promise<{ result: ProcessResult; statuses?: Map<string, string> }>;
  /** How the host names a server's tools for its model: the prefix before the tool name ('' for none). */
  toolPrefix(server: string): string;
  /** Where the host's own debug log of this run is, if it writes one (evidence for the report). */
  debugLog?(ctx: HostRunContext): string | undefined;
}

export type Runner = (
  args: string[],
  options?: { env?: Record<string, string>; cwd?: string },
) => Promise<ProcessResult>;

const NODE = process.execPath;
const HOST_FAULTS = fixture('host-faults.mjs');
const HOST_FAULTS_HTTP = fixture('host-faults-http.mjs');

/** Run a process in its own group; past the budget the whole group is killed (hosts leave children). */
export function runProcess(
  command: string,
  args: string[],
  options: { env: Record<string, string>; cwd: string; budgetMs: number; stdin?: string },
): Promise<ProcessResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: options.env,
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout!.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.stdin!.end(options.stdin ?? '');
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, options.budgetMs);
    child.on('error', (error) => (stderr += `\n[spawn error] ${error.message}`));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // Servers a host leaves behind would outlive the test: end the group (it is ours).
      killGroup(child);
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started, timedOut });
    });
  });
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Every HOME this test file made, so its afterAll can check that each went (homesLeft). */
const homesMade = new Set<string>();

/** The HOMEs this test file made that are still on disk (a run that leaks one fills the disk: observe). */
export const homesLeft = (): string[] => [...homesMade].filter((h) => existsSync(h));

/** A fresh HOME with the XDG folders inside it, and a project folder the host runs in. */
export function isolatedHome(prefix: string): { home: string; project: string; env: Record<string, string> } {
  const home = mkdtempSync(join(tmpdir(), `mcp-handshake-${prefix}-`));
  homesMade.add(home);
  const project = join(home, 'project');
  mkdirSync(project, { recursive: true });
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
    TMPDIR: tmpdir(),
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
  };
  return { home, project, env };
}

/** A fixture to give the host: `timingLog` runs it without the tap, logging arrival times (stdio only). */
export interface Wanted {
  /** The fixture case (host-faults.mjs), or a real server's id. */
  fault: string;
  transport: Transport;
  env?: Record<string, string>;
  timingLog?: string;
  /** A real server instead of a fixture: its command (stdio), or the URL it already listens on (HTTP). */
  real?: { command: string; args: string[] } | { url: string };
}

/** Start the servers of one run: stdio ones are commands (tap in front), HTTP ones listen now (tap proxy in front). */
export async function startServers(
  home: string,
  wanted: Wanted[],
  toolsOf: (fault: string, tag: string) => string[],
): Promise<{ servers: ServerEntry[]; stop: () => Promise<void> }> {
  const children: ChildProcess[] = [];
  const servers: ServerEntry[] = [];
  try {
    for (const [i, w] of wanted.entries()) {
      const tag = `k${String(i).padStart(2, '0')}${w.transport === 'http' ? 'h' : 's'}`;
      const name = w.real ? `c${tag.slice(1)}` : `f${tag}`;
      const base = {
        name,
        fault: w.fault,
        tag,
        transport: w.transport,
        offered: w.real ? [] : toolsOf(w.fault, tag),
        real: !!w.real,
      };
      if (w.real) {
        const tapOut = join(home, 'taps', w.transport === 'stdio' ? `${name}/` : `${name}.json`);
        mkdirSync(w.transport === 'stdio' ? tapOut : dirname(tapOut), { recursive: true });
        if ('command' in w.real) {
          const envArgs = Object.entries(w.env ?? {}).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
          servers.push({
            ...base,
            tapOut,
            stdio: {
              command: NODE,
              args: [CLI, 'tap', '--out', tapOut, ...envArgs, '--', w.real.command, ...w.real.args],
            },
          });
        } else {
          const proxy = await startListening(
            NODE,
            [CLI, 'tap', '--listen', '127.0.0.1:0', '--target', w.real.url, '--out', tapOut],
            children,
            /proxy (http:\/\/\S+)/,
          );
          servers.push({ ...base, tapOut, url: proxy });
        }
        continue;
      }
      if (w.transport === 'stdio' && w.timingLog) {
        // No tap: the server's own clock starts at the host's spawn (see HOST_FAULTS_LOG in host-faults.mjs).
        const args = [`HOST_FAULTS_LOG=${w.timingLog}`, ...Object.entries(w.env ?? {}).map(([k, v]) => `${k}=${v}`)];
        servers.push({
          ...base,
          tapOut: '',
          stdio: { command: '/usr/bin/env', args: [...args, NODE, HOST_FAULTS, w.fault, tag] },
        });
        continue;
      }
      if (w.transport === 'stdio') {
        const tapOut = join(home, 'taps', `${name}/`);
        mkdirSync(tapOut, { recursive: true });
        const envArgs = Object.entries(w.env ?? {}).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
        servers.push({
          ...base,
          tapOut,
          stdio: {
            command: NODE,
            args: [CLI, 'tap', '--out', tapOut, ...envArgs, '--', NODE, HOST_FAULTS, w.fault, tag],
          },
        });
        continue;
      }
      const server = await startListening(
        NODE,
        [HOST_FAULTS_HTTP, '--case', w.fault, '--tag', tag],
        children,
        undefined,
        w.timingLog ? { HOST_FAULTS_LOG: w.timingLog } : {},
      );
      const tapOut = join(home, 'taps', `${name}.json`);
      mkdirSync(dirname(tapOut), { recursive: true });
      const proxy = await startListening(
        NODE,
        [CLI, 'tap', '--listen', '127.0.0.1:0', '--target', server, '--out', tapOut],
        children,
        /proxy (http:\/\/\S+)/,
      );
      servers.push({ ...base, tapOut, url: proxy });
    }
  } catch (error) {
    for (const c of children) c.kill('SIGKILL');
    throw error;
  }
  const stop = async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once('exit', () => resolve());
            // SIGTERM first: the tap writes its transcript on the way out.
            c.kill('SIGTERM');
            setTimeout(() => c.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
  };
  return { servers, stop };
}

/** Spawn a process that announces where it listens on stderr; resolve with the URL. No deadline of its own: it
 * either announces or exits (a test's own timeout bounds the wait). */
function startListening(
  command: string,
  args: string[],
  children: ChildProcess[],
  pattern?: RegExp,
  env: Record<string, string> = {},
): Promise<string> {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  children.push(child);
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const url = pattern ? pattern.exec(stderr)?.[1] : /"url":"([^"]+)"/.exec(stderr)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) =>
      reject(new Error(`${args.join(' ')} exited with ${code} before listening: ${stderr}`)),
    );
  });
}

/** The transcripts the tap wrote for one server (stdio: one per process the host started). */
export function transcriptsOf(server: ServerEntry): Transcript[] {
  if (!server.tapOut) return [];
  const files =
    server.transport === 'stdio'
      ? existsSync(server.tapOut)
        ? readdirSync(server.tapOut)
            .filter((f) => f.endsWith('.json'))
            .map((f) => join(server.tapOut, f))
        : []
      : existsSync(server.tapOut)
        ? [server.tapOut]
        : [];
  return files
    .map((f) => JSON.parse(readFileSync(f, 'utf8')) as Transcript)
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

export interface ModelRecord {
  at: number;
  path: string;
  tools?: string[];
}

/** The stand-in model for one run; `requests` fills as the host calls it. */
export async function fakeModel(): Promise<{ url: string; requests: ModelRecord[]; close: () => Promise<void> }> {
  const requests: ModelRecord[] = [];
  const model = (await startFakeModel({ onRequest: (r: ModelRecord) => requests.push(r) })) as {
    url: string;
    close: () => Promise<void>;
  };
  return { url: model.url, requests, close: model.close };
}

export const hostPath = (node22: string | undefined) =>
  [...(node22 ? [dirname(node22)] : []), '/usr/local/bin', '/usr/bin', '/bin'].join(':');
