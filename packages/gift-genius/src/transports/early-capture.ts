import { PassThrough } from 'node:stream';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { GiftGenApp } from '../app.js';
import { SqliteCatalogStore } from '../catalog/sqlite-store.js';
import { createLogger } from '../observe/logger.js';
import type { CapturedAnswer, EarlyAnswers } from './early-answers.js';
import { serveGiftStdio } from './stdio.js';

const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
/** Asked for to learn the counter-offer (legacy) and the supported list (modern, from the -32022 error). */
const UNSUPPORTED_LEGACY = '2000-01-01';
const UNSUPPORTED_MODERN = '2999-01-01';
const CLIENT_INFO = { name: 'gift-genius-build', version: '0' };

const initialize = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: CLIENT_INFO },
});
const discover = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 0,
  method: 'server/discover',
  params: { _meta: { [PROTOCOL_VERSION_KEY]: protocolVersion, [CLIENT_CAPABILITIES_KEY]: {} } },
});

/**
 * What early-stdin.ts may answer, asked of the real server: each opening goes through
 * serveGiftStdio (StdioLineGuard, HandshakeTap, serveStdio, createGiftServer with the stdio
 * lanes) on a fresh connection, and its first line out is kept as the SDK wrote it. Run at build
 * time by scripts/build-stdio.mjs, inside the stdio bundle (which also warms its code cache).
 */
export async function captureEarlyAnswers(): Promise<EarlyAnswers> {
  const app = new GiftGenApp({ store: new SqliteCatalogStore(':memory:'), log: createLogger('silent') });
  await app.start();
  try {
    const answers: EarlyAnswers = {
      initialize: {},
      counterOffer: await firstAnswer(app, initialize(UNSUPPORTED_LEGACY)),
      discover: {},
    };
    if (resultOf(answers.counterOffer).protocolVersion === UNSUPPORTED_LEGACY)
      throw new Error(`the server accepted protocol version ${UNSUPPORTED_LEGACY}`);
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
      const answer = await firstAnswer(app, initialize(version));
      // Only an echo is stored per version; any other answer is the counter-offer's business.
      if (resultOf(answer).protocolVersion === version) answers.initialize[version] = answer;
    }
    const refusal = (await firstAnswer(app, discover(UNSUPPORTED_MODERN))) as {
      error?: { data?: { supported?: unknown } };
    };
    const modern = refusal.error?.data?.supported;
    if (!Array.isArray(modern) || modern.length === 0)
      throw new Error(`no supported modern versions in ${JSON.stringify(refusal)}`);
    for (const version of modern as string[]) answers.discover[version] = await firstAnswer(app, discover(version));
    return answers;
  } finally {
    await app.close();
  }
}

function resultOf(answer: CapturedAnswer): Record<string, unknown> {
  if (typeof answer.result !== 'object' || answer.result === null)
    throw new Error(`not a result: ${JSON.stringify(answer)}`);
  return answer.result as Record<string, unknown>;
}

/** One connection over in-memory pipes: the first line the server writes after `line`, as written (no newline). */
export async function firstLineOut(app: GiftGenApp, line: string): Promise<string> {
  const input = new PassThrough();
  const output = new PassThrough();
  const handle = serveGiftStdio(app, undefined, { input, output });
  const answer = new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`no answer to ${line}`)), 10_000);
    output.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const newline = text.indexOf('\n');
      if (newline >= 0) {
        clearTimeout(timer);
        resolve(text.slice(0, newline));
      }
    });
  });
  input.write(`${line}\n`);
  try {
    return await answer;
  } finally {
    await handle.close();
    input.end();
  }
}

const firstAnswer = async (app: GiftGenApp, opening: object) =>
  JSON.parse(await firstLineOut(app, JSON.stringify(opening))) as CapturedAnswer;
