/** Claude Desktop (local stdio servers, and MCPB extensions): it needs an account and a desktop, so every fact is reported. */
import { reported } from './evidence.js';
import type { HostProfile } from './types.js';

export const claudeDesktop: HostProfile = {
  id: 'claude-desktop',
  name: 'Claude Desktop',
  kind: 'desktop',
  measuredHere: false,
  notMeasuredBecause: 'a signed-in desktop app (macOS/Windows): nothing to install from npm, nothing headless',
  clientNames: reported(
    ['claude-ai'],
    'https://github.com/modelcontextprotocol/servers/issues/4153',
    'log: initialize with clientInfo {"name":"claude-ai","version":"0.1.0"}',
  ),
  transports: reported(
    ['stdio'],
    'https://modelcontextprotocol.io/docs/develop/connect-local-servers',
    'claude_desktop_config.json runs local commands',
  ),
  versionsOffered: reported(
    { initialize: '2025-11-25' },
    'https://github.com/modelcontextprotocol/servers/issues/4153',
    'Claude Desktop 1.7196.0.0 sends initialize with protocolVersion 2025-11-25',
  ),
  discover: reported(
    { probes: true, on: ['stdio'], fallsBackOn: ['timeout'] },
    'https://github.com/wonderwhy-er/DesktopCommanderMCP/issues/645',
    'logs "Era probe verdict: legacy (sibling did not complete the exchange)" (+4 s): the probe runs in a sibling process',
  ),
  startupTimeout: reported(
    {
      ms: 60000,
      note: 'sends notifications/cancelled (-32001 Request timed out) at ~60 s and marks the server failed; not configurable',
    },
    'https://github.com/anthropics/claude-code/issues/84136',
  ),
  faults: {
    'tool-schemas/schema-not-object': {
      stdio: reported(
        {
          effect: 'drops-all-tools',
          note: 'validates tools/list with Zod; one inputSchema.type that is not "object" throws for the whole list',
        },
        'https://github.com/homeassistant-ai/ha-mcp/pull/2480',
      ),
    },
    'tool-schemas/invalid-json-schema': {
      stdio: reported(
        {
          effect: 'drops-all-tools',
          note: 'the tools show, but every request fails: "API Error: 400 tools.N.custom.input_schema: JSON schema is invalid"',
        },
        'https://github.com/KelvinTegelaar/CIPP/issues/6133',
      ),
    },
    'start-up/slow': {
      stdio: reported(
        {
          effect: 'drops-server',
          note: 'a start slower than the fixed 60 s initialize deadline (cold npx, boot contention) fails the server',
        },
        'https://github.com/anthropics/claude-code/issues/84136',
      ),
    },
  },
};
