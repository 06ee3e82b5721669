/** Codex CLI (@openai/codex): $HOME/.codex/config.toml with a `fake` provider on the Responses stand-in; no health
 * check that connects (`codex mcp list` prints the config), so a `codex exec` session is the measure. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HostDriver } from '../harness.js';
import { installed } from './installed.js';

const toml = (s: string) => JSON.stringify(s);

export const codex: HostDriver = {
  id: 'codex',
  label: 'Codex CLI',
  locate: () => installed('codex'),
  toolPrefix: (s) => `mcp__${s}__`,
  transports: ['stdio', 'http'],
  configure(ctx) {
    const dir = join(ctx.home, '.codex');
    mkdirSync(dir, { recursive: true });
    // Start-up timeout (default 10 s) raised to the run's budget unless the run measures it: many servers
    // starting at once on a busy machine must not change what is observed.
    const startup = ctx.measureTimeouts ? '' : `startup_timeout_sec = ${Math.ceil(ctx.budgetMs / 1000)}\n`;
    const servers = ctx.servers.map((s) =>
      s.stdio
        ? `[mcp_servers.${s.name}]\ncommand = ${toml(s.stdio.command)}\nargs = [${s.stdio.args.map(toml).join(', ')}]\n${startup}`
        : `[mcp_servers.${s.name}]\nurl = ${toml(s.url!)}\n${startup}`,
    );
    writeFileSync(
      join(dir, 'config.toml'),
      [
        'model = "fake-model"',
        'model_provider = "fake"',
        // A first turn omits servers still starting after a grace period ("omitting pending optional MCP
        // server"): raised with the start-up timeout, for the same reason.
        ...(ctx.measureTimeouts ? [] : [`mcp_optional_startup_grace_ms = ${Math.ceil(ctx.budgetMs)}`]),
        '[model_providers.fake]',
        'name = "fake"',
        `base_url = ${toml(`${ctx.modelUrl}/v1`)}`,
        'env_key = "FAKE_MODEL_KEY"',
        'wire_api = "responses"',
        ...servers,
      ].join('\n'),
    );
  },
  async session(ctx, run) {
    return {
      result: await run(['exec', '--skip-git-repo-check', 'say ok'], {
        env: { ...ctx.env, FAKE_MODEL_KEY: 'fake-key-for-a-local-stand-in', CODEX_HOME: join(ctx.home, '.codex') },
      }),
    };
  },
};
