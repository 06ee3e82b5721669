import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type ClientCapabilities,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import type { GiftGenApp } from '../app.js';
import { isJsonObject, type JsonObject } from '../json-object.js';
import { MODERN_PROTOCOL_VERSION } from '../primitives/lane.js';
import { widgetResource } from '../widget/meta.js';
import type { SdkAnswer } from './dispatch.js';
import { type Answer, type KeptAnswers, messagesOf, resultOf } from './kept.js';
import { type Era, EraMemo, readPlainRequest, type SessionView } from './plain-request.js';
import { messageJson } from './serialized-response.js';
import { CHECKED_SDK_VERSION, keyOf, type TableEntry } from './table.js';

export interface CheckOptions {
  app: GiftGenApp;
  table: readonly TableEntry[];
  kept: KeptAnswers;
  sessions?: SessionView;
  sdkAnswer: SdkAnswer;
  /** Opens a legacy session the SDK's way (initialize, then initialized) for the check; its id. */
  openSession?(protocolVersion: string, capabilities: ClientCapabilities): Promise<string | undefined>;
  closeSession?(sessionId: string): Promise<void>;
  /** The installed SDK's version (tests pass another to see every entry switched off). */
  installedSdkVersion?: string;
}

export interface SdkCheck {
  /** Methods whose entry answers as the SDK does: the dispatcher serves only these. */
  readonly enabled: ReadonlySet<string>;
  /** Checks every entry not yet decided; those the SDK could not answer yet are checked again later. */
  run(): Promise<string[]>;
  close(): void;
}

/** The revisions a legacy check session is opened at: the oldest and the latest, so a key that forgets the revision shows. */
const CHECK_VERSIONS = ['2024-11-05', '2025-11-25'];

/**
 * Whatever the table copies of the SDK, checked against the installed SDK before it serves, entry by
 * entry, tool calls included: every canned request of an entry goes both ways, on every era it has (on
 * legacy sessions opened at two revisions with each canned set of capabilities), all through one scratch
 * memo, so a key that misses something the answer depends on (the session's capabilities, the revision,
 * a param) serves one request another's answer and shows. An entry whose answers differ is switched off
 * with one warning naming it (`fast_method_disabled`); so is every entry when the installed SDK is not
 * the version the table was checked against (table.ts: CHECKED_SDK_VERSION).
 */
