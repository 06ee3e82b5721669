/**
 * Claude Code (@anthropic-ai/claude-code): `claude mcp list` is its health check; `claude -p` with
 * ANTHROPIC_BASE_URL on the stand-in model is a real session. MCP_CONNECTION_NONBLOCKING=false makes -p wait
 * for the servers before the first turn (by default it does not, and the first request has no MCP tool), and
 * ENABLE_TOOL_SEARCH=false hands every MCP tool to the model instead of a ToolSearch placeholder.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HealthLine, HostDriver, HostRunContext } from '../harness.js';
import { installed } from './installed.js';

const env = (ctx: HostRunContext) => ({
  ...ctx.env,
  ANTHROPIC_BASE_URL: ctx.modelUrl,
  ANTHROPIC_API_KEY: 'sk-ant-fake-key-for-a-local-stand-in',
  MCP_CONNECTION_NONBLOCKING: 'false',
  // -p waits at most 5 s for servers by default ("N/M not ready after 5000ms — proceeding"): wait for all.
  CLAUDE_CODE_MCP_STARTUP_WAIT_MS: String(ctx.budgetMs),
  ENABLE_TOOL_SEARCH: 'false',
  DISABLE_AUTOUPDATER: '1',
  DISABLE_TELEMETRY: '1',
  DISABLE_ERROR_REPORTING: '1',
});

export const claudeCode: HostDriver = {
  id: 'claude-code',
  label: 'Claude Code',
  locate: () => installed('claude-code'),
  toolPrefix: (s) => `mcp__${s}__`,
  transports: ['stdio', 'http'],
  healthCommand: 'claude mcp list',
  configure(ctx) {
    const mcpServers = Object.fromEntries(
      ctx.servers.map((s) => [
        s.name,
        s.stdio
          ? { type: 'stdio', command: s.stdio.command, args: s.stdio.args, env: {} }
          : { type: 'http', url: s.url },
      ]),
    );
    // The user-scope config `claude mcp add --scope user` writes; onboarding marked done so -p does not ask.
    writeFileSync(
      join(ctx.home, '.claude.json'),
      JSON.stringify({ hasCompletedOnboarding: true, mcpServers }, null, 2),
    );
  },
  async health(ctx, run) {
    const result = await run(['mcp', 'list'], { env: env(ctx) });
    const lines = new Map<string, HealthLine>();
    for (const line of result.stdout.split('\n')) {
      const m = /^(\S+?): .* - (.*)$/.exec(line.trim());
      if (!m) continue;
      const status = m[2].includes('Connected') ? 'connected' : /Failed|✘/.test(m[2]) ? 'failed' : 'other';
      lines.set(m[1], { status, line: m[2].trim() });
    }
    return { result, lines };
  },
  async session(ctx, run) {
    const result = await run(
      [
        '-p',
        'say ok',
        '--output-format',
        'stream-json',
        '--verbose',
        '--debug-file',
        join(ctx.home, 'claude-debug.log'),
      ],
      { env: env(ctx) },
    );
    const statuses = new Map<string, string>();
    for (const line of result.stdout.split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const m = JSON.parse(line) as {
          type?: string;
          subtype?: string;
          mcp_servers?: Array<{ name: string; status: string }>;
        };
        if (m.type === 'system' && m.subtype === 'init')
          for (const s of m.mcp_servers ?? []) statuses.set(s.name, s.status);
      } catch {
        // not JSON
      }
    }
    return { result, statuses };
  },
  debugLog: (ctx) => join(ctx.home, 'claude-debug.log'),
};
