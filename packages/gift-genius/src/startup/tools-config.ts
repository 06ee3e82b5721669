import { readFileSync } from 'node:fs';
import type { ZodError } from 'zod';
import { plural } from './plural.js';

const FIX = 'fix the file (its keys: README, "Tools config"), or drop --tools-config / GIFTGEN_TOOLS_CONFIG';

/** zod's issues as one line for people: `tools.get_gift.title: expected string, received number; …`. */
export function describeZodIssues(error: ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(top level)'}: ${issue.message}`)
    .join('; ');
}

/**
 * The tools config file reads, parses and fits the schema; else one sentence naming the file. The
 * schema (and zod) are loaded only when a file is given, so a plain stdio start stays light.
 */
export async function checkToolsConfig(path: string): Promise<void> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const what =
      code === 'ENOENT'
        ? 'does not exist'
        : code === 'EISDIR'
          ? 'is a folder'
          : `cannot be read (${(error as Error).message})`;
    throw new Error(`the tools config ${path} ${what}: check --tools-config (or GIFTGEN_TOOLS_CONFIG)`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`the tools config ${path} is not JSON (${(error as Error).message}): ${FIX}`);
  }
  const { ToolConfigSchema } = await import('../primitives/tool-config.js');
  const parsed = ToolConfigSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `the tools config ${path} is invalid, ${plural(parsed.error.issues.length, 'problem')}: ${describeZodIssues(parsed.error)}; ${FIX}`,
    );
  }
}
