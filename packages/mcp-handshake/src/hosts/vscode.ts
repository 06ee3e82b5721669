/** VS Code (GitHub Copilot agent mode): a desktop IDE with a signed-in Copilot, so facts are reported. */
import { reported } from './evidence.js';
import type { HostProfile } from './types.js';

export const vscode: HostProfile = {
  id: 'vscode',
  name: 'VS Code',
  kind: 'ide',
  measuredHere: false,
  notMeasuredBecause:
    'a desktop IDE whose MCP client runs inside GitHub Copilot Chat (an account); no headless mode to drive',
  clientNames: reported(['Visual Studio Code'], 'https://github.com/microsoft/vscode/issues/243614'),
  transports: reported(
    ['stdio', 'streamable-http', 'http+sse'],
    'https://code.visualstudio.com/docs/copilot/customization/mcp-servers',
  ),
  versionsOffered: reported(
    { initialize: '2025-11-25' },
    'https://code.visualstudio.com/docs/copilot/customization/mcp-servers',
  ),
  discover: reported(
    { probes: false, on: [] },
    'https://code.visualstudio.com/docs/copilot/customization/mcp-servers',
    'no report of a server/discover probe',
  ),
  faults: {
    'tool-schemas/invalid-json-schema': {
      stdio: reported(
        { effect: 'drops-bad-tools', note: '"x tools have invalid JSON schemas and will be omitted"' },
        'https://github.com/github/github-mcp-server/issues/404',
      ),
      http: reported(
        {
          effect: 'drops-session',
          note: '"Failed to validate tool …: tool parameters array type must have items": one invalid tool breaks MCP use for the whole chat session (1.127)',
        },
        'https://github.com/microsoft/vscode/issues/325618',
      ),
    },
    'capabilities-backed/refused': {
      stdio: reported(
        {
          effect: 'keeps-all',
          note: 'a server that answers tools/list with -32601 leaves the refresh spinner spinning (no tools to lose)',
        },
        'https://github.com/microsoft/vscode/issues/243614',
      ),
    },
    'tool-names/long': {
      stdio: reported(
        {
          effect: 'drops-session',
          note: 'prefixed tool names over 64 characters make the model API answer 400 for the request',
        },
        'https://github.com/microsoft/vscode/issues/243602',
      ),
    },
  },
};
