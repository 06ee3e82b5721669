import { PassThrough } from 'node:stream';
import type { GiftGenApp } from '../app.js';
import { type CommonOptions, newProgram, startApp, withCommon } from '../cli-common.js';
import { serveGiftStdio } from './serve.js';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'gift-genius-build', version: '0' } },
};
/** What hosts open with: a legacy session (initialize, initialized, tools/list) and a modern one. */
const SESSIONS = [
  [
    initialize,
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
  ],
  [
    { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } },
    { jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: META } },
  ],
];

/**
 * Runs what a start runs, so those functions are compiled when the build writes the V8 code cache
 * (scripts/build-stdio.mjs): commander reading a `stdio --data <dataDir>` command line, the app
 * started on that folder's SQLite catalog (which the build made and seeded, so seeding is not in the
 * cache), then the openings hosts send, through the real stdio path (serveGiftStdio over in-memory
 * pipes). Throws if an answer is missing or an error. Without the command line and the file catalog
 * (an in-memory one, before), a Node 20 start spent 3–12 ms between loading the bundle and the
 * command's action, compiling commander, against ~1 ms on Node 24, whose cache is written after a
 * real start (stdio/loader.ts).
 */
export async function warmUp(dataDir: string): Promise<void> {
  let options: CommonOptions | undefined;
  const program = newProgram();
  withCommon(program.command('stdio')).action((parsed: CommonOptions) => {
    options = parsed;
  });
  await program.parseAsync(['node', 'gift-genius', 'stdio', '--data', dataDir]);
  const { app } = await startApp(options!);
  try {
    for (const session of SESSIONS) await serve(app, session);
  } finally {
    await app.close();
  }
}

async function serve(app: GiftGenApp, session: object[]): Promise<void> {
  const input = new PassThrough();
  const output = new PassThrough();
  const handle = serveGiftStdio(app, undefined, { input, output });
  const answered = new Promise<void>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`warm-up: no tools/list answer in ${text}`)), 10_000);
    output.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const lines = text.split('\n').slice(0, -1); // complete lines only
      if (!lines.some((l) => (JSON.parse(l) as { id?: unknown }).id === 2)) return;
      clearTimeout(timer);
      const errors = lines.filter((l) => l.includes('"error"'));
      if (errors.length) reject(new Error(`warm-up: ${errors.join(' ')}`));
      else resolve();
    });
  });
  input.write(session.map((m) => `${JSON.stringify(m)}\n`).join(''));
  try {
    await answered;
  } finally {
    await handle.close();
    input.end();
  }
}
