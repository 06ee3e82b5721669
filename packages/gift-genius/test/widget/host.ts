/// <reference lib="dom" />
/**
 * A minimal MCP Apps host page for the browser test, built from ext-apps' own host side
 * (`AppBridge`, `PostMessageTransport`) and the MCP SDK's real `Client`, talking to a
 * running gift-genius over Streamable HTTP. Bundled by esbuild when the test runs.
 *
 * It does what a chat host does: declares the MCP Apps extension, lists tools (and keeps
 * app-only ones out of the "model's" list), reads the widget's ui:// resource, renders it
 * in a sandboxed iframe under a CSP built from the resource's `_meta.ui.csp`, calls
 * suggest_gifts, and feeds the widget the input and result. The widget's `tools/call`
 * requests are allowed only for tools whose visibility includes "app" (the spec's host rule).
 */

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { McpUiHostContext, McpUiResourceCsp } from '@modelcontextprotocol/ext-apps/app-bridge';
import {
  AppBridge,
  getToolUiResourceUri,
  isToolVisibilityAppOnly,
  PostMessageTransport,
} from '@modelcontextprotocol/ext-apps/app-bridge';

interface HostState {
  ready: boolean;
  error?: string;
  modelTools: string[];
  appTools: string[];
  resourceUri?: string;
  csp?: string;
  toolResult?: unknown;
  calls: Array<{ name: string; arguments: unknown }>;
  rejected: string[];
  messages: unknown[];
  sizes: number[];
  timings: Record<string, number>;
  /** The tool input was sent and the result is held (`hold=1`). */
  held?: boolean;
  setTheme(theme: 'light' | 'dark'): void;
  /** With `hold=1`: sends the held tool result (the widget shows its loading state until then). */
  release(): void;
}

const params = new URLSearchParams(location.search);
const mcpUrl = params.get('mcp')!;
/** `none`: the host context carries no theme (the widget falls back to prefers-color-scheme). */
const theme = (params.get('theme') ?? 'light') as 'light' | 'dark' | 'none';
const args = JSON.parse(params.get('args') ?? '{}') as Record<string, unknown>;
/** Host style variables (`styles.variables` of the host context), e.g. a chat host's dark palette. */
const variables = JSON.parse(params.get('vars') ?? 'null') as Record<string, string> | null;
/**
 * A given tool result instead of the server's (`structuredContent` merged over the real one):
 * how the test shows fields of the result contract the server may not send yet (`unmet`, `why`).
 */
const override = JSON.parse(params.get('result') ?? 'null') as Record<string, unknown> | null;
const hold = params.get('hold') === '1';

const state: HostState = {
  ready: false,
  modelTools: [],
  appTools: [],
  calls: [],
  rejected: [],
  messages: [],
  sizes: [],
  timings: { start: performance.now() },
  setTheme: () => undefined,
  release: () => undefined,
};
(window as unknown as { __host: HostState }).__host = state;

/** The spec's CSP construction from `_meta.ui.csp` (a srcdoc iframe has no 'self' to allow). */
function cspFor(csp: McpUiResourceCsp | undefined): string {
  const res = csp?.resourceDomains?.join(' ') ?? '';
  const connect = csp?.connectDomains?.length ? csp.connectDomains.join(' ') : "'none'";
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${res}`,
    `style-src 'unsafe-inline' ${res}`,
    `img-src data: ${res}`,
    `font-src ${res || "'none'"}`,
    `media-src data: ${res}`,
    `connect-src ${connect}`,
    `frame-src ${csp?.frameDomains?.join(' ') || "'none'"}`,
    "object-src 'none'",
    `base-uri ${csp?.baseUriDomains?.join(' ') || "'none'"}`,
  ].join('; ');
}

async function main(): Promise<void> {
  const client = new Client(
    { name: 'giftgen-test-host', version: '1.0.0' },
    { capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));

  const { tools } = await client.listTools();
  state.modelTools = tools.filter((t) => !isToolVisibilityAppOnly(t)).map((t) => t.name);
  state.appTools = tools
    .filter((t) => (t._meta as { ui?: { visibility?: string[] } } | undefined)?.ui?.visibility?.includes('app') ?? true)
    .map((t) => t.name);
  const suggest = tools.find((t) => t.name === 'suggest_gifts')!;
  const uri = getToolUiResourceUri(suggest)!;
  state.resourceUri = uri;

  const read = await client.readResource({ uri });
  const content = read.contents[0] as { text: string; mimeType: string; _meta?: { ui?: { csp?: McpUiResourceCsp } } };
  if (content.mimeType !== 'text/html;profile=mcp-app') throw new Error(`unexpected mime ${content.mimeType}`);
  state.csp = cspFor(content._meta?.ui?.csp);
  state.timings.resource = performance.now();

  const iframe = document.createElement('iframe');
  iframe.id = 'widget';
  iframe.title = 'GiftGen gift ideas';
  iframe.setAttribute('sandbox', 'allow-scripts');
  document.getElementById('slot')!.append(iframe);

  const hostContext: McpUiHostContext = {
    ...(theme !== 'none' && { theme }),
    ...(variables && { styles: { variables: variables as NonNullable<McpUiHostContext['styles']>['variables'] } }),
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    platform: 'web',
    locale: 'en-US',
    containerDimensions: { maxHeight: 4000, maxWidth: 960 },
  };
  const bridge = new AppBridge(
    client,
    { name: 'giftgen-test-host', version: '1.0.0' },
    { serverTools: {}, openLinks: {}, logging: {} },
    { hostContext },
  );
  bridge.onsizechange = ({ height }) => {
    if (height === undefined) return;
    state.sizes.push(height);
    iframe.style.height = `${height}px`;
  };
  bridge.onmessage = async (message) => {
    state.messages.push(message);
    return {};
  };
  bridge.oninitialized = () => {
    state.timings.initialized = performance.now();
    void (async () => {
      await bridge.sendToolInput({ arguments: args });
      const real = await client.callTool({ name: 'suggest_gifts', arguments: args });
      const structuredContent = { ...(real.structuredContent as object), ...override };
      const result = override ? { ...real, structuredContent } : real;
      if (hold) {
        state.held = true;
        await new Promise<void>((resolve) => (state.release = resolve));
      }
      state.toolResult = result;
      await bridge.sendToolResult(result as Parameters<typeof bridge.sendToolResult>[0]);
      state.timings.result = performance.now();
      state.ready = true;
    })().catch((e: Error) => (state.error = e.message));
  };
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));

  // AppBridge forwards every tools/call to the server; a host must allow only app-visible tools.
  const forward = bridge.oncalltool!;
  bridge.oncalltool = async (request, extra) => {
    if (!state.appTools.includes(request.name)) {
      state.rejected.push(request.name);
      throw new Error(`Tool ${request.name} is not available to apps`);
    }
    state.calls.push({ name: request.name, arguments: request.arguments });
    return forward(request, extra);
  };
  state.setTheme = (next) => bridge.setHostContext({ ...hostContext, theme: next });

  const html = content.text.replace(
    '<head>',
    `<head><meta http-equiv="Content-Security-Policy" content="${state.csp}">`,
  );
  iframe.srcdoc = html;
}

main().catch((e: Error) => {
  state.error = e.stack ?? e.message;
});
