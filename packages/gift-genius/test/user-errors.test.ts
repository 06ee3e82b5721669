import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, tempDir } from './harness.js';

/**
 * The README's table of the mistakes a user can make ("When something is wrong") row by row: each
 * row's id has a case here that makes the mistake for real, and what gift-genius prints must be the
 * row's message, `<…>` standing for the parts that vary. stdio gets an `initialize` on stdin, and
 * must answer nothing: the check comes before anything is read (stdio/command.ts). Rows and cases must match
 * one to one, so a new error needs a README row and a case.
 */
const README = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
});

interface Row {
  id: string;
  message: string;
}

/** The table under "### When something is wrong": | `id` | what was done | `message` |. */
function readmeRows(): Row[] {
  const section = README.split(/^### When something is wrong$/m)[1]?.split(/^#{2,3} /m)[0] ?? '';
  return [...section.matchAll(/^\| `([a-z0-9-]+)` \|.*\| `(.+)` \|$/gm)].map((m) => ({ id: m[1]!, message: m[2]! }));
}

const asPattern = (message: string) =>
  new RegExp(
    `^${message
      .split(/<[^>]+>/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+?')}$`,
  );

const work = tempDir('gg-user-errors-');
const at = (...parts: string[]) => join(work.path, ...parts);
let busy: Server;
let busyPort = 0;
const isRoot = process.getuid?.() === 0;

interface Case {
  args: () => string[];
  env?: Record<string, string>;
  /** Run as another user (read-only folder as root, who may write anywhere). */
  uid?: number;
}

const CASES: Record<string, Case> = {
  'port-in-use': { args: () => ['serve', '--port', String(busyPort), '--data', at('ok')] },
  'data-is-a-file': { args: () => ['stdio', '--data', at('a-file')] },
  'data-read-only': { args: () => ['stdio', '--data', at('read-only')], ...(isRoot && { uid: 65534 }) },
  'data-cannot-be-created': { args: () => ['stdio', '--data', '/proc/giftgen-data'] },
  'catalog-is-a-link': { args: () => ['stdio', '--data', at('linked')] },
  'catalog-not-sqlite': { args: () => ['stdio', '--data', at('not-sqlite')] },
  'tools-config-invalid': { args: () => ['stdio', '--data', at('ok'), '--tools-config', at('tools-invalid.json')] },
  'tools-config-not-json': { args: () => ['stdio', '--data', at('ok'), '--tools-config', at('tools-not-json.json')] },
  'tools-config-missing': { args: () => ['stdio', '--data', at('ok'), '--tools-config', at('nowhere.json')] },
  'database-url-not-a-url': { args: () => ['stdio'], env: { DATABASE_URL: 'not-a-url' } },
  'database-url-not-postgres': { args: () => ['stdio', '--database-url', 'mysql://user:secret@db.example:3306/gifts'] },
  'database-refused': {
    args: () => ['catalog', 'stats', '--database-url', 'postgres://gifts:secret@127.0.0.1:1/gifts'],
  },
  'database-host-unknown': {
    args: () => ['catalog', 'stats'],
    env: { DATABASE_URL: 'postgres://u:secret@no-such-host.invalid/gifts' },
  },
  'option-unknown': { args: () => ['stdio', '--dta', at('ok')] },
  'option-out-of-range': { args: () => ['stdio', '--page-size', '0'] },
  'import-file-missing': { args: () => ['catalog', 'import', at('nowhere.csv'), '--data', at('ok')] },
  'import-not-a-file': { args: () => ['catalog', 'import', '/dev/zero', '--data', at('ok')] },
  'import-file-too-large': {
    args: () => ['catalog', 'import', at('big.json'), '--max-file-size', '1', '--data', at('ok')],
  },
  'import-file-invalid': { args: () => ['catalog', 'import', at('empty.json'), '--data', at('ok')] },
};

beforeAll(async () => {
  writeFileSync(at('a-file'), 'not a folder');
  mkdirSync(at('read-only'));
  chmodSync(at('read-only'), 0o555);
  mkdirSync(at('not-sqlite'));
  writeFileSync(at('not-sqlite', 'giftgen.sqlite'), 'hello, I am a text file\n');
  writeFileSync(at('tools-invalid.json'), JSON.stringify({ tools: { get_gift: { title: 5 }, suggest_gift: {} } }));
  writeFileSync(at('tools-not-json.json'), '{ tools: }');
  writeFileSync(at('empty.json'), '');
  writeFileSync(at('big.json'), `[${' '.repeat(2 * 1024 * 1024)}]`);
  mkdirSync(at('linked'));
  symlinkSync(at('nowhere.sqlite'), at('linked', 'giftgen.sqlite'));
  chmodSync(work.path, 0o755); // the read-only case runs as nobody when the tests run as root
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  busyPort = (busy.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => busy.close(resolve));
  chmodSync(at('read-only'), 0o755);
  work.remove();
});

async function runCase(c: Case) {
  const env = {
    ...process.env,
    GIFTGEN_DATA_DIR: '',
    DATABASE_URL: '',
    GIFTGEN_TOOLS_CONFIG: '',
    HOME: work.path,
    ...c.env,
  };
  const child = spawn(process.execPath, [CLI, ...c.args()], {
    env,
    cwd: work.path,
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(c.uid !== undefined && { uid: c.uid, gid: c.uid }),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.on('error', () => undefined); // it may exit before reading
  child.stdin.end(`${INITIALIZE}\n`);
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, stdout, stderr };
}

describe('the README table of user errors', () => {
  it('has one row per case here, and no case without a row', () => {
    expect(
      readmeRows()
        .map((r) => r.id)
        .sort(),
    ).toEqual(Object.keys(CASES).sort());
  });

  for (const row of readmeRows()) {
    // The command line itself is a usage error (64, as mcp-handshake); everything else is 1.
    const status = row.id.startsWith('option-') ? 64 : 1;
    it(`${row.id}: one line on stderr, the row's words, nothing on stdout, exit ${status}`, async () => {
      const c = CASES[row.id];
      expect(c, `no test case for README row ${row.id}`).toBeDefined();
      const { code, stdout, stderr } = await runCase(c!);
      expect(stdout).toBe('');
      expect(code).toBe(status);
      const lines = stderr.trimEnd().split('\n');
      // catalog import lists the file's problems, then the verdict; everything else says one line.
      const said = row.id === 'import-file-invalid' ? lines.at(-1)! : (expect(lines).toHaveLength(1), lines[0]!);
      expect(said).toMatch(asPattern(row.message));
    });
  }
});
