/**
 * One host, several fault fixtures at once: the health check (if the host has one) against fresh servers, then
 * a headless session against fresh servers, each phase recorded by its own taps. What comes back per fixture is
 * an Observation: what the health check printed, which of its tools the model was handed, and what the host
 * sent (from the tap transcripts).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Effect } from '../../src/hosts/types.js';
import { runPassive } from '../../src/report/check-report.js';
import type { Transcript } from '../../src/types.js';
// @ts-expect-error: a plain ES module (fixtures are run as scripts too)
import { toolsOf } from '../fixtures/host-faults.mjs';
import { node22 } from './drivers/installed.js';
import {
  fakeModel,
  type HealthLine,
  type HostDriver,
  type HostRunContext,
  hostPath,
  isolatedHome,
  type ProcessResult,
  runProcess,
  type ServerEntry,
  startServers,
  type Transport,
  transcriptsOf,
  type Wanted,
} from './harness.js';

export interface WireSummary {
  clientNames: string[];
  /** initialize params.protocolVersion values, in order. */
  initializeVersions: string[];
  /** The 2026-07-28 envelope's protocolVersion values (server/discover and modern requests), in order. */
  modernVersions: string[];
  /** The methods the host sent, in order, each once. */
  methods: string[];
  discoverProbed: boolean;
  /** ms from the server/discover request to the initialize that followed it (the fallback), if any. */
  discoverFallbackMs?: number;
  /** ms from the host's first message to it closing stdin or signalling the server (stdio), if it did. */
  closedAfterMs?: number;
  processes: number;
}

export interface Observation {
  host: string;
  hostVersion: string;
  fault: string;
  transport: Transport;
  server: string;
  offered: string[];
  health?: HealthLine;
  /** The per-server status the session itself reported (Claude Code's stream-json init), if any. */
  sessionStatus?: string;
  /** Model-facing names of this server's tools in the host's first request to the model. */
  toolsSeen: string[];
  goodSeen: boolean;
  effect: Effect;
  healthWire?: WireSummary;
  sessionWire: WireSummary;
  /** `check`'s findings on the tap's transcripts of the session (severity, party, code, message). */
  checked: string[];
  hostOutput: string;
  /** The host never spoke to this server in its batch; this is a session with the server alone (observeBatch). */
  reobservedAlone?: boolean;
}

export interface HostRun {
  host: string;
  version: string;
  health?: ProcessResult;
  session: ProcessResult;
  modelRequests: number;
  /** Each model request: its path and the tools it carried (evidence, and for a reader of a failure). */
  modelLog: Array<{ path: string; tools?: string[] }>;
  observations: Observation[];
  /** The tail of the host's own debug log, if it writes one. */
  debugLog?: string;
}

const norm = (s: string) => s.replace(/[^A-Za-z0-9]/g, '_').toLowerCase();
const belongs = (tool: string, tag: string) => new RegExp(`(^|_)${tag}(_|$)`).test(norm(tool));

export function summarize(transcripts: Transcript[]): WireSummary {
  const s: WireSummary = {
    clientNames: [],
    initializeVersions: [],
    modernVersions: [],
    methods: [],
    discoverProbed: false,
    processes: transcripts.length,
  };
  const add = (list: string[], v: unknown) => typeof v === 'string' && !list.includes(v) && list.push(v);
  for (const t of transcripts) {
    let first: number | undefined;
    let discoverAt: number | undefined;
    for (const e of t.events) {
      const m = e.message as { method?: unknown; params?: Record<string, unknown> } | undefined;
      if (e.dir === 'out' && e.kind === 'message' && m && typeof m.method === 'string') {
        first ??= e.at;
        add(s.methods, m.method);
        const meta = (m.params?._meta ?? {}) as Record<string, unknown>;
        add(s.modernVersions, meta['io.modelcontextprotocol/protocolVersion']);
        add(s.clientNames, (meta['io.modelcontextprotocol/clientInfo'] as { name?: unknown } | undefined)?.name);
        if (m.method === 'server/discover') {
          s.discoverProbed = true;
          discoverAt ??= e.at;
        }
        if (m.method === 'initialize') {
          s.initializeVersions.push(String(m.params?.protocolVersion));
          add(s.clientNames, (m.params?.clientInfo as { name?: unknown } | undefined)?.name);
          if (discoverAt !== undefined && s.discoverFallbackMs === undefined) s.discoverFallbackMs = e.at - discoverAt;
        }
      }
      if (e.dir === 'local' && /host closed stdin|passing SIG/.test(e.note ?? '') && first !== undefined)
        s.closedAfterMs ??= e.at - first;
    }
  }
  return s;
}

