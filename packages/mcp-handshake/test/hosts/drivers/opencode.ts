/** opencode (opencode-ai): config in $XDG_CONFIG_HOME/opencode/opencode.json (`local` command or `remote` URL), a
 * provider on the OpenAI-compatible stand-in, `opencode mcp list` as health check, `opencode run` as session. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HealthLine, HostDriver, HostRunContext } from '../harness.js';
import { installed } from './installed.js';

export const opencode: HostDriver = {
  id: 'opencode',
  label: 'opencode',
  locate: () => installed('opencode'),
  toolPrefix: (s) => `${s}_`,
  transports: ['stdio', 'http'],
  healthCommand: 'opencode mcp list',
  configure(ctx: HostRunContext) {
    const dir = join(ctx.env.XDG_CONFIG_HOME, 'opencode');
    mkdirSync(dir, { recursive: true });
    const mcp = Object.fromEntries(
      ctx.servers.map((s) => [
        s.name,
        {
          ...(s.stdio
            ? { type: 'local', command: [s.stdio.command, ...s.stdio.args] }
            : { type: 'remote', url: s.url }),
          // A batch on a busy machine must not hit a connect timeout the run is not measuring.
          ...(!ctx.measureTimeouts && { timeout: Math.ceil(ctx.budgetMs) }),
        },
      ]),
    );
    writeFileSync(
      join(dir, 'opencode.json'),
      JSON.stringify(
        {
          $schema: 'https://opencode.ai/config.json',
          autoupdate: false,
          share: 'disabled',
          provider: {
            fake: {
              npm: '@ai-sdk/openai-compatible',
              name: 'fake',
              options: { baseURL: `${ctx.modelUrl}/v1`, apiKey: 'fake-key-for-a-local-stand-in' },
              models: { 'fake-model': { name: 'fake' } },
            },
          },
          model: 'fake/fake-model',
          small_model: 'fake/fake-model',
          mcp,
        },
        null,
        2,
      ),
    );
  },
  async health(ctx, run) {
    const result = await run(['mcp', 'list'], { env: ctx.env });
    // "●  ✓ name connected" or "●  ✗ name failed" followed by "│      <error>" lines.
    const lines = new Map<string, HealthLine>();
    const text = result.stdout.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
    for (const [i, line] of text.entries()) {
      const m = /^\S*\s+([✓✗○●!⚠]+)\s+(\S+)\s+(.*)$/.exec(line.trim());
      if (!m || m[2] === 'MCP') continue;
      const detail = text[i + 1]?.replace(/^│\s*/, '').trim();
      const status = /connected/.test(m[3]) ? 'connected' : /failed/i.test(m[3]) ? 'failed' : 'other';
      lines.set(m[2], {
        status,
        line: `${m[1]} ${m[2]} ${m[3]}${status === 'failed' && detail ? ` — ${detail}` : ''}`.trim(),
      });
    }
    return { result, lines };
  },
  async session(ctx, run) {
    return { result: await run(['run', '--print-logs', '--log-level', 'DEBUG', 'say ok'], { env: ctx.env }) };
  },
};
