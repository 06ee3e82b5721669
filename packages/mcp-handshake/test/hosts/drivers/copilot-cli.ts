/** GitHub Copilot CLI (@github/copilot) offline with a BYOK provider on the OpenAI-compatible stand-in
 * (COPILOT_OFFLINE, COPILOT_PROVIDER_BASE_URL): no GitHub account. `copilot mcp list` prints the config only. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HostDriver } from '../harness.js';
import { installed } from './installed.js';

export const copilotCli: HostDriver = {
  id: 'copilot-cli',
  label: 'Copilot CLI',
  locate: () => installed('copilot-cli'),
  toolPrefix: (s) => `${s}-`,
  transports: ['stdio', 'http'],
  configure(ctx) {
    const dir = join(ctx.home, '.copilot');
    mkdirSync(dir, { recursive: true });
    const mcpServers = Object.fromEntries(
      ctx.servers.map((s) => [
        s.name,
        s.stdio
          ? { type: 'local', command: s.stdio.command, args: s.stdio.args, tools: ['*'] }
          : { type: 'http', url: s.url, tools: ['*'] },
      ]),
    );
    writeFileSync(join(dir, 'mcp-config.json'), JSON.stringify({ mcpServers }, null, 2));
  },
  async session(ctx, run) {
    return {
      result: await run(['-p', 'say ok'], {
        env: {
          ...ctx.env,
          COPILOT_OFFLINE: 'true',
          COPILOT_PROVIDER_BASE_URL: `${ctx.modelUrl}/v1`,
          COPILOT_PROVIDER_API_KEY: 'fake-key-for-a-local-stand-in',
          COPILOT_MODEL: 'fake-model',
          COPILOT_AUTO_UPDATE: 'false',
          COPILOT_ALLOW_ALL: 'true',
        },
      }),
    };
  },
};
