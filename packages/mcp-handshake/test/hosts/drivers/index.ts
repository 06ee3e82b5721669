/** Every real host the tests drive, in the order the matrix prints them. */
import type { HostDriver } from '../harness.js';
import { claudeCode } from './claude-code.js';
import { codex } from './codex.js';
import { continueCli } from './continue-cli.js';
import { copilotCli } from './copilot-cli.js';
import { geminiCli } from './gemini-cli.js';
import { opencode } from './opencode.js';
import { qwenCode } from './qwen-code.js';

export const DRIVERS: HostDriver[] = [claudeCode, geminiCli, qwenCode, opencode, codex, copilotCli, continueCli];
