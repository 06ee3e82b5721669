/**
 * Issue 21: mcp-handshake pointed at a server an attacker wrote. Every command is run against a server
 * whose every string carries terminal escapes (test/fixtures/hostile-server.mjs), over stdio and HTTP;
 * the bytes mcp-handshake writes must carry no control sequence it did not write itself, while the
 * hostile text is still shown (escaped), so the user sees what the server sent.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, fixture, startHttpServer } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'mcp-handshake-hostile-'));
const HOSTILE_SERVER = fixture('hostile-server.mjs');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string> = {}, stdin?: string): Promise<Run> {
  return new Promise((resolve) => {
    const { NO_COLOR: _n, FORCE_COLOR: _f, ...inherited } = process.env;
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...inherited, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    if (stdin !== undefined) child.stdin.end(stdin);
    else child.stdin.end();
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** What no byte stream of ours may carry raw: controls but tab and newline, C1, bidi, invisible, tags, our marker. */
const DANGEROUS =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ue000]|\udb40[\udc00-\udc7f]/;
/** The colours mcp-handshake itself writes (report/style.ts). */
const OWN_SGR = /\u001b\[(1|2|22|31|32|33|34|39)m/g;

function expectClean(text: string, what: string, colour = false): void {
  const rest = colour ? text.replace(OWN_SGR, '') : text;
  const m = DANGEROUS.exec(rest);
  if (m) {
    const at = m.index;
    throw new Error(
      `${what}: U+${m[0].codePointAt(0)!.toString(16).padStart(4, '0')} at ${at}: ${JSON.stringify(rest.slice(Math.max(0, at - 60), at + 40))}`,
    );
  }
}

/** The hostile text reached the report escaped, not dropped: the user is shown what the server sent. */
const SHOWN_ESCAPED = /\\x1b\]52;c;/;

describe('a hostile server cannot drive the terminal of anyone who runs mcp-handshake against it', () => {
  let http: { url: string; stop: () => Promise<void> };
  beforeAll(async () => {
    http = await startHttpServer(process.execPath, [HOSTILE_SERVER, '--http']);
  }, 30_000);
  afterAll(async () => {
    await http?.stop();
  });

  const stdioTarget = ['--', process.execPath, HOSTILE_SERVER];
  const targets = () => [
    { name: 'stdio', before: [] as string[], after: stdioTarget },
    { name: 'http', before: [http.url], after: [] as string[] },
  ];

  const commands: Array<{ name: string; args: string[]; shows?: boolean }> = [
    { name: 'inspect', args: ['inspect'], shows: true },
    { name: 'inspect -v', args: ['inspect', '-v'], shows: true },
    { name: 'inspect --mermaid', args: ['inspect', '--mermaid'] },
    { name: 'doctor', args: ['doctor', '--concurrency', '2'] },
    { name: 'doctor -v', args: ['doctor', '-v', '--concurrency', '2'], shows: true },
    { name: 'doctor --mermaid', args: ['doctor', '--mermaid', '--concurrency', '2'] },
    { name: 'watch', args: ['watch', '--duration', '1'] },
    { name: 'snapshot', args: ['snapshot'] },
  ];

  for (const target of ['stdio', 'http'] as const) {
    for (const c of commands) {
      it(`${c.name} over ${target}: no control sequence of the server's reaches the terminal`, async () => {
        const t = targets().find((x) => x.name === target)!;
        for (const colour of [false, true]) {
          const r = await run([...c.args, ...t.before, ...t.after], colour ? { FORCE_COLOR: '1' } : {});
          expect(r.code, r.stderr).not.toBe(70);
          expectClean(r.stdout, `${c.name} stdout`, colour);
          expectClean(r.stderr, `${c.name} stderr`, colour);
          if (c.shows) expect(r.stdout).toMatch(SHOWN_ESCAPED);
          if (colour && c.name === 'doctor') expect(r.stdout).toMatch(OWN_SGR);
        }
      }, 120_000);
    }

    it(`call over ${target}: a hostile tool name, its arguments and its answer are shown escaped`, async () => {
      const t = targets().find((x) => x.name === target)!;
      const list = await run(['snapshot', ...t.before, ...t.after]);
      const tool = (JSON.parse(list.stdout) as { tools: Array<{ name: string }> }).tools.find((x) =>
        x.name.startsWith('echo'),
      )!.name;
      for (const args of [
        [...(t.before.length ? [t.before[0], tool] : [tool]), '--args', '{}'],
        [...(t.before.length ? [t.before[0], 'nope'] : ['nope']), '--args', '{}'],
      ]) {
        const r = await run(['call', ...args, ...t.after]);
        expectClean(r.stdout, 'call stdout');
        expectClean(r.stderr, 'call stderr');
        expect(r.stdout).toMatch(SHOWN_ESCAPED);
      }
    }, 60_000);

    it(`files over ${target}: JSON, HTML, JUnit and SARIF carry nothing raw, and are the user's alone (0600)`, async () => {
      const t = targets().find((x) => x.name === target)!;
      const f = (n: string) => join(dir, `${target}-${n}`);
      const r = await run([
        'doctor',
        '--concurrency',
        '2',
        '--json',
        '--dump-wire',
        f('wire.json'),
        '--html',
        f('report.html'),
        '--junit',
        f('junit.xml'),
        '--sarif',
        f('sarif.json'),
        ...t.before,
        ...t.after,
      ]);
      expectClean(r.stdout, 'doctor --json');
      JSON.parse(r.stdout);
      for (const name of ['wire.json', 'report.html', 'junit.xml', 'sarif.json']) {
        expectClean(readFileSync(f(name), 'utf8'), name);
        expect(statSync(f(name)).mode & 0o777).toBe(0o600);
      }
      const html = readFileSync(f('report.html'), 'utf8');
      expect(html).not.toMatch(/<script|\sonerror=/i);
      const snap = await run(['snapshot', '-o', f('snap.json'), ...t.before, ...t.after]);
      expectClean(snap.stderr, 'snapshot -o stderr');
      expectClean(readFileSync(f('snap.json'), 'utf8'), 'snapshot file');
      const diff = await run(['diff', f('snap.json'), '--', process.execPath, fixture('raw-server.mjs')]);
      expectClean(diff.stdout, 'diff');
      expect(diff.stdout).toMatch(SHOWN_ESCAPED);
      for (const json of [['--json'], []]) {
        const check = await run(['check', f('wire.json'), ...json]);
        expectClean(check.stdout, `check ${json.join(' ')}`);
      }
      const replay = await run(['replay', f('wire.json'), '--against', ...t.before, ...t.after]);
      expectClean(replay.stdout, 'replay --against');
      expectClean(replay.stderr, 'replay --against stderr');
    }, 180_000);
  }

  it('tap --live over stdio: the lines the tap writes are clean (the server’s own stderr passes through untouched)', async () => {
    const out = join(dir, 'tap-stdio.json');
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'x\u001b]0;t\u0007', version: '1' },
        },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'nonexistent/method' },
    ]
      .map((m) => JSON.stringify(m))
      .join('\n');
    const r = await run(['tap', '--live', '--out', out, ...stdioTarget], {}, `${lines}\n`);
    const ours = r.stderr.split('\n').filter((l) => l.startsWith('[tap] ') || l.startsWith('mcp-handshake'));
    expect(ours.length).toBeGreaterThan(3);
    for (const l of ours) expectClean(l, 'tap --live line');
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const check = await run(['check', out]);
    expectClean(check.stdout, 'check of a hostile host and server');
    expect(check.stdout).toContain('\\x1b]0;t\\x07');
  }, 60_000);
});