export function createSdkCheck(options: CheckOptions): SdkCheck {
  const { app, table } = options;
  const enabled = new Set<string>();
  const decided = new Set<string>();
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const disable = (method: string, reason: string) => {
    decided.add(method);
    app.log.warn({ event: 'fast_method_disabled', method, reason }, `fast path disabled for ${method}`);
  };

  /** Why the entry's answers are not the SDK's; 'pending' when the SDK could not answer (a store not open yet). */
  const checkEntry = async (entry: TableEntry): Promise<string | undefined> => {
    const sample = {
      giftId: app.giftIds[0] ?? 'none',
      otherGiftId: app.giftIds[1] ?? 'none',
      widgetUri: widgetResource().uri,
    };
    const scratch = new Map<string, Answer>();
    const eras = new EraMemo();
    let n = 0;
    for (const era of entry.eras) {
      const versions = era === 'legacy' && options.sessions ? CHECK_VERSIONS : [undefined];
      for (const version of versions) {
        for (const canned of entry.canned(sample)) {
          const id = `startup-check-${++n}`;
          const params = era === 'modern' ? { ...canned.params, _meta: envelope(canned.capabilities) } : canned.params;
          const body = { jsonrpc: '2.0', id, method: entry.method, params };
          const sessionId = version ? await options.openSession!(version, canned.capabilities) : undefined;
          if (version && !sessionId) return 'pending'; // no session to check with (at the session limit): again later
          try {
            const headers = {
              ...cannedHeaders(era, entry.method, canned.params),
              ...(sessionId && { 'mcp-session-id': sessionId, 'mcp-protocol-version': version! }),
            };
            const req = { headers, method: 'POST', url: '/mcp' } as unknown as IncomingMessage;
            const text = JSON.stringify(body);
            const sdk = () => options.sdkAnswer(era, webRequestOf(headers, text), body);
            const request = readPlainRequest(req, body, eras, options.sessions);
            if (!request) return 'the table does not take its canned request';
            const expected = await sdk().then(
              async (r) => (entry.call ? messagesOf(r) : resultOf(await messagesOf(r), id, r.status)),
              () => undefined,
            );
            if (expected === undefined || (Array.isArray(expected) && expected.length === 0)) return 'pending';
            let got: unknown;
            if (entry.call) {
              const prepared = entry.call(app, request);
              if (!prepared) return 'the table does not take its canned request';
              got = (await prepared.run()).map((m) => JSON.parse(messageJson(m)));
            } else {
              const key = keyOf(entry, request);
              const answer = key === undefined ? undefined : await options.kept.get(key, id, sdk, scratch);
              if (!answer) return 'no kept answer to its canned request';
              got = JSON.parse(answer.text);
            }
            if (!jsonEqual(got, expected)) return 'answers differ from the SDK';
          } finally {
            if (sessionId) await options.closeSession!(sessionId).catch(() => undefined);
          }
        }
      }
    }
    return undefined;
  };

  const run = async (): Promise<string[]> => {
    const disabled: string[] = [];
    const installed = options.installedSdkVersion ?? installedSdkVersion();
    let again = false;
    for (const entry of table) {
      if (decided.has(entry.method)) continue;
      if (installed !== CHECKED_SDK_VERSION) {
        disable(
          entry.method,
          `installed @modelcontextprotocol/server ${installed}, table checked against ${CHECKED_SDK_VERSION}`,
        );
        disabled.push(entry.method);
        continue;
      }
      const differs = await checkEntry(entry).catch((error: Error) => `the check failed: ${error.message}`);
      if (differs === 'pending') {
        again = true;
        continue;
      }
      if (differs) {
        disable(entry.method, differs);
        disabled.push(entry.method);
      } else {
        decided.add(entry.method);
        enabled.add(entry.method);
      }
    }
    if (again && !closed) retry = setTimeout(() => void run().catch(() => undefined), 5000).unref();
    return disabled;
  };

  return {
    enabled,
    run,
    close: () => {
      closed = true;
      clearTimeout(retry);
    },
  };
}

/** The version of @modelcontextprotocol/server this process loaded. */
export function installedSdkVersion(): string {
  try {
    const require = createRequire(import.meta.url);
    let dir = dirname(require.resolve('@modelcontextprotocol/server'));
    for (let i = 0; i < 6; i++, dir = dirname(dir)) {
      try {
        const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
        if (pkg.name === '@modelcontextprotocol/server') return pkg.version ?? 'unknown';
      } catch {
        /* not here: one folder up */
      }
    }
  } catch {
    /* not resolvable */
  }
  return 'unknown';
}

function envelope(capabilities: ClientCapabilities): JsonObject {
  return {
    [PROTOCOL_VERSION_META_KEY]: MODERN_PROTOCOL_VERSION,
    [CLIENT_CAPABILITIES_META_KEY]: capabilities,
    [CLIENT_INFO_META_KEY]: { name: 'gift-genius-startup-check', version: '1' },
  };
}

function cannedHeaders(era: Era, method: string, params: JsonObject): Record<string, string> {
  const headers: Record<string, string> = {
    host: 'localhost',
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  };
  if (era === 'legacy') return headers;
  const name =
    method === 'resources/read'
      ? params.uri
      : method === 'prompts/get' || method === 'tools/call'
        ? params.name
        : undefined;
  return {
    ...headers,
    'mcp-protocol-version': MODERN_PROTOCOL_VERSION,
    'mcp-method': method,
    ...(typeof name === 'string' && { 'mcp-name': name }),
  };
}

function webRequestOf(headers: Record<string, string>, body: string): Request {
  return new Request('http://localhost/mcp', { method: 'POST', headers, body });
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  if (!isJsonObject(a) || !isJsonObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && jsonEqual(a[k], b[k]));
}
