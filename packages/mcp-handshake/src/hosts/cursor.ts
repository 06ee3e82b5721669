/** Cursor: a desktop IDE with an account, so facts are reported. */
import { reported } from './evidence.js';
import type { HostProfile } from './types.js';

export const cursor: HostProfile = {
  id: 'cursor',
  name: 'Cursor',
  kind: 'ide',
  measuredHere: false,
  notMeasuredBecause: 'a desktop IDE (Electron) with a signed-in account; its agent has no headless mode here',
  clientNames: reported(
    ['cursor-vscode'],
    'https://github.com/cursor/cursor/issues/3861',
    'the MCP log names the client; no public capture of clientInfo found',
  ),
  transports: reported(
    ['stdio', 'streamable-http', 'http+sse'],
    'https://docs.cursor.com/context/model-context-protocol',
  ),
  versionsOffered: reported({}, 'https://docs.cursor.com/context/model-context-protocol', 'not reported'),
  discover: reported(
    { probes: false, on: [] },
    'https://docs.cursor.com/context/model-context-protocol',
    'no report of a server/discover probe',
  ),
  faults: {
    'tool-names/long': {
      stdio: reported(
        {
          effect: 'drops-bad-tools',
          note: '"Some tools have naming issues and may be filtered out": server name + tool name over 60 characters',
        },
        'https://github.com/ComposioHQ/composio/issues/2788',
      ),
      http: reported(
        { effect: 'drops-bad-tools', note: 'the 60-character limit applies to every transport' },
        'https://github.com/idosal/git-mcp/issues/163',
      ),
    },
  },
};
