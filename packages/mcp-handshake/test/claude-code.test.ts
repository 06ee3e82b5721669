/**
 * Real Claude Code against the protected gift-genius, through the tap: `claude mcp add --transport
 * http` then `claude mcp list`, in an isolated HOME, records what it fetches up to the browser step
 * (a test cannot log in as a person). gift-genius names the tap's URL as its resource
 * (--auth-audience) and the authorization server (oidc-provider) its own tap's, so every request of
 * the host passes a tap. Claude Code comes from npm: MCP_HANDSHAKE_CLAUDE_CODE names an installed
 * prefix (.ci/run makes one), else the test installs the pinned version into a temp prefix; when it
 * cannot, the test is skipped with a line saying so.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunningAuthorizationServer,
  startAuthorizationServer,
} from '../../gift-genius/test/oauth/authorization-server.js';
import { claudeCode as claudeCodeProfile } from '../src/hosts/claude-code.js';
import { runPassive } from '../src/report/check-report.js';
import type { Transcript } from '../src/types.js';
import { GIFT_GENIUS, giftGeniusEnv, startHttpServer } from './helpers.js';
import { type RunningTap, startTap } from './tap-helpers.js';

const run = promisify(execFile);
/** The Claude Code the host data was measured on (src/hosts/claude-code.ts), from the hosts installer's cache. */
export const CLAUDE_CODE_VERSION = claudeCodeProfile.package!.version;

/** The wrapper script of an installed prefix (it finds the platform's native binary itself). */
const wrapperIn = (prefix: string) => join(prefix, 'node_modules', '@anthropic-ai', 'claude-code', 'cli-wrapper.cjs');

async function claudeCode(): Promise<{ wrapper?: string; why?: string }> {
  const given = process.env.MCP_HANDSHAKE_CLAUDE_CODE;
  if (given)
    return existsSync(wrapperIn(given))
      ? { wrapper: wrapperIn(given) }
      : { why: `MCP_HANDSHAKE_CLAUDE_CODE=${given} holds no @anthropic-ai/claude-code` };
  const { locate, HOSTS } = (await import('../scripts/install-hosts.mjs')) as {
    locate: (p: unknown) => { prefix: string } | undefined;
    HOSTS: Array<{ id: string; version: string }>;
  };
  const pin = HOSTS.find((h) => h.id === 'claude-code');
  const found = pin && locate(pin);
  if (found && existsSync(wrapperIn(found.prefix))) return { wrapper: wrapperIn(found.prefix) };
  return {
    why: `Claude Code ${CLAUDE_CODE_VERSION} is not installed: node packages/mcp-handshake/scripts/install-hosts.mjs --only hosts (.ci/run does)`,
  };
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** What a transcript shows the host doing, in order: "METHOD path → status". */
const steps = (t: Transcript) => {
  const out: string[] = [];
  for (const e of t.events)
    if (e.kind === 'http' && e.dir === 'in' && e.http) {
      const url = new URL(e.http.url);
      out.push(`${e.http.method} ${url.pathname} → ${e.http.status}`);
    }
  return out;
};

const found = await claudeCode();
if (!found.wrapper) console.warn(`claude-code.test.ts skipped: ${found.why}`);

describe.skipIf(!found.wrapper)(
  `Claude Code ${CLAUDE_CODE_VERSION} against the protected gift-genius, through the tap`,
  () => {
    let as: RunningAuthorizationServer;
    let asTap: RunningTap;
    let ggTap: RunningTap;
    let gg: Awaited<ReturnType<typeof startHttpServer>>;
    const home = mkdtempSync(join(tmpdir(), 'claude-home-'));
    const env = {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: join(home, '.config'),
      CLAUDE_CONFIG_DIR: join(home, '.claude'),
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    };
    const claude = (args: string[]) =>
      run(process.execPath, [found.wrapper!, ...args], { env, cwd: home, timeout: 120_000 }).catch(
        (error: { stdout: string; stderr: string }) => error,
      );

    beforeAll(async () => {
      as = await startAuthorizationServer({
        issuerFor: async (port) => {
          asTap = await startTap(`http://127.0.0.1:${port}`, 'claude-as');
          return asTap.url.replace(/\/$/, '');
        },
      });
      const port = await freePort();
      ggTap = await startTap(`http://127.0.0.1:${port}/mcp`, 'claude-gg');
      const { dataDir, env: ggEnv } = giftGeniusEnv();
      gg = await startHttpServer(
        process.execPath,
        [
          GIFT_GENIUS,
          'serve',
          '--port',
          String(port),
          '--data',
          dataDir,
          '--auth-issuer',
          as.issuer,
          '--auth-audience',
          ggTap.url,
          '--auth-scopes',
          'gifts:read,suggest_gifts=gifts:suggest',
        ],
        ggEnv,
      );
    }, 60_000);
    afterAll(async () => {
      await gg?.stop();
      await as?.close();
    });

    it('claude mcp add / mcp list: the 401, the metadata, the authorization server, then it stops before the browser', async () => {
      const added = await claude(['mcp', 'add', '--transport', 'http', 'giftgen', ggTap.url]);
      expect(added.stdout + added.stderr).toContain('Added HTTP MCP server giftgen');
      const listed = await claude(['mcp', 'list']);
      const ggT = await ggTap.stop();
      const asT = await asTap.stop();
      const seen = { gg: steps(ggT), as: steps(asT), list: listed.stdout.trim() };
      // Measured (host-oauth.ts cites this test): the 401, the metadata at the challenge's URL, the authorization
      // server's RFC 8414 metadata, and no registration, since this server takes Client ID Metadata Documents.
      expect(seen.list).toMatch(/giftgen: .* - ! Needs authentication/);
      expect(seen.gg).toEqual(['POST /mcp → 401', 'GET /.well-known/oauth-protected-resource/mcp → 200']);
      expect(seen.as.length).toBeGreaterThan(0);
      expect(seen.as.every((s) => s === 'GET /.well-known/oauth-authorization-server → 200')).toBe(true);
      // Nothing past discovery without a person: no token was ever asked for or sent.
      expect(seen.as.some((s) => s.startsWith('POST /token'))).toBe(false);
      expect(ggT.events.some((e) => e.http?.headers?.authorization)).toBe(false);
      for (const t of [ggT, asT])
        expect(
          runPassive(t).findings.filter((f) => f.code.startsWith('oauth-steps/') && f.severity === 'fail'),
        ).toEqual([]);
    }, 180_000);
  },
);
