import { readFileSync } from 'node:fs';
import { legacyInitialize, modernDiscover, type RequestId } from './early-check.js';

/** A JSON-RPC response as the SDK wrote it (member order included), captured at build time. */
export type CapturedAnswer = { id: RequestId } & Record<string, unknown>;

/**
 * dist/early-answers.json: what the real server answers to each opening that stdio may answer
 * early, written at build time by scripts/build-stdio.mjs through transports/early-capture.ts.
 */
export interface EarlyAnswers {
  /** `initialize`, per legacy version the SDK echoes. */
  initialize: Record<string, CapturedAnswer>;
  /** `initialize` asking for any other version: the SDK's counter-offer of its latest. */
  counterOffer: CapturedAnswer;
  /** `server/discover`, per 2026-era version. */
  discover: Record<string, CapturedAnswer>;
}

/** An answer written before the SDK was loaded; the SDK's own answer to the same request must equal `line`. */
export interface EarlyAnswer {
  id: RequestId;
  method: 'initialize' | 'server/discover';
  line: string;
  /** Its handshake line is already logged (early-stdin.ts): the server's tap skips the replayed request. */
  logged?: boolean;
}

const isRecordOfAnswers = (v: unknown): v is Record<string, CapturedAnswer> =>
  typeof v === 'object' && v !== null && Object.values(v).every(isAnswer);
const isAnswer = (v: unknown): v is CapturedAnswer => typeof v === 'object' && v !== null && 'id' in v && 'result' in v;

/** The captured answers, or undefined when the file is missing or not what the build writes (then nothing is answered early). */
export function readEarlyAnswers(path: string): EarlyAnswers | undefined {
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as Partial<EarlyAnswers>;
    return isRecordOfAnswers(v.initialize) && isAnswer(v.counterOffer) && isRecordOfAnswers(v.discover)
      ? (v as EarlyAnswers)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The early answer to an opening line, when early-check.ts is sure of it and an answer was captured for its version. */
export function earlyAnswerFor(line: string, answers: EarlyAnswers): EarlyAnswer | undefined {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return undefined;
  }
  const init = legacyInitialize(message);
  if (init) return reply(init.id, 'initialize', own(answers.initialize, init.protocolVersion) ?? answers.counterOffer);
  const discover = modernDiscover(message);
  const captured = discover && own(answers.discover, discover.protocolVersion);
  return discover && captured ? reply(discover.id, 'server/discover', captured) : undefined;
}

const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/** The captured answer with this request's id in the id's place: the SDK's serialization (JSON + newline), byte for byte. */
const reply = (id: RequestId, method: EarlyAnswer['method'], captured: CapturedAnswer): EarlyAnswer => ({
  id,
  method,
  line: `${JSON.stringify({ ...captured, id })}\n`,
});
