/**
 * Gemini CLI and Qwen Code (a fork of it) share their config layout: <home>/.<dir>/settings.json holds the
 * servers (`command`/`args`, or `httpUrl` for Streamable HTTP), trustedFolders.json trusts the project
 * (untrusted folders disable every MCP server), `mcp list` is the health check, and `-p` a headless session.
 * `--yolo` keeps MCP tools in a headless session (without it tools that need confirmation are left out).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HealthLine, HostRunContext, ProcessResult } from '../harness.js';

export function writeGeminiStyleConfig(ctx: HostRunContext, dir: string, settings: Record<string, unknown>): void {
  const base = join(ctx.home, dir);
  mkdirSync(base, { recursive: true });
  const mcpServers = Object.fromEntries(
    ctx.servers.map((s) => [
      s.name,
      {
        ...(s.stdio ? { command: s.stdio.command, args: s.stdio.args } : { httpUrl: s.url }),
        // A batch on a busy machine must not hit a connect timeout the run is not measuring.
        ...(!ctx.measureTimeouts && { timeout: Math.ceil(ctx.budgetMs) }),
      },
    ]),
  );
  writeFileSync(join(base, 'settings.json'), JSON.stringify({ ...settings, mcpServers }, null, 2));
  writeFileSync(join(base, 'trustedFolders.json'), JSON.stringify({ [ctx.project]: 'TRUST_FOLDER' }));
}

// "✓ name: command … (stdio) - Connected" / "✗ name: … - Disconnected" (ANSI colours removed first).
export function parseMcpList(result: ProcessResult): Map<string, HealthLine> {
  const lines = new Map<string, HealthLine>();
  const text = `${result.stdout}\n${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
  for (const line of text.split('\n')) {
    const m = /^\s*\S+\s+(\S+?): .* - (\S.*)$/.exec(line);
    if (!m) continue;
    const status = /^Connected/.test(m[2]) ? 'connected' : /^Disconnected|^Failed/i.test(m[2]) ? 'failed' : 'other';
    lines.set(m[1], { status, line: m[2].trim() });
  }
  return lines;
}
