import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** Optional arguments of suggest_gifts that a deployment may choose to expose. */
export const OPTIONAL_SUGGEST_ARGUMENTS = ['budget', 'interests', 'occasion', 'exclude', 'count'] as const;

const ToolSettings = z
  .object({
    enabled: z.boolean().default(true),
    title: z.string().min(1).max(80).optional(),
    description: z.string().min(1).max(2000).optional(),
  })
  .strict();

/**
 * The tool set a deployment serves. Tool schemas are a public API (ChatGPT freezes
 * them until Refresh), so the file can only switch tools on and off, re-word them and
 * narrow suggest_gifts' optional arguments — never change an argument's type.
 */
export const ToolConfigSchema = z
  .object({
    tools: z
      .object({
        suggest_gifts: ToolSettings.extend({
          arguments: z.array(z.enum(OPTIONAL_SUGGEST_ARGUMENTS)).optional(),
          maxCount: z.number().int().min(1).max(10).default(10),
        })
          .strict()
          .default({ enabled: true, maxCount: 10 }),
        get_gift: ToolSettings.default({ enabled: true }),
      })
      .strict()
      .default({ suggest_gifts: { enabled: true, maxCount: 10 }, get_gift: { enabled: true } }),
  })
  .strict();

export type ToolConfig = z.infer<typeof ToolConfigSchema>;

export const DEFAULT_TOOL_CONFIG: ToolConfig = ToolConfigSchema.parse({});

export function parseToolConfig(text: string): ToolConfig {
  return ToolConfigSchema.parse(JSON.parse(text));
}

export function readToolConfig(path: string | undefined): ToolConfig {
  return path ? parseToolConfig(readFileSync(path, 'utf8')) : DEFAULT_TOOL_CONFIG;
}
