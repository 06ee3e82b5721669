/** ChatGPT (apps and connectors, remote servers over HTTP): account-only, so facts are reported. */
import { reported } from './evidence.js';
import type { HostProfile } from './types.js';

export const chatgpt: HostProfile = {
  id: 'chatgpt',
  name: 'ChatGPT',
  kind: 'web',
  measuredHere: false,
  notMeasuredBecause:
    'apps and connectors are added in a signed-in ChatGPT account and reach the server from OpenAI’s cloud',
  clientNames: reported(
    ['openai-mcp'],
    'https://github.com/openai/tunnel-client/issues/63',
    'clientInfo.name as ChatGPT sends it',
  ),
  transports: reported(['streamable-http', 'http+sse'], 'https://platform.openai.com/docs/guides/developer-mode'),
  versionsOffered: reported(
    { initialize: '2025-11-25', modern: '2026-07-28' },
    'https://github.com/openai/tunnel-client/issues/63',
  ),
  discover: reported(
    { probes: true, on: ['http'], fallsBackOn: ['-32601'] },
    'https://github.com/openai/tunnel-client/issues/63',
    'ChatGPT reports "MCP server/discover response was inconsistent"; the fallback to initialize 2025-11-25 is as observed by the doctor',
  ),
  faults: {
    'discover/http-error-status': {
      http: reported(
        {
          effect: 'drops-all-tools',
          note: '"No tools available" when server/discover gets an HTTP 4xx without a JSON-RPC body (unconfirmed user reports)',
        },
        'https://github.com/openai/tunnel-client/issues/63',
        'GiftGen issue 11 user reports; no public statement by OpenAI',
      ),
    },
  },
};
