/**
 * One recorded connection seen passively: who the client said it was, what each side
 * declared, and every JSON-RPC message in order with its direction. Pure.
 */
import type { Transcript, WireEvent } from '../types.js';

export type Msg = Record<string, unknown>;

const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
const META_CLIENT_CAPS = 'io.modelcontextprotocol/clientCapabilities';
const META_VERSION = 'io.modelcontextprotocol/protocolVersion';

export interface WireMessage {
  seq: number;
  at: number;
  /** `client` sent it (out), or `server` did (in). */
  from: 'client' | 'server';
  message: Msg;
  event: WireEvent;
}

export interface SessionView {
  conn: string;
  transport: Transcript['transport'];
  era: 'legacy' | 'modern';
  /** Negotiated (legacy) or named in the envelope (modern). */
  version?: string;
  clientInfo?: Msg;
  clientCapabilities: Msg;
  serverCapabilities?: Msg;
  messages: WireMessage[];
  /** seq of the initialize request, its answer, and notifications/initialized. */
  initializeSeq?: number;
  initializeAnswerSeq?: number;
  initializedSeq?: number;
}

const obj = (v: unknown): Msg => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Msg) : {});
export const isRequest = (m: Msg) => typeof m.method === 'string' && 'id' in m;
export const isNotification = (m: Msg) => typeof m.method === 'string' && !('id' in m);
export const isResponse = (m: Msg) => !('method' in m) && ('result' in m || 'error' in m);

export function sessionViews(t: Transcript): SessionView[] {
  const views: SessionView[] = [];
  for (const c of t.connections) {
    const messages: WireMessage[] = t.events
      .filter(
        (e) =>
          e.conn === c.id &&
          e.kind === 'message' &&
          (e.dir === 'out' || e.dir === 'in') &&
          e.message &&
          typeof e.message === 'object' &&
          !Array.isArray(e.message),
      )
      .map((e) => ({
        seq: e.seq,
        at: e.at,
        from: e.dir === 'out' ? 'client' : 'server',
        message: e.message as Msg,
        event: e,
      }));
    if (messages.length === 0) continue;
    const view: SessionView = { conn: c.id, transport: t.transport, era: 'modern', clientCapabilities: {}, messages };
    const init = messages.find((m) => m.from === 'client' && m.message.method === 'initialize' && isRequest(m.message));
    if (init) {
      view.era = 'legacy';
      view.initializeSeq = init.seq;
      const params = obj(init.message.params);
      view.clientInfo = obj(params.clientInfo);
      view.clientCapabilities = obj(params.capabilities);
      const answer = messages.find(
        (m) =>
          m.from === 'server' &&
          isResponse(m.message) &&
          JSON.stringify(m.message.id) === JSON.stringify(init.message.id),
      );
      if (answer) {
        view.initializeAnswerSeq = answer.seq;
        const result = obj(answer.message.result);
        if (typeof result.protocolVersion === 'string') view.version = result.protocolVersion;
        if ('capabilities' in result) view.serverCapabilities = obj(result.capabilities);
      }
      view.initializedSeq = messages.find(
        (m) => m.from === 'client' && m.message.method === 'notifications/initialized',
      )?.seq;
    } else {
      const first = messages.find((m) => m.from === 'client' && isRequest(m.message));
      const meta = obj(obj(first?.message.params)._meta);
      if (typeof meta[META_VERSION] === 'string') view.version = meta[META_VERSION] as string;
      if (META_CLIENT_INFO in meta) view.clientInfo = obj(meta[META_CLIENT_INFO]);
      view.clientCapabilities = obj(meta[META_CLIENT_CAPS]);
      const discover = messages.find((m) => m.from === 'client' && m.message.method === 'server/discover');
      const answer =
        discover &&
        messages.find(
          (m) =>
            m.from === 'server' &&
            isResponse(m.message) &&
            JSON.stringify(m.message.id) === JSON.stringify(discover.message.id),
        );
      if (answer && 'result' in answer.message) view.serverCapabilities = obj(obj(answer.message.result).capabilities);
    }
    views.push(view);
  }
  return views;
}

/** The client's name, for reports: `ChatGPT (openai-mcp 1.0.0)`. */
export const clientName = (v: SessionView): string | undefined =>
  typeof v.clientInfo?.name === 'string' ? (v.clientInfo.name as string) : undefined;

export function brief(m: WireMessage): string {
  const text = JSON.stringify(m.message);
  const to = m.from === 'client' ? 'server' : 'client';
  return `#${m.seq} ${m.from} → ${to}: ${text.length > 140 ? `${text.slice(0, 139)}…` : text}`;
}
