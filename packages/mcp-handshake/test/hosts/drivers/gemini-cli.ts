/** Gemini CLI (@google/gemini-cli) on GOOGLE_GEMINI_BASE_URL. `-m gemini-2.5-flash` skips the routing model (it
 * wants a JSON complexity score first). */
import type { HostDriver, HostRunContext } from '../harness.js';
import { parseMcpList, writeGeminiStyleConfig } from './gemini-family.js';
import { installed } from './installed.js';

const env = (ctx: HostRunContext) => ({
  ...ctx.env,
  GEMINI_API_KEY: 'fake-key-for-a-local-stand-in',
  GOOGLE_GEMINI_BASE_URL: ctx.modelUrl,
});

export const geminiCli: HostDriver = {
  id: 'gemini-cli',
  label: 'Gemini CLI',
  locate: () => installed('gemini-cli'),
  toolPrefix: (s) => `mcp_${s}_`,
  transports: ['stdio', 'http'],
  healthCommand: 'gemini mcp list',
  configure(ctx) {
    writeGeminiStyleConfig(ctx, '.gemini', {
      security: { auth: { selectedType: 'gemini-api-key' } },
      general: { disableAutoUpdate: true, disableUpdateNag: true },
      privacy: { usageStatisticsEnabled: false },
    });
  },
  async health(ctx, run) {
    const result = await run(['mcp', 'list'], { env: env(ctx) });
    return { result, lines: parseMcpList(result) };
  },
  async session(ctx, run) {
    const result = await run(['-m', 'gemini-2.5-flash', '--yolo', '-p', 'say ok', '--output-format', 'json'], {
      env: env(ctx),
    });
    return { result };
  },
};
