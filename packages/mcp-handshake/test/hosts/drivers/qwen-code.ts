/** Qwen Code (@qwen-code/qwen-code) on an OpenAI-compatible stand-in (OPENAI_BASE_URL). Tool search off, so
 * MCP tools reach the model by name instead of behind `tool_search`. */
import type { HostDriver, HostRunContext } from '../harness.js';
import { parseMcpList, writeGeminiStyleConfig } from './gemini-family.js';
import { installed } from './installed.js';

const env = (ctx: HostRunContext) => ({
  ...ctx.env,
  OPENAI_API_KEY: 'fake-key-for-a-local-stand-in',
  OPENAI_BASE_URL: `${ctx.modelUrl}/v1`,
  OPENAI_MODEL: 'fake-model',
  QWEN_CODE_SUPPRESS_YOLO_WARNING: '1',
});

export const qwenCode: HostDriver = {
  id: 'qwen-code',
  label: 'Qwen Code',
  locate: () => installed('qwen-code'),
  toolPrefix: (s) => `mcp__${s}__`,
  transports: ['stdio', 'http'],
  healthCommand: 'qwen mcp list',
  configure(ctx) {
    writeGeminiStyleConfig(ctx, '.qwen', {
      security: { auth: { selectedType: 'openai' } },
      tools: { toolSearch: { enabled: false } },
      general: { disableAutoUpdate: true },
      privacy: { usageStatisticsEnabled: false },
    });
  },
  async health(ctx, run) {
    const result = await run(['mcp', 'list'], { env: env(ctx) });
    return { result, lines: parseMcpList(result) };
  },
  async session(ctx, run) {
    return { result: await run(['--yolo', '-p', 'say ok'], { env: env(ctx) }) };
  },
};