/** The tool names a server's tools/list answers carried (every page), from the tap's transcripts. */
function offeredIn(transcripts: Transcript[]): string[] {
  const names = new Set<string>();
  for (const t of transcripts) {
    const listIds = new Set(
      t.events
        .filter((e) => e.dir === 'out' && (e.message as { method?: string } | undefined)?.method === 'tools/list')
        .map((e) => JSON.stringify((e.message as { id?: unknown }).id)),
    );
    for (const e of t.events) {
      const m = e.message as { id?: unknown; result?: { tools?: Array<{ name?: unknown }> } } | undefined;
      if (e.dir === 'in' && m?.result?.tools && listIds.has(JSON.stringify(m.id)))
        for (const tool of m.result.tools) if (typeof tool?.name === 'string') names.add(tool.name);
    }
  }
  return [...names];
}

function effectOf(
  o: { offered: string[]; toolsSeen: string[]; goodSeen: boolean; real?: boolean },
  connected: boolean | undefined,
  modelCalled: boolean,
): Effect {
  // The host never asked its model anything: it gave up on the session (or broke; the witness tells).
  if (!modelCalled) return 'drops-session';
  if (o.toolsSeen.length === 0) return connected ? 'drops-all-tools' : 'drops-server';
  if (o.real) return o.toolsSeen.length >= o.offered.length ? 'keeps-all' : 'drops-bad-tools';
  const badOffered = new Set(o.offered.slice(1).map(norm)).size;
  const badSeen = o.toolsSeen.length - (o.goodSeen ? 1 : 0);
  return o.goodSeen && badSeen >= badOffered ? 'keeps-all' : 'drops-bad-tools';
}

export interface ObserveOptions {
  /** Budget for one host process (a hang past it is reported as one, never a pass). */
  budgetMs: number;
  env?: Record<string, string>;
  /** Skip the health check (a timing run needs only the session). */
  noHealth?: boolean;
  /** Keep the host's own timeouts (HostRunContext.measureTimeouts). */
  measureTimeouts?: boolean;
}

