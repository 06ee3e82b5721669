/** Claude (claude.ai web and desktop custom connectors: remote servers over HTTP): account-only, so facts are reported. */
import { reported } from './evidence.js';
import type { HostProfile } from './types.js';

export const claudeConnectors: HostProfile = {
  id: 'claude-connectors',
  name: 'Claude (web/desktop connectors)',
  kind: 'web',
  measuredHere: false,
  notMeasuredBecause:
    'connectors are added in a signed-in claude.ai account and reach the server from Anthropic’s cloud',
  clientNames: reported(
    ['claude-ai'],
    'https://github.com/anthropics/claude-ai-mcp/issues/692',
    'the connector and Claude Code share the claude.ai config',
  ),
  transports: reported(
    ['streamable-http', 'http+sse'],
    'https://support.anthropic.com/en/articles/11175166-about-custom-connectors-using-remote-mcp',
  ),
  versionsOffered: reported({ initialize: '2025-11-25' }, 'https://github.com/anthropics/claude-ai-mcp/issues/692'),
  discover: reported(
    { probes: false, on: [] },
    'https://github.com/anthropics/claude-ai-mcp/issues/692',
    'no report of a server/discover probe from connectors',
  ),
  faults: {
    ok: {
      http: reported(
        {
          effect: 'drops-all-tools',
          note: 'reported: "Connected" with zero tools for some spec-compliant servers (cause not public)',
        },
        'https://github.com/anthropics/claude-ai-mcp/issues/692',
      ),
    },
    'tool-schemas/schema-not-object': {
      http: reported(
        {
          effect: 'drops-all-tools',
          note: 'one non-object tool inputSchema silently drops every tool of an HTTP server (Claude Code and the connector share the client)',
        },
        'https://github.com/anthropics/claude-code/issues/88049',
      ),
    },
  },
};
