/**
 * Host behaviour as data: what a real MCP host (Claude Code, Gemini CLI, ChatGPT…) sends, how long it waits,
 * and what it does with each class of server fault, every fact with its evidence. Pure types; the facts are in
 * one file per host beside this one, the fault classes in fault-classes.ts.
 */
import type { FaultCode } from './fault-classes.js';

export type Transport = 'stdio' | 'http';

/** How a fact is known: measured here (which host version, which command, which test re-measures it) or
 * reported by others (where). */
export type Evidence =
  | {
      basis: 'measured';
      /** The host version the fact was measured on (the pin in scripts/install-hosts.mjs). */
      hostVersion: string;
      /** What was run, as a user would run it (environment noted where it matters). */
      command: string;
      /** The test that measures it again on every run: file › test name. */
      test: string;
    }
  | {
      basis: 'reported';
      /** An issue, a vendor page or a forum thread that says so. */
      url: string;
      /** What the source says, briefly, where the fact is a reading of it. */
      note?: string;
    };

export type Fact<T> = { value: T } & Evidence;

/**
 * What a host does with one server that has a fault, seen from the model's side:
 * - `keeps-all`: every tool of the server reaches the model (the fault is tolerated or not noticed);
 * - `drops-bad-tools`: the offending tools are left out, the server's other tools reach the model;
 * - `drops-all-tools`: the host stays connected (its health check may say so) but none of the server's tools
 *   reach the model;
 * - `drops-server`: the host does not connect, or marks the server failed: no tools;
 * - `drops-session`: the host gives up on the whole session, every other server's tools included.
 */
export type Effect = 'keeps-all' | 'drops-bad-tools' | 'drops-all-tools' | 'drops-server' | 'drops-session';

export interface Reaction {
  effect: Effect;
  /** What the host's health check (`claude mcp list`…) says about the server, where the host has one. */
  health?: 'connected' | 'connected-with-warning' | 'failed';
  /** One line: what the user sees or the host logs, and why. */
  note: string;
}

/** A host's reaction to one fault class, per transport it was observed (or reported) on. */
export type FaultReactions = Partial<Record<Transport, Fact<Reaction>>>;

export interface DiscoverBehaviour {
  /** Sends a 2026-07-28 `server/discover` before (or instead of) `initialize`. */
  probes: boolean;
  /** Transports it probes on. */
  on: Transport[];
  /** What makes it fall back to `initialize`: `-32601`, `http-4xx`, `malformed-result`, `timeout`. */
  fallsBackOn?: string[];
  /** How long it waits for an answer to the probe before falling back, per transport (ms). */
  silentWaitMs?: Partial<Record<Transport, number>>;
  /** How long after the -32601 (or HTTP 4xx) its `initialize` follows (ms, measured upper bound). */
  fallbackWithinMs?: number;
}

/** How long a host waits for a server to start answering (stdio: from spawn to giving up). */
export interface StartupTimeout {
  /** Gives up this long after starting the server (ms); absent when it was still waiting at `atLeastMs`. */
  ms?: number;
  /** Still waiting this long after starting the server (a lower bound, when `ms` is unknown or long). */
  atLeastMs?: number;
  /** Does not wait at all: goes on without a server not ready this long after starting it (and never closes it). */
  omitsAfterMs?: number;
  /** What it does then, in one line. */
  note: string;
}

export interface HostProfile {
  /** Stable key (`claude-code`, `gemini-cli`…). */
  id: string;
  name: string;
  /** Where it runs: a terminal agent, an IDE, a web or desktop app, a developer tool. */
  kind: 'cli' | 'ide' | 'web' | 'desktop' | 'tool';
  /** Runs headless on this machine without an account, so the tests measure it (`false`: facts are reported). */
  measuredHere: boolean;
  /** Why it is not measured here, when it is not. */
  notMeasuredBecause?: string;
  /** The npm package and version measured, for hosts that run here. */
  package?: { name: string; version: string };
  /** `clientInfo.name` values it sends (initialize, or the 2026-07-28 `_meta` clientInfo); `<server>` stands for
   * the name the server has in the host's config. */
  clientNames: Fact<string[]>;
  /** Transports a user can give it a server on. */
  transports: Fact<Array<'stdio' | 'streamable-http' | 'http+sse'>>;
  /** The protocol versions it offers: in `initialize`, and in the 2026-07-28 envelope if it speaks it. */
  versionsOffered: Fact<{ initialize?: string; modern?: string }>;
  discover: Fact<DiscoverBehaviour>;
  /** Its health check, if it has one that connects: the command and the methods it sends. */
  healthCheck?: Fact<{ command: string; sends: string[] }>;
  /** A stdio server that never answers. */
  startupTimeout?: Fact<StartupTimeout>;
  /**
   * Whether it keeps tools marked for the app only (MCP Apps: `_meta.ui.visibility` without "model") from its
   * model, as the extension says; such tools are no fault, so this is not a fault reaction.
   */
  appOnlyTools?: Fact<{ hides: boolean }>;
  /** Reactions to each fault class (fault-classes.ts), by code. */
  faults: Partial<Record<FaultCode, FaultReactions>>;
}
