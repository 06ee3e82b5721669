/**
 * How each known host walks a protected server's OAuth discovery, as data: the well-known URLs it
 * tries and in which order, how it registers (Client ID Metadata Document, Dynamic Client
 * Registration, or a client id the user pastes), its client-id URL and redirect URIs, the scopes it
 * asks for, whether it sends `resource`. Every fact names its source (a thread, a vendor page, or a
 * measurement: the package's own code in this repository's node_modules, or a run in the tests) and
 * when it was true. The host-facts work (findings/hosts.ts) can take these over; pure data, no code.
 */
import type { HostId } from '../types.js';

export type OAuthHostId = 'claude-ai' | 'claude-code' | 'chatgpt' | 'vscode' | 'cursor' | 'inspector' | 'mcp-remote';

export type Registration = 'cimd' | 'dcr' | 'preregistered';

export interface OAuthFact {
  fact: string;
  /** A URL, or `measured: …` saying what was run or read. */
  source: string;
  /** `vendor` (the makers said so), `measured` (run or read here), `observed` (public reports with evidence), `reported`. */
  basis: 'vendor' | 'measured' | 'observed' | 'reported';
  /** The version or date the fact is known for. */
  asOf: string;
}

export interface OAuthHost {
  id: OAuthHostId;
  /** Short, as the report names it ("claude.ai": the web and Desktop connectors). */
  name: string;
  /** The host of findings/hosts.ts a finding names (--profile), where there is one. */
  reportHost?: HostId;
  /**
   * Where it looks for Protected Resource Metadata: `sdk` is the TypeScript SDK's order (the challenge's
   * resource_metadata URL; else the path-based URL, then the root one after a 4xx).
   */
  prm: 'sdk';
  /**
   * Authorization-server metadata: `sdk` tries RFC 8414 with the issuer's path inserted, OpenID discovery
   * with it inserted, then appended (for an issuer without a path: RFC 8414, then OpenID).
   */
  asMetadata: 'sdk';
  /**
   * After a PRM URL that fails: `sdk` tries the next one only after a 4xx (or 502), `any` after any failure.
   */
  prmFallback: 'sdk' | 'any';
  /**
   * The PRM `resource` it accepts: `prefix` (the SDK: same origin, and the endpoint's path starts with it), `exact`
   * (equal to the endpoint URL once both are normalised by the URL parser).
   */
  resourceMatch: 'prefix' | 'exact';
  /** Refuses authorization-server metadata whose `issuer` is not the URL it fetched it for (RFC 8414 §3.3). */
  issuerCheck: boolean;
  /** Registrations it can use, in the order it prefers them. */
  registration: readonly Registration[];
  /** Its Client ID Metadata Document URL (its client_id where the server supports CIMD). */
  clientIdUrl?: string;
  /** The redirect URIs it registers or sends; `{port}` is a loopback port chosen at run time. */
  redirectUris: readonly string[];
  /** The application_type it registers with, where known (OpenID registration: `web` when absent). */
  applicationType?: 'native' | 'web';
  /** What it puts in `scope`: the challenge's, else PRM scopes_supported (the SDK); `omitted-on-reconnect` as well. */
  scope: 'sdk' | 'sdk-omitted-on-reconnect';
  /** Refuses a server whose metadata lacks code_challenge_methods_supported (the 2025-11-25 MUST); else only a list without S256. */
  pkceStrict: boolean;
  facts: readonly OAuthFact[];
}

/** Where a host's own code was not read: its discovery is modelled on the SDK's, and the report says it is. */
const MODELLED_ON_SDK: OAuthFact = {
  fact: "discovery order, issuer check, resource match and PKCE handling modelled on the TypeScript SDK's (its own code was not read here)",
  source: "mcp-handshake: an assumption, until a measurement or the host's source says otherwise",
  basis: 'reported',
  asOf: '2026-12',
};

const SDK_V2_AUTH =
  'measured: node_modules/@modelcontextprotocol/client 2.4.0, dist auth (discoverOAuthProtectedResourceMetadata, buildDiscoveryUrls, selectResourceURL, determineScope, startAuthorization)';

