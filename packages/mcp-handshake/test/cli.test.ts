import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Redactor } from '../src/redact.js';
import { SseParser } from '../src/wire/sse.js';
import { CLI, fixture, PKG } from './helpers.js';

const Ajv2020 = createRequire(import.meta.url)('ajv/dist/2020').default as typeof import('ajv').default;

const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000 });
const tmp = mkdtempSync(join(tmpdir(), 'mcp-handshake-cli-'));

describe('the CLI (built dist/cli.js, real child processes)', () => {
  it('exit 64 on usage errors', () => {
    expect(run(['doctor']).status).toBe(64);
    expect(run(['doctor', '--era', 'sideways', '--', 'node', 'x']).status).toBe(64);
    expect(run(['frobnicate']).status).toBe(64);
  });

  it('exit 2 when nothing answers', () => {
    expect(run(['doctor', '--timeout', '500', '--', '/nonexistent/server-binary']).status).toBe(2);
    expect(run(['inspect', '--timeout', '500', 'http://127.0.0.1:9/mcp']).status).toBe(2);
  });

  it('doctor --json / --junit / --sarif / --dump-wire; exit 1 on a failure; --baseline accepts it', () => {
    const junit = join(tmp, 'r.xml');
    const sarif = join(tmp, 'r.sarif');
    const wire = join(tmp, 'wire.json');
    const args = [
      'doctor',
      '--json',
      '--timeout',
      '2500',
      '--junit',
      junit,
      '--sarif',
      sarif,
      '--dump-wire',
      wire,
      '-e',
      'API_TOKEN=supersecret-value-123',
      '--',
      process.execPath,
      fixture('broken-server-info.mjs'),
    ];
    const r = run(args);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.format).toBe('mcp-handshake/doctor@2');
    const schema = JSON.parse(readFileSync(join(PKG, 'schema', 'doctor-report@2.schema.json'), 'utf8'));
    const validate = new Ajv2020({ strict: false, validateFormats: false, logger: false }).compile(schema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(Object.keys(report)).toEqual(expect.arrayContaining(['target', 'eras', 'checks', 'summary', 'exitCode']));
    expect(report.checks.find((c: { id: string }) => c.id === 'server-info').status).toBe('fail');
    expect(readFileSync(junit, 'utf8')).toMatch(/<failure message="[^"]*" type="server-info">/);
    const s = JSON.parse(readFileSync(sarif, 'utf8'));
    expect(s.runs[0].results.map((x: { ruleId: string }) => x.ruleId)).toContain('server-info');
    expect(readFileSync(wire, 'utf8')).not.toContain('supersecret-value-123');

    const baseline = join(tmp, 'baseline.json');
    writeFileSync(baseline, JSON.stringify({ accept: ['server-info'] }));
    expect(
      run([
        'doctor',
        '--timeout',
        '2500',
        '--baseline',
        baseline,
        '--',
        process.execPath,
        fixture('broken-server-info.mjs'),
      ]).status,
    ).toBe(0);
  }, 60_000);

  it('inspect prints the handshake as text, Mermaid and JSON', () => {
    const text = run(['inspect', '--', process.execPath, fixture('raw-server.mjs')]);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/era: modern 2026-07-28/);
    expect(text.stdout).toMatch(/tools\.listChanged\s+true\s+the server may tell you when its tool list changes/);
    const legacy = run(['inspect', '--era', 'legacy', '--mermaid', '--', process.execPath, fixture('raw-server.mjs')]);
    expect(legacy.stdout).toMatch(/^sequenceDiagram/);
    expect(legacy.stdout).toMatch(/C->>S_inspect: initialize \(id 1\) 2025-11-25/);
    const json = JSON.parse(run(['inspect', '--json', '--', process.execPath, fixture('legacy-only.mjs')]).stdout);
    expect(json.era).toBe('legacy');
    expect(json.notes.join(' ')).toMatch(/fell back to initialize with 2025-11-25/);
  }, 60_000);

  it('call rejects arguments that fail the input schema, and calls with good ones', () => {
    const bad = run(['call', 'echo', '--args', '{"text":5}', '--', process.execPath, fixture('raw-server.mjs')]);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/arguments rejected before sending/);
    const good = run(['call', 'echo', '--args', '{"text":"hello"}', '--', process.execPath, fixture('raw-server.mjs')]);
    expect(good.status).toBe(0);
    expect(good.stdout).toContain('hello');
  }, 60_000);

  it('watch prints notifications and the refreshed list diff', () => {
    const r = run([
      'watch',
      '--era',
      'legacy',
      '--duration',
      '2',
      '--',
      process.execPath,
      fixture('changing-server.mjs'),
    ]);
    expect(r.stdout).toMatch(/notifications\/tools\/list_changed/);
    expect(r.stdout).toMatch(/tools refreshed: \+tool_1/);
    expect(r.status).toBe(0);
  }, 60_000);
});

describe('pure pieces', () => {
  it('redacts credentials and key-like strings, keeps structure', () => {
    const r = new Redactor(['hunter2-secret']);
    expect(r.headers({ Authorization: 'Bearer abc', 'X-Api-Key': 'k', Accept: 'x' })).toEqual({
      Authorization: '[redacted]',
      'X-Api-Key': '[redacted]',
      Accept: 'x',
    });
    expect(
      r.value({
        token: 'abc',
        nested: { msg: 'key sk-abcdefghijklmnopqrstuv and hunter2-secret' },
        schema: { api_key: { type: 'string' } },
      }),
    ).toEqual({
      token: '[redacted]',
      nested: { msg: 'key [redacted] and [redacted]' },
      schema: { api_key: { type: 'string' } },
    });
    expect(r.text('https://x/mcp?token=abc123&x=1')).toBe('https://x/mcp?token=[redacted]&x=1');
  });

  it('parses SSE split across chunks', () => {
    const p = new SseParser();
    expect(p.feed('event: message\ndata: {"a"')).toEqual([]);
    expect(p.feed(':1}\r\n\r\ndata: x\n')).toEqual([{ event: 'message', data: '{"a":1}' }]);
    expect(p.feed('\n')).toEqual([{ event: 'message', data: 'x' }]);
  });
});