export async function observe(driver: HostDriver, wanted: Wanted[], options: ObserveOptions): Promise<HostRun> {
  const where = driver.locate();
  if (!where)
    throw new Error(`${driver.label} is not installed: node packages/mcp-handshake/scripts/install-hosts.mjs`);
  const { home, project, env } = isolatedHome(driver.id);
  const model = await fakeModel();
  const baseEnv = { ...env, PATH: hostPath(node22()), ...options.env };
  const runPhase = async (phase: 'health' | 'session') => {
    const { servers, stop } = await startServers(join(home, 'taps', phase), wanted, toolsOf);
    const ctx: HostRunContext = {
      home,
      project,
      servers,
      modelUrl: model.url,
      path: baseEnv.PATH,
      env: baseEnv,
      budgetMs: options.budgetMs,
      measureTimeouts: options.measureTimeouts,
    };
    const run = (args: string[], o: { env?: Record<string, string>; cwd?: string } = {}) =>
      runProcess(where.command, [...where.args, ...args], {
        env: o.env ?? baseEnv,
        cwd: o.cwd ?? project,
        budgetMs: options.budgetMs,
      });
    driver.configure(ctx);
    try {
      if (phase === 'health') return { servers, out: await driver.health!(ctx, run) };
      return { servers, out: await driver.session(ctx, run) };
    } finally {
      await stop();
    }
  };
  try {
    const health = driver.health && !options.noHealth ? await runPhase('health') : undefined;
    const session = await runPhase('session');
    const sessionOut = session.out as Awaited<ReturnType<HostDriver['session']>>;
    // A real server's tools are what its tools/list answered (the tap saw it); a model tool is the server's by
    // the host's prefix for it, or (a host without prefixes) by the tool's own name.
    for (const s of session.servers) if (s.real) s.offered = offeredIn(transcriptsOf(s));
    const mine = (t: string, s: ServerEntry) => {
      if (!s.real) return belongs(t, s.tag);
      const prefix = driver.toolPrefix(s.name);
      return prefix ? t.startsWith(prefix) : s.offered.some((o) => norm(o) === norm(t));
    };
    const firstWithTools =
      model.requests.find((r) => r.tools?.some((t) => session.servers.some((s) => mine(t, s)))) ??
      model.requests.find((r) => r.tools !== undefined);
    const modelCalled = firstWithTools !== undefined;
    const observations = session.servers.map((s: ServerEntry, i: number): Observation => {
      const toolsSeen = (firstWithTools?.tools ?? []).filter((t) => mine(t, s));
      const goodSeen = s.real ? toolsSeen.length > 0 : toolsSeen.some((t) => norm(t).endsWith(norm(s.offered[0])));
      const h = health
        ? (health.out as { lines: Map<string, HealthLine> }).lines.get(health.servers[i].name)
        : undefined;
      const sessionStatus = sessionOut.statuses?.get(s.name);
      const transcripts = transcriptsOf(s);
      const sessionWire = summarize(transcripts);
      // What `check` says of the host's session as the tap recorded it (issue 21: real-host transcripts as data).
      const checked = transcripts.flatMap((t) =>
        runPassive(t).findings.map((f) => `${f.severity} ${f.party ?? 'server'} ${f.code}: ${f.message}`),
      );
      // Connected: the health check says so, or the session's own status does, or the host asked for tools.
      const connected =
        h?.status === 'connected' ||
        sessionStatus === 'connected' ||
        (h === undefined && sessionStatus === undefined && sessionWire.methods.some((m) => m === 'tools/list'));
      const o = { offered: s.offered, toolsSeen, goodSeen, real: s.real };
      return {
        host: driver.id,
        hostVersion: where.version,
        fault: s.fault,
        transport: s.transport,
        server: s.name,
        offered: s.offered,
        ...(h && { health: h }),
        ...(sessionStatus && { sessionStatus }),
        toolsSeen,
        goodSeen,
        effect: effectOf(o, connected, modelCalled),
        ...(health && { healthWire: summarize(transcriptsOf(health.servers[i])) }),
        sessionWire,
        checked,
        hostOutput: `${sessionOut.result.stdout}\n${sessionOut.result.stderr}`.slice(-4000),
      };
    });
    return {
      host: driver.id,
      version: where.version,
      ...(health && { health: (health.out as { result: ProcessResult }).result }),
      session: sessionOut.result,
      modelRequests: model.requests.length,
      modelLog: model.requests.map((r) => ({ path: r.path, ...(r.tools && { tools: r.tools }) })),
      observations,
      debugLog: tailOf(
        driver.debugLog?.({
          home,
          project,
          servers: session.servers,
          modelUrl: model.url,
          path: '',
          env: baseEnv,
          budgetMs: 0,
        }),
      ),
    };
  } finally {
    await model.close();
    // The HOME goes with the run: a host unpacks itself into it (Copilot CLI: 235 MB), and a run of the
    // matrix starts dozens. What a reader of a failure needs is in the HostRun (output, wire, debug log's tail).
    rmSync(home, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** The last part of a host's debug log, read before its HOME is removed. */
function tailOf(file: string | undefined): string | undefined {
  if (!file || !existsSync(file)) return undefined;
  return readFileSync(file, 'utf8').slice(-8000);
}

/**
 * A batch observed, with every server the host never listed tools from observed again on its own. A host that
 * connects its servers in the background (Copilot CLI, Continue) may ask its model before a slow-to-start server of
 * a busy batch is contacted or listed; such an observation says nothing about the server's tools,
 * so it is replaced by a session with that server alone — a measurement, not a retry of a verdict. Batches whose
 * servers are judged together (a witness beside faults at connect) are left as observed.
 */
export async function observeBatch(driver: HostDriver, wanted: Wanted[], options: ObserveOptions): Promise<HostRun> {
  const run = await observe(driver, wanted, options);
  if (wanted.length < 2) return run;
  // Never listed and nothing seen: the host asked its model before it got to this server (or the fault stopped it:
  // then the server alone shows the same, at the cost of one more session).
  const silent = run.observations.flatMap((o, i) =>
    // A session the host gave up on as a whole (drops-session) is the batch's reaction, kept as observed.
    !o.sessionWire.methods.includes('tools/list') && o.toolsSeen.length === 0 && o.effect !== 'drops-session'
      ? [i]
      : [],
  );
  for (const i of silent) {
    const alone = await observe(driver, [wanted[i]!], options);
    run.observations[i] = { ...alone.observations[0]!, reobservedAlone: true };
  }
  return run;
}