export const OAUTH_HOSTS: readonly OAuthHost[] = [
  {
    id: 'claude-ai',
    name: 'claude.ai',
    reportHost: 'claude',
    prm: 'sdk',
    asMetadata: 'sdk',
    prmFallback: 'sdk',
    resourceMatch: 'prefix',
    issuerCheck: true,
    registration: ['cimd', 'dcr', 'preregistered'],
    clientIdUrl: 'https://claude.ai/oauth/mcp-oauth-client-metadata',
    redirectUris: ['https://claude.ai/api/mcp/auth_callback'],
    scope: 'sdk',
    pkceStrict: false,
    facts: [
      MODELLED_ON_SDK,
      {
        fact: 'the connector callback is https://claude.ai/api/mcp/auth_callback (also https://claude.com/api/mcp/auth_callback); an authorization server without it answers 400 and the connector fails',
        source: 'https://github.com/anthropics/claude-ai-mcp/issues/431',
        basis: 'observed',
        asOf: '2026-06-11',
      },
      {
        fact: 'accepts a server that advertises client_id_metadata_document_supported and no registration endpoint (CIMD), using its client-id URL',
        source: 'https://github.com/anthropics/claude-ai-mcp/issues/269',
        basis: 'observed',
        asOf: '2026-05-11',
      },
      {
        fact: 'fetches /.well-known/oauth-protected-resource/<path> after the 401, then the authorization server metadata, then registers (DCR) and sends the user to /authorize with redirect_uri https://claude.ai/api/mcp/auth_callback',
        source: 'https://github.com/anthropics/claude-ai-mcp/issues/124',
        basis: 'observed',
        asOf: '2026-03-28',
      },
      {
        fact: 'the CIMD client id is https://claude.ai/oauth/mcp-oauth-client-metadata',
        source: 'GiftGen issue 23 (the issue names it); not fetched here (no network beyond registries)',
        basis: 'reported',
        asOf: '2026-12',
      },
    ],
  },
  {
    id: 'claude-code',
    name: 'Claude Code',
    reportHost: 'claude',
    prm: 'sdk',
    asMetadata: 'sdk',
    prmFallback: 'sdk',
    resourceMatch: 'prefix',
    issuerCheck: true,
    registration: ['cimd', 'dcr', 'preregistered'],
    clientIdUrl: 'https://claude.ai/oauth/claude-code-client-metadata',
    redirectUris: ['http://localhost:{port}/callback'],
    scope: 'sdk',
    pkceStrict: false,
    facts: [
      {
        fact: 'uses a Client ID Metadata Document (https://claude.ai/oauth/claude-code-client-metadata) where the server supports it, else Dynamic Client Registration; redirect http://localhost:<port>/callback',
        source: 'https://github.com/anthropics/claude-code/issues/37747',
        basis: 'observed',
        asOf: '2.1.80',
      },
      {
        fact: 'CIMD support added for servers without Dynamic Client Registration',
        source: 'https://github.com/anthropics/claude-code/issues/36861',
        basis: 'vendor',
        asOf: '2.1.81',
      },
      {
        fact: '`claude mcp list` on a protected server: POST → 401, the PRM at the challenge\'s resource_metadata URL, the RFC 8414 metadata of the issuer (no OpenID discovery when that answers), no registration when the server supports CIMD; lists it as "Needs authentication"',
        source:
          'measured: packages/mcp-handshake/test/claude-code.test.ts (through the tap, gift-genius behind oidc-provider)',
        basis: 'measured',
        asOf: '2.1.332',
      },
      {
        fact: 'fails with "Incompatible auth server: does not support dynamic client registration" when the metadata advertises neither a registration endpoint nor CIMD',
        source: 'https://github.com/render-oss/render-mcp-server/issues/25',
        basis: 'observed',
        asOf: '2.1.220',
      },
    ],
  },
  {
    id: 'chatgpt',
    name: 'ChatGPT',
    reportHost: 'chatgpt',
    prm: 'sdk',
    asMetadata: 'sdk',
    prmFallback: 'sdk',
    resourceMatch: 'prefix',
    issuerCheck: true,
    registration: ['dcr', 'preregistered'],
    redirectUris: ['https://chatgpt.com/connector_platform_oauth_redirect'],
    scope: 'sdk-omitted-on-reconnect',
    pkceStrict: false,
    facts: [
      MODELLED_ON_SDK,
      {
        fact: 'registers dynamically (POST /register) and sends redirect_uri https://chatgpt.com/connector_platform_oauth_redirect, at times with an empty scope',
        source: 'https://github.com/PrefectHQ/fastmcp/issues/1794',
        basis: 'observed',
        asOf: '2025-09-09',
      },
      {
        fact: 'newer connectors use a per-connector callback https://chatgpt.com/connector/oauth/<id> beside the legacy https://chatgpt.com/connector_platform_oauth_redirect',
        source: 'https://github.com/makeplane/plane-mcp-server/pull/165',
        basis: 'observed',
        asOf: '2026-06-29',
      },
      {
        fact: 'a reconnect can send the authorization request without scope',
        source:
          'GiftGen issue 23 (reports of ChatGPT reconnects without scope); https://github.com/PrefectHQ/fastmcp/issues/1794 shows scope= empty',
        basis: 'reported',
        asOf: '2026-12',
      },
    ],
  },
  {
    id: 'vscode',
    name: 'VS Code',
    reportHost: 'vscode',
    prm: 'sdk',
    asMetadata: 'sdk',
    prmFallback: 'any',
    resourceMatch: 'exact',
    issuerCheck: false,
    registration: ['dcr', 'preregistered'],
    redirectUris: [
      'https://insiders.vscode.dev/redirect',
      'https://vscode.dev/redirect',
      'http://127.0.0.1/',
      'http://127.0.0.1:33418/',
    ],
    applicationType: 'native',
    scope: 'sdk',
    pkceStrict: false,
    facts: [
      {
        fact: 'PRM: the challenge URL, else the path-based then the root URL, the next one after any failure; the PRM resource must equal the endpoint URL once both are normalised by the URL parser (no origin or parent path); AS metadata: RFC 8414 inserted, OpenID inserted, OpenID appended, without comparing issuer to the URL; DCR with application_type native, token_endpoint_auth_method none and these redirect URIs',
        source:
          'https://github.com/microsoft/vscode/blob/05f882b02c51633f2e1e8252722f8c3b626d74a9/src/vs/base/common/oauth.ts (fetchResourceMetadata, fetchAuthorizationServerMetadata, fetchDynamicRegistration)',
        basis: 'vendor',
        asOf: '2026-12-04 (main at 05f882b)',
      },
      {
        fact: 'registers these redirect URIs with Dynamic Client Registration and uses http://127.0.0.1:33418/ (another port when it is taken)',
        source: 'https://github.com/microsoft/vscode/issues/278512',
        basis: 'observed',
        asOf: '2025-11-20',
      },
      {
        fact: 'tries Dynamic Client Registration first, then asks the user for a client id (and secret)',
        source: 'https://github.com/microsoft/vscode-docs/pull/8689',
        basis: 'vendor',
        asOf: '2025-08-01',
      },
    ],
  },
  {
    id: 'cursor',
    name: 'Cursor',
    prm: 'sdk',
    asMetadata: 'sdk',
    prmFallback: 'sdk',
    resourceMatch: 'prefix',
    issuerCheck: true,
    registration: ['dcr'],
    redirectUris: [
      'cursor://anysphere.cursor-mcp/oauth/callback',
      'https://www.cursor.com/agents/mcp/oauth/callback',
      'http://localhost:8787/callback',
    ],
    scope: 'sdk',
    pkceStrict: false,
    facts: [
      MODELLED_ON_SDK,
      {
        fact: 'registers dynamically with these three redirect URIs in one request; a registration endpoint rejecting any of them fails the whole connection',
        source: 'https://github.com/erp-mafia/accounted/pull/2225',
        basis: 'observed',
        asOf: '2026-09-03',
      },
      {
        fact: 'uses Dynamic Client Registration, not CIMD: a CIMD-only server cannot be used',
        source: 'https://github.com/Altinity/altinity-mcp/issues/169',
        basis: 'observed',
        asOf: '2026-09-09',
      },
    ],
  },
  {
    id: 'inspector',
    name: 'MCP Inspector',
    prm: 'sdk',
    asMetadata: 'sdk',
    prmFallback: 'sdk',
    resourceMatch: 'prefix',
    issuerCheck: true,
    registration: ['dcr', 'preregistered'],
    redirectUris: ['http://localhost:{port}/oauth/callback'],
    scope: 'sdk',
    pkceStrict: false,
    facts: [
      {
        fact: "runs the TypeScript SDK v2 client's auth; callback path /oauth/callback; a CIMD URL only when configured",
        source: `measured: node_modules/@modelcontextprotocol/inspector 2.12.0 (DEFAULT_CALLBACK_PATH, clientMetadataUrl from its config); ${SDK_V2_AUTH}`,
        basis: 'measured',
        asOf: '2.12.0',
      },
    ],
  },
  {
    id: 'mcp-remote',
    name: 'mcp-remote',
    prm: 'sdk',
    asMetadata: 'sdk',
    prmFallback: 'sdk',
    resourceMatch: 'prefix',
    issuerCheck: true,
    registration: ['dcr', 'preregistered'],
    redirectUris: ['http://localhost:{port}/oauth/callback'],
    scope: 'sdk',
    pkceStrict: false,
    facts: [
      {
        fact: "runs the TypeScript SDK v2 client's auth (its dependency @modelcontextprotocol/client ^2.0.0); loopback callback /oauth/callback; CIMD only with --client-metadata-url",
        source: `measured: node_modules/mcp-remote 0.15.1 (DEFAULT_CALLBACK_PATH, --client-metadata-url); ${SDK_V2_AUTH}`,
        basis: 'measured',
        asOf: '0.15.1',
      },
    ],
  },
];

/** The TypeScript SDK's discovery, which several hosts above run as it is. */
export const SDK_DISCOVERY_FACT: OAuthFact = {
  fact: 'PRM: the challenge resource_metadata URL, else /.well-known/oauth-protected-resource/<path>, then the root after a 4xx (not after a 5xx but 502); AS: oauth-authorization-server with the path inserted, openid-configuration inserted, then appended; metadata whose issuer differs from the URL is refused; the PRM resource must share the origin and prefix the endpoint path; scope = the challenge scope, else PRM scopes_supported; PKCE S256, refused only when code_challenge_methods_supported lists other methods',
  source: SDK_V2_AUTH,
  basis: 'measured',
  asOf: '2.4.0',
};

export const oauthHost = (id: OAuthHostId): OAuthHost => OAUTH_HOSTS.find((h) => h.id === id)!;
