import type { Traffic } from './request-target.js';
import type { TapRecorder } from './tap-recorder.js';

type Msg = Record<string, unknown>;

const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_INFO_META = 'io.modelcontextprotocol/clientInfo';

/** The client's side of one TCP connection to the tap (any object that stays the same for it: the socket). */
export type ClientSocket = object;

/**
 * Which recorded connection a request through the HTTP tap belongs to. A Streamable HTTP session
 * is named by its `Mcp-Session-Id`, a 2024-11-05 SSE session by the `sessionId` its endpoint event
 * named. A request that carries neither belongs to its client's TCP connection: each initialize
 * opens a new recorded connection there, other sessionless requests join the one that connection
 * is on (a modern client's requests, a stateless legacy session). Nothing is shared between two
 * clients' sockets, so a session whose initialize failed cannot adopt another client's requests.
 * OAuth metadata fetches and other non-MCP requests are kept apart, one recorded connection per
 * socket and kind, labelled as what they are.
 */
export class HttpConnections {
  private readonly bySession = new Map<string, string>();
  private readonly byClient = new Map<string, string>();
  private readonly bySocket = new WeakMap<ClientSocket, Map<string, string>>();
  private count = 0;

  constructor(private readonly tap: TapRecorder) {}

  private open(
    prefix: string,
    era: 'legacy' | 'modern',
    extra: { version?: string; traffic?: Traffic; fellBackFrom?: string } = {},
  ): string {
    const id = `${prefix}-${++this.count}`;
    this.tap.connection({
      id,
      // A host's OAuth requests are of purpose oauth, as the OAuth steps the tap records (oauth-tap.ts).
      purpose: extra.traffic === 'oauth' ? 'oauth' : 'tap',
      era,
      ...(extra.version && { version: extra.version }),
      ...(extra.fellBackFrom && { fellBackFrom: extra.fellBackFrom }),
      ...(extra.traffic === 'other' && { traffic: 'other' as const }),
    });
    return id;
  }

  private lanes(socket: ClientSocket): Map<string, string> {
    let lanes = this.bySocket.get(socket);
    if (!lanes) this.bySocket.set(socket, (lanes = new Map()));
    return lanes;
  }

  forRequest(
    socket: ClientSocket,
    traffic: Traffic,
    sessionId: string | undefined,
    sseSession: string | undefined,
    first: Msg | undefined,
  ): string {
    const known =
      (sessionId !== undefined && this.bySession.get(`h:${sessionId}`)) ||
      (sseSession !== undefined && this.bySession.get(`s:${sseSession}`));
    if (known) return known;
    const lanes = this.lanes(socket);
    if (traffic !== 'mcp') {
      let id = lanes.get(traffic);
      if (!id) lanes.set(traffic, (id = this.open(traffic, 'legacy', { traffic })));
      return id;
    }
    if (sessionId !== undefined) {
      // A session that began before the tap did.
      const id = this.open('session', 'legacy');
      this.bySession.set(`h:${sessionId}`, id);
      return id;
    }
    if (first?.method === 'initialize') {
      const version = ((first.params ?? {}) as Msg).protocolVersion;
      const probed = lanes.get('modern-version');
      const id = this.open('session', 'legacy', {
        ...(typeof version === 'string' && { version }),
        ...(probed && { fellBackFrom: probed }),
      });
      lanes.set('mcp', id);
      return id;
    }
    const meta = (((first?.params ?? {}) as Msg)._meta ?? {}) as Msg;
    const version = meta[PROTOCOL_VERSION_META];
    if (typeof version === 'string') {
      // The modern wire has no session: a client is who it says it is in every request's _meta. Its
      // requests are one recorded connection, over however many sockets it spreads them.
      lanes.set('modern-version', version);
      const info = meta[CLIENT_INFO_META] as Msg | undefined;
      const who = info && typeof info === 'object' ? `${String(info.name)}\u0000${String(info.version)}` : undefined;
      const key = who === undefined ? undefined : `m:${version}\u0000${who}`;
      let id = (key && this.byClient.get(key)) || lanes.get('modern');
      if (!id) {
        id = this.open('http', 'modern', { version });
        if (key) this.byClient.set(key, id);
      }
      lanes.set('modern', id);
      return id;
    }
    let id = lanes.get('mcp');
    if (!id) lanes.set('mcp', (id = this.open('http', 'legacy')));
    return id;
  }

  /** A sessionless GET answered with an event stream: a 2024-11-05 HTTP+SSE session (its endpoint event will say). */
  sseStream(): string {
    return this.open('sse', 'legacy');
  }

  /** A session id the server gave: later requests carrying it are this connection's, sessionless ones are not. */
  session(socket: ClientSocket, conn: string, sessionId: string): void {
    this.bySession.set(`h:${sessionId}`, conn);
    const lanes = this.lanes(socket);
    if (lanes.get('mcp') === conn) lanes.delete('mcp');
  }

  /** The endpoint event of a 2024-11-05 HTTP+SSE stream: its POSTs carry this sessionId. */
  sseSession(conn: string, sessionId: string): void {
    this.bySession.set(`s:${sessionId}`, conn);
    this.tap.relabel(conn, { era: 'legacy', version: '2024-11-05' });
  }
}
