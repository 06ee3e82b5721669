/** Continue CLI (@continuedev/cli, `cn`) with a local config file (`--config`): an OpenAI-compatible model on the
 * stand-in and the servers; no hub account. No health check; `cn -p` is the session. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HostDriver } from '../harness.js';
import { installed } from './installed.js';

const y = (s: string) => JSON.stringify(s);

export const continueCli: HostDriver = {
  id: 'continue-cli',
  label: 'Continue CLI',
  locate: () => installed('continue-cli'),
  toolPrefix: () => '',
  transports: ['stdio', 'http'],
  configure(ctx) {
    const servers = ctx.servers.map((s) =>
      s.stdio
        ? `  - name: ${s.name}\n    command: ${y(s.stdio.command)}\n    args: [${s.stdio.args.map(y).join(', ')}]`
        : `  - name: ${s.name}\n    type: streamable-http\n    url: ${y(s.url!)}`,
    );
    writeFileSync(
      join(ctx.home, 'continue.yaml'),
      [
        'name: stand-in',
        'version: 1.0.0',
        'schema: v1',
        'models:',
        '  - name: fake',
        '    provider: openai',
        '    model: fake-model',
        `    apiBase: ${y(`${ctx.modelUrl}/v1`)}`,
        '    apiKey: fake-key-for-a-local-stand-in',
        '    roles: [chat]',
        'mcpServers:',
        ...servers,
      ].join('\n'),
    );
  },
  async session(ctx, run) {
    return { result: await run(['--config', join(ctx.home, 'continue.yaml'), '-p', 'say ok'], { env: ctx.env }) };
  },
};
